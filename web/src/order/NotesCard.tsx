import {
  Anchor,
  Button,
  Card,
  Group,
  Paper,
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
import { formData, type Order } from '../../../sdk/src/client.ts';
import { api, ApiFailure, failureText, unwrap } from '../api.ts';
import { FilePicker, type PickedFile } from '../components/FilePicker.tsx';
import { dateTime } from '../format.ts';

/** A note's HTML (sanitized by the service) read as text: nothing of it runs or styles the page. */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** The order's notes, newest first, and a form to write one, with attachments and email recipients. */
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
  const write = useMutation({
    mutationFn: async () => {
      const body = {
        content,
        ...(subject.trim() ? { subject: subject.trim() } : {}),
        ...(important ? { important } : {}),
        ...(emails.length ? { 'additional_emails[]': emails } : {}),
        ...(attachments.length ? { 'attachments[]': attachments.map((picked) => picked.file) } : {}),
      };
      const params = { path: { order_id: order.id } };
      return unwrap(
        attachments.length
          ? await api.POST('/api/v1/orders/{order_id}/notes', {
              params,
              body: body as never,
              bodySerializer: formData,
            })
          : await api.POST('/api/v1/orders/{order_id}/notes', { params, body: body as never }),
      );
    },
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: 'Note added.' });
      setSubject('');
      setContent('');
      setImportant(false);
      setEmails([]);
      setAttachments([]);
      await queryClient.invalidateQueries({ queryKey: ['order', order.id, 'notes'] });
    },
  });
  const errors = write.error instanceof ApiFailure ? write.error.fieldErrors : {};
  const errorOf = (name: string) => errors[name] ?? errors[name.replace('[]', '')];
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
          <TextInput
            label="Subject"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errorOf('subject')}
          />
          <Textarea
            label="Note"
            withAsterisk
            autosize
            minRows={2}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
            error={errorOf('content')}
          />
          <TagsInput
            label="Also email"
            description="Addresses that receive the note; press Enter after each"
            value={emails}
            onChange={setEmails}
            error={
              errorOf('additional_emails[]') ??
              Object.entries(errors).find(([f]) => f.startsWith('additional_emails'))?.[1]
            }
          />
          <FilePicker
            label="Attachments"
            files={attachments}
            onChange={setAttachments}
            error={errorOf('attachments[]')}
          />
          {write.isError && Object.keys(errors).length === 0 && (
            <Text c="red" size="sm" role="alert">
              {failureText(write.error)}
            </Text>
          )}
          <Group justify="space-between">
            <Switch
              label="Important"
              checked={important}
              onChange={(e) => setImportant(e.currentTarget.checked)}
            />
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
            <Text size="xs" c="dimmed">
              {note.author_name} · {dateTime(note.created_at)}
              {note.important ? ' · important' : ''}
            </Text>
            {note.subject && (
              <Text fw={600} size="sm">
                {note.subject}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {textOf(note.content)}
            </Text>
            {note.attachments.map((attachment) => (
              <Anchor key={attachment.link} href={attachment.link} size="sm" display="block">
                {attachment.filename}
              </Anchor>
            ))}
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}
