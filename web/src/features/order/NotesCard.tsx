import {
  Anchor,
  Collapse,
  Button,
  Card,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formData, type Order } from '../../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { FilePicker, type PickedFile } from '../../components/FilePicker.tsx';
import { dateTime, textOfHtml } from '../../lib/format.ts';
import { AUDIENCE_LABELS, throughCompanyHint, type Audience } from './audiences.ts';
import { AudienceBadge } from './AudienceBadge.tsx';
import { ForwardNoteDialog } from './ForwardNoteDialog.tsx';

/**
 * The order's notes that reach the person, each marked with who reads it, and a form to write
 * one: who reads it (the choices the service gives this person on this order), attachments,
 * email recipients. The company's staff pass a note on to the other side (Forward).
 */
export function NotesCard({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const notes = useQuery({
    queryKey: ['order', order.id, 'notes'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/orders/{order_id}/notes', { params: { path: { order_id: order.id } } })),
  });
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [important, setImportant] = useState(false);
  const [emails, setEmails] = useState<string[]>([]);
  const [attachments, setAttachments] = useState<PickedFile[]>([]);
  const [more, setMore] = useState(false);
  const choices = order.message_audiences.choices;
  const [audience, setAudience] = useState<Audience>(order.message_audiences.default);
  const [forwarding, setForwarding] = useState<NonNullable<typeof notes.data>[number] | null>(null);
  // The company's staff read every note, and pass them on.
  const company = choices.includes('internal');
  const write = useMutation({
    mutationFn: async () => {
      const fields = {
        content,
        audience,
        ...(subject.trim() ? { subject: subject.trim() } : {}),
        ...(important ? { important } : {}),
      };
      const params = { path: { order_id: order.id } };
      // Files go as multipart (Rails-style names); without them, JSON (its array is unbracketed).
      return unwrap(
        attachments.length
          ? await api.POST('/api/v1/orders/{order_id}/notes', {
              params,
              body: {
                ...fields,
                ...(emails.length ? { 'additional_emails[]': emails } : {}),
                'attachments[]': attachments.map((picked) => picked.file),
              },
              bodySerializer: formData,
            })
          : await api.POST('/api/v1/orders/{order_id}/notes', {
              params,
              body: { ...fields, ...(emails.length ? { additional_emails: emails } : {}) },
            }),
      );
    },
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: 'Note added.' });
      setSubject('');
      setContent('');
      setImportant(false);
      setEmails([]);
      setAttachments([]);
      setAudience(order.message_audiences.default);
      await queryClient.invalidateQueries({ queryKey: ['order', order.id, 'notes'] });
    },
  });
  const hint = throughCompanyHint(choices);
  const errors = write.error instanceof ApiFailure ? write.error.fieldErrors : {};
  const errorOf = (name: string) =>
    Object.entries(errors).find(([field]) => field.replace(/[[\].\d]+$/, '') === name.replace('[]', ''))?.[1];
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Notes
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          write.mutate();
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Note"
            withAsterisk
            autosize
            minRows={2}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
            error={errorOf('content')}
            description={hint}
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
                value={subject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                error={errorOf('subject')}
              />
              <TagsInput
                label="Also email"
                description="Addresses that receive the note; press Enter after each"
                value={emails}
                onChange={setEmails}
                error={errorOf('additional_emails')}
              />
              <FilePicker
                label="Attachments"
                files={attachments}
                onChange={setAttachments}
                error={errorOf('attachments[]')}
              />
            </Stack>
          </Collapse>
          {write.isError && Object.keys(errors).length === 0 && (
            <Text c="red" size="sm" role="alert">
              {failureText(write.error)}
            </Text>
          )}
          <Group justify="space-between">
            <Group gap="md">
              <Button variant="subtle" size="compact-sm" onClick={() => setMore(!more)} aria-expanded={more}>
                {more ? 'Fewer options' : 'Subject, emails, attachments'}
              </Button>
              <Switch
                label="Important"
                checked={important}
                onChange={(e) => setImportant(e.currentTarget.checked)}
              />
            </Group>
            <Button type="submit" loading={write.isPending}>
              Add the note
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="xs" mt="md">
        {notes.isPending && <Skeleton height={60} />}
        {notes.data?.map((note) => (
          <Paper key={note.id} withBorder p="sm" bg={note.important ? 'orange.0' : undefined}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="start">
              <Text size="xs" c="dimmed">
                {note.author_name} · {dateTime(note.created_at)}
                {note.important ? ' · important' : ''}
                {note.forwarded_from ? ` · forwarded from ${note.forwarded_from.author_name}` : ''}
              </Text>
              <AudienceBadge audience={note.audience} />
            </Group>
            {note.subject && (
              <Text fw={600} size="sm">
                {note.subject}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {textOfHtml(note.content)}
            </Text>
            {note.attachments.map((attachment) => (
              <Anchor key={attachment.link} href={attachment.link} size="sm" display="block">
                {attachment.filename}
              </Anchor>
            ))}
            {company && note.audience !== 'everyone' && (
              <Button
                variant="subtle"
                size="compact-sm"
                mt={4}
                onClick={() => setForwarding(note)}
                aria-label={`Forward the note of ${note.author_name}`}
              >
                Forward
              </Button>
            )}
          </Paper>
        ))}
      </Stack>
      {forwarding && (
        <ForwardNoteDialog orderId={order.id} note={forwarding} onClose={() => setForwarding(null)} />
      )}
    </Card>
  );
}
