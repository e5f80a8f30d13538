import { Modal, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { notifyDone } from '../../lib/notices.ts';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiFailure } from '../../queries/failure.ts';
import { forwardNoteMutation, type Note } from '../../queries/order-records.ts';
import { htmlOfText, textOfHtml } from '../../lib/format.ts';
import { AUDIENCE_LABELS, forwardTo, type Audience } from './audiences.ts';

/**
 * Staff pass a note on: to the other side of its writer by default (a lender's note to the
 * appraiser), in its own words or theirs, with its attachments unless left out. The original
 * stays as it was, read by whom it was.
 */
export function ForwardNoteDialog({
  orderId,
  note,
  onClose,
}: {
  orderId: string;
  note: Note;
  onClose: () => void;
}) {
  const [audience, setAudience] = useState<Audience | null>(forwardTo(note.audience));
  const [text, setText] = useState(textOfHtml(note.content));
  const [withAttachments, setWithAttachments] = useState(true);
  const forward = useMutation(forwardNoteMutation(orderId));
  const send = () =>
    forward.mutate(
      {
        noteId: note.id,
        audience,
        content: htmlOfText(text),
        includeAttachments: withAttachments,
      },
      {
        onSuccess: (forwarded) => {
          notifyDone('Note forwarded', `Now read by: ${AUDIENCE_LABELS[forwarded.audience].toLowerCase()}.`);
          onClose();
        },
      },
    );
  const errors = forward.error instanceof ApiFailure ? forward.error.fieldErrors : {};
  return (
    <Modal opened onClose={onClose} title="Forward the note" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            From {note.author_name}
            {note.subject ? `: ${note.subject}` : ''}. Edit the words as the reader should have them.
          </Text>
          <Select
            label="Forward to"
            data={(['appraiser', 'client', 'everyone', 'internal'] as const).map((value) => ({
              value,
              label: AUDIENCE_LABELS[value],
            }))}
            value={audience}
            onChange={(value) => setAudience(value)}
            allowDeselect={false}
            withAsterisk
            error={errors.audience}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label="Message"
            autosize
            minRows={4}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.content}
          />
          {note.attachments.length > 0 && (
            <Switch
              label={`Pass on its ${note.attachments.length === 1 ? 'attachment' : `${note.attachments.length} attachments`}`}
              checked={withAttachments}
              onChange={(event) => setWithAttachments(event.currentTarget.checked)}
            />
          )}
          {Object.keys(errors).length === 0 && <InlineFailure error={forward.error} />}
          <DialogButtons keep="Cancel" confirm="Forward" onKeep={onClose} pending={forward.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
