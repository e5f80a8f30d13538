import { Button, Card, SimpleGrid, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ActionName, Order } from '../../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { api, unwrap } from '../../queries/sdk.ts';
import { textOfHtml } from '../../lib/format.ts';
import { RequestNote } from './RequestNote.tsx';

/** The actions this card takes: the company's answer to a lender's request. */
export const REQUEST_ACTIONS: ActionName[] = ['forward_request', 'answer_request'];

/**
 * A lender's revision or reconsideration request in the company's review queue: the request as
 * the lender wrote it, then the company's two ways on: forward it to the appraiser (as written,
 * or in the company's words, with its attachments or without), or answer the lender itself,
 * which returns the order where it was. The appraiser sees nothing of it until it is forwarded.
 */
export function RequestReviewCard({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const request = order.client_request;
  const notes = useQuery({
    queryKey: ['order', order.id, 'notes'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/orders/{order_id}/notes', { params: { path: { order_id: order.id } } })),
    enabled: request !== null,
  });
  const note = notes.data?.find((n) => n.id === request?.note_id) ?? null;
  const written = note ? textOfHtml(note.content) : '';
  const [forwardText, setForwardText] = useState<string | null>(null);
  const [withAttachments, setWithAttachments] = useState(true);
  const [answer, setAnswer] = useState('');
  const done = async (title: string, status: string) => {
    notifications.show({ color: 'teal', title, message: `The order is now ${status}.` });
    await queryClient.invalidateQueries({ queryKey: ['order', order.id] });
    await queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
  const forward = useMutation({
    mutationFn: async () => {
      const text = forwardText ?? written;
      return unwrap(
        await api.PUT('/api/v1/orders/{order_id}/forward_request', {
          params: { path: { order_id: order.id } },
          // Unchanged, the lender's words go as written (with their formatting).
          body: {
            ...(text.trim() !== written.trim() ? { comments: text } : {}),
            include_attachments: withAttachments,
          },
        }),
      );
    },
    onSuccess: (result) => done('Forwarded to the appraiser', result.status.name),
  });
  const reply = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/v1/orders/{order_id}/answer_request', {
          params: { path: { order_id: order.id } },
          body: { comments: answer },
        }),
      ),
    onSuccess: (result) => done('Answer sent to the lender', result.status.name),
  });
  if (!request || !REQUEST_ACTIONS.some((action) => order.allowed_transitions.includes(action))) return null;
  const replyErrors = reply.error instanceof ApiFailure ? reply.error.fieldErrors : {};
  const forwardErrors = forward.error instanceof ApiFailure ? forward.error.fieldErrors : {};

  return (
    <Card
      withBorder
      component="section"
      aria-label="The lender's request"
      style={{ borderColor: 'var(--mantine-color-orange-7)' }}
    >
      <Title order={2} size="h4" mb={4}>
        The lender&apos;s request
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        It waits for your review: the appraiser sees nothing of it until you forward it.
      </Text>
      {notes.isPending && <Skeleton height={60} />}
      {note && (
        <Stack mb="sm">
          <RequestNote note={note} highlighted />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            forward.mutate();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Forward to the appraiser"
              description="As the lender wrote it, or in your words: the appraiser reads this."
              autosize
              minRows={3}
              value={forwardText ?? written}
              onChange={(event) => setForwardText(event.currentTarget.value)}
              error={forwardErrors.comments}
            />
            {note && note.attachments.length > 0 && (
              <Switch
                label="Pass on its attachments"
                checked={withAttachments}
                onChange={(event) => setWithAttachments(event.currentTarget.checked)}
              />
            )}
            {forward.isError && !forwardErrors.comments && (
              <Text c="red" size="sm" role="alert">
                {failureText(forward.error)}
              </Text>
            )}
            <Button
              type="submit"
              loading={forward.isPending}
              disabled={!order.allowed_transitions.includes('forward_request')}
            >
              Forward to the appraiser
            </Button>
          </Stack>
        </form>

        <form
          onSubmit={(event) => {
            event.preventDefault();
            reply.mutate();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Or answer the lender yourself"
              description={`The report is not sent back: the order returns to ${request.returns_to}.`}
              autosize
              minRows={3}
              value={answer}
              onChange={(event) => setAnswer(event.currentTarget.value)}
              error={replyErrors.comments}
            />
            {reply.isError && !replyErrors.comments && (
              <Text c="red" size="sm" role="alert">
                {failureText(reply.error)}
              </Text>
            )}
            <Button
              type="submit"
              variant="outline"
              loading={reply.isPending}
              disabled={!order.allowed_transitions.includes('answer_request')}
            >
              Send the answer
            </Button>
          </Stack>
        </form>
      </SimpleGrid>
    </Card>
  );
}
