import { Button, Collapse, Group, Select, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { FilePicker, type PickedFile } from '../../components/FilePicker.tsx';
import { ApiFailure } from '../../queries/failure.ts';
import { bareField, fieldSentences } from '../../lib/field-errors.ts';
import { noteMutation } from '../../queries/order-records.ts';
import { AUDIENCE_LABELS, throughCompanyHint, type Audience } from './audiences.ts';

const FIELD_NAMES: Record<string, string> = {
  content: 'The note',
  audience: 'Who reads it',
  subject: 'The subject',
  additional_emails: 'Also email',
  attachments: 'Attachments',
};

/**
 * A note to write: who reads it (the choices the service gives this person on this order),
 * and, when wanted, a subject, email recipients and attachments.
 */
export function NoteForm({ order }: { order: Order }) {
  const { choices, default: preset } = order.message_audiences;
  const empty = { content: '', subject: '', important: false, emails: [] as string[] };
  const [note, setNote] = useState(empty);
  const [attachments, setAttachments] = useState<PickedFile[]>([]);
  const [audience, setAudience] = useState<Audience>(preset);
  const [more, setMore] = useState(false);
  const write = useMutation(noteMutation(order.id));
  const set = (change: Partial<typeof note>) => setNote((previous) => ({ ...previous, ...change }));
  const send = () =>
    write.mutate(
      {
        content: note.content,
        audience,
        ...(note.subject.trim() ? { subject: note.subject.trim() } : {}),
        ...(note.important ? { important: true } : {}),
        emails: note.emails,
        attachments: attachments.map((picked) => picked.file),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'Note added.' });
          setNote(empty);
          setAttachments([]);
          setAudience(preset);
        },
      },
    );
  const errors =
    write.error instanceof ApiFailure ? fieldSentences(write.error.fieldErrors, FIELD_NAMES) : {};
  const errorOf = (name: string) => Object.entries(errors).find(([field]) => bareField(field) === name)?.[1];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap="xs">
        <GrowingTextarea
          label="Note"
          withAsterisk
          minRows={2}
          value={note.content}
          onChange={(e) => set({ content: e.currentTarget.value })}
          error={errorOf('content')}
          description={throughCompanyHint(choices)}
        />
        {choices.length > 1 && (
          <Select
            label="Who reads it"
            data={choices.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
            value={audience}
            onChange={(value) => value && setAudience(value)}
            allowDeselect={false}
            error={errorOf('audience')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {/* The rest only when wanted: most notes are a line of text. */}
        <Collapse expanded={more || Object.keys(errors).some((field) => !field.startsWith('content'))}>
          <Stack gap="xs">
            <TextInput
              label="Subject"
              value={note.subject}
              onChange={(e) => set({ subject: e.currentTarget.value })}
              error={errorOf('subject')}
            />
            <TagsInput
              label="Also email"
              description="Addresses that receive the note; press Enter after each"
              value={note.emails}
              onChange={(emails) => set({ emails })}
              error={errorOf('additional_emails')}
            />
            <FilePicker
              label="Attachments"
              files={attachments}
              onChange={setAttachments}
              error={errorOf('attachments')}
            />
          </Stack>
        </Collapse>
        {Object.keys(errors).length === 0 && <InlineFailure error={write.error} />}
        <Group justify="space-between">
          <Group gap="md">
            <Button variant="subtle" size="compact-sm" onClick={() => setMore(!more)} aria-expanded={more}>
              {more ? 'Fewer options' : 'Subject, emails, attachments'}
            </Button>
            <Switch
              label="Important"
              checked={note.important}
              onChange={(e) => set({ important: e.currentTarget.checked })}
            />
          </Group>
          <Button type="submit" loading={write.isPending}>
            Add the note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
