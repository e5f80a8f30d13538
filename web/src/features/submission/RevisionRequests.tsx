import { Card, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Order } from '../../../../sdk/src/client.ts';
import { notesQuery } from '../../queries/order-records.ts';
import { NoteItem } from '../order/NoteItem.tsx';
import { REQUEST_SUBJECTS } from './report-files.ts';

/** What the lender asks of a revision: its requests (notes the revision actions write), beside the upload. */
export function RevisionRequests({ order }: { order: Order }) {
  const notes = useSuspenseQuery(notesQuery(order.id)).data;
  const requests = notes.filter((note) => REQUEST_SUBJECTS.test(note.subject ?? ''));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="requests-title" bg="orange.0">
      <Title order={2} size="h4" id="requests-title" mb="xs">
        What the lender asks
      </Title>
      {requests.length === 0 && (
        <Text size="sm">{order.status.name}: see the order’s history and notes.</Text>
      )}
      <Stack gap="xs">
        {requests.map((note) => (
          <NoteItem key={note.id} note={note} withAudience={false} />
        ))}
      </Stack>
    </Card>
  );
}
