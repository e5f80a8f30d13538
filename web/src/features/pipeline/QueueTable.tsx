import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderListItem, Schema } from '../../../../sdk/src/client.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { timeLeft } from '../../lib/deadlines.ts';
import { queueOrdersQuery } from '../../queries/pipeline.ts';
import { BulkActions } from './BulkActions.tsx';
import { DueDate } from './DueBadge.tsx';

export type Queue = Schema<'OrderQueues'>['data'][number];

const FileLink = ({ order }: { order: OrderListItem }) => (
  <Anchor
    fw={600}
    size="sm"
    renderRoot={(props) => <Link {...props} to="/orders/$orderId" params={{ orderId: order.id }} />}
  >
    {order.file_number}
  </Anchor>
);

/** A queue's orders, due soonest first, with a checkbox each for the bulk actions; cards on a phone. */
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
  const rows = orders.data?.data;
  const showOffers = queue.statuses.includes('Pending assignment');
  const selected = (rows ?? []).filter((row) => chosen.has(row.id));
  const allChosen = rows !== undefined && rows.length > 0 && selected.length === rows.length;
  const toggle = (id: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const choose = (order: OrderListItem) => (
    <Checkbox
      aria-label={`Choose ${order.file_number}`}
      checked={chosen.has(order.id)}
      onChange={() => toggle(order.id)}
    />
  );
  const columns: Column<OrderListItem>[] = [
    {
      header: (
        <Checkbox
          aria-label="Choose every order on this page"
          checked={allChosen}
          indeterminate={selected.length > 0 && !allChosen}
          onChange={() => setChosen(allChosen ? new Set() : new Set(rows?.map((row) => row.id)))}
          disabled={!rows?.length}
        />
      ),
      cell: choose,
      width: 40,
    },
    { header: 'File number', cell: (order) => <FileLink order={order} />, nowrap: true },
    { header: 'Property', cell: (order) => order.full_address },
    { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
    { header: 'Appraiser', cell: (order) => order.appraiser?.name ?? '—' },
    { header: 'Due', cell: (order) => <DueDate date={order.due_date} /> },
    ...(showOffers
      ? [{ header: 'Offer', cell: (order: OrderListItem) => timeLeft(order.offer_expires_at) ?? '—' }]
      : []),
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between" mih={30}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {orders.data ? `${orders.data.pagination.total_count.toLocaleString()} in this queue` : ' '}
        </Text>
        {selected.length > 0 && <BulkActions selected={selected} onDone={() => setChosen(new Set())} />}
      </Group>
      <DataTable
        label={`Orders: ${queue.name}`}
        rows={rows}
        rowKey={(order) => order.id}
        columns={columns}
        pending={orders.isPending}
        error={orders.error}
        minWidth={760}
        empty="Nothing here: this queue is clear."
        pages={orders.data && { total: orders.data.pagination.total_pages, current: page, onChange: onPage }}
        card={(order) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="start">
              <Group gap="xs" wrap="nowrap">
                {choose(order)}
                <FileLink order={order} />
              </Group>
              <StatusBadge status={order.status} />
            </Group>
            <Text size="sm">{order.full_address}</Text>
            <Group gap="xs" justify="space-between">
              <Text size="xs" c="dimmed">
                {order.appraiser?.name ?? 'No appraiser yet'}
                {showOffers && timeLeft(order.offer_expires_at)
                  ? ` · offer ${timeLeft(order.offer_expires_at)}`
                  : ''}
              </Text>
              <DueDate date={order.due_date} />
            </Group>
          </Stack>
        )}
      />
    </Stack>
  );
}
