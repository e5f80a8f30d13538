import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../sdk/src/client.ts';
import { notesQuery } from '../../queries/order-records.ts';
import { NoteItem } from './NoteItem.tsx';
import { AnswerRequestForm, ForwardRequestForm } from './RequestForms.tsx';
import { REQUEST_ACTIONS } from './card-actions.ts';

/**
 * A lender's revision or reconsideration request in the company's review queue: the request as
 * the lender wrote it, then the company's two ways on: forward it to the appraiser (as written,
 * or in the company's words, with its attachments or without), or answer the lender itself,
 * which returns the order where it was. The appraiser sees nothing of it until it is forwarded.
 */
export function RequestReviewCard({ order }: { order: Order }) {
  const request = order.client_request;
  const notes = useQuery({ ...notesQuery(order.id), enabled: request !== null });
  const note = notes.data?.find((n) => n.id === request?.note_id) ?? null;
  if (!request || !REQUEST_ACTIONS.some((action) => order.allowed_transitions.includes(action))) return null;
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
          <NoteItem note={note} highlighted withAudience={false} />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ForwardRequestForm order={order} note={note} />
        <AnswerRequestForm order={order} returnsTo={request.returns_to} />
      </SimpleGrid>
    </Card>
  );
}
