import { Alert, Anchor, Checkbox, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Schema } from '../../../../sdk/src/client.ts';
import { failureText } from '../../queries/failure.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { BulkActions } from './BulkActions.tsx';
import { timeLeft } from '../../lib/deadlines.ts';
import { DueDate } from './DueBadge.tsx';
import { queueOrdersQuery } from '../../queries/pipeline.ts';

export type Queue = Schema<'OrderQueues'>['data'][number];

/** A queue's orders, due soonest first, with a checkbox each for the bulk actions. */
export function QueueTable({
  queue,
  page,
  onPage,
}: {
  queue: Queue;
  page: number;
  onPage: (page: number) => void;
}) {
  const orders = useQuery(queueOrdersQuery(queue.statuses, page));
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const rows = orders.data?.data ?? [];
  const showOffers = queue.statuses.includes('Pending assignment');
  const allChosen = rows.length > 0 && rows.every((row) => chosen.has(row.id));
  const toggle = (id: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selected = rows.filter((row) => chosen.has(row.id));

  return (
    <Stack gap="xs">
      <Group justify="space-between" mih={30}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {orders.data ? `${orders.data.pagination.total_count.toLocaleString()} in this queue` : ' '}
        </Text>
        {selected.length > 0 && <BulkActions selected={selected} onDone={() => setChosen(new Set())} />}
      </Group>
      {orders.isError && (
        <Alert color="red" role="alert" title="The orders could not be loaded">
          {failureText(orders.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={`Orders: ${queue.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Choose every order on this page"
                  checked={allChosen}
                  indeterminate={selected.length > 0 && !allChosen}
                  onChange={() => setChosen(allChosen ? new Set() : new Set(rows.map((row) => row.id)))}
                  disabled={rows.length === 0}
                />
              </Table.Th>
              <Table.Th scope="col">File number</Table.Th>
              <Table.Th scope="col">Property</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Appraiser</Table.Th>
              <Table.Th scope="col">Due</Table.Th>
              {showOffers && <Table.Th scope="col">Offer</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.isPending &&
              Array.from({ length: 5 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={showOffers ? 7 : 6}>
                    <Skeleton height={20} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {rows.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Choose ${order.file_number}`}
                    checked={chosen.has(order.id)}
                    onChange={() => toggle(order.id)}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor
                    fw={600}
                    size="sm"
                    renderRoot={(props) => (
                      <Link {...props} to="/orders/$orderId" params={{ orderId: order.id }} />
                    )}
                  >
                    {order.file_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.full_address}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={order.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.appraiser?.name ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <DueDate date={order.due_date} />
                </Table.Td>
                {showOffers && (
                  <Table.Td>
                    <Text size="sm">{timeLeft(order.offer_expires_at) ?? '—'}</Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {orders.data && rows.length === 0 && (
        <Text ta="center" c="dimmed" py="lg">
          Nothing here: this queue is clear.
        </Text>
      )}
      {orders.data && orders.data.pagination.total_pages > 1 && (
        <Group justify="center">
          <Pagination
            total={orders.data.pagination.total_pages}
            value={page}
            onChange={onPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}
