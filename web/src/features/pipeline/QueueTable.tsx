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
import { columnCell } from '../lists/columns.tsx';
import { about, wholeNumber } from '../../lib/format.ts';
import type { ColumnKey } from '../../queries/order-lists.ts';

/** "57 in this queue", or "About 4,800 in this queue" when the service estimated it. */
const queueTotal = (pagination: { total_count: number; total_count_is_estimate: boolean }) =>
  pagination.total_count_is_estimate
    ? `About ${about(pagination.total_count)} in this queue`
    : `${wholeNumber(pagination.total_count)} in this queue`;

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
  clientId,
  shown,
}: {
  queue: Queue;
  page: number;
  onPage: (page: number) => void;
  clientId: string | undefined;
  /** The columns chosen (the file number, the status and an offer's time left always show). */
  shown: ColumnKey[];
}) {
  const orders = useQuery(queueOrdersQuery(queue.statuses, page, clientId));
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
    { header: 'Status', cell: (order) => <StatusBadge status={order.status} /> },
    // The due date with its overdue and due-soon marks, here where people act on them.
    ...shown.map((key) =>
      key === 'due'
        ? { header: 'Due', cell: (order: OrderListItem) => <DueDate date={order.due_date} /> }
        : columnCell(key, 'staff'),
    ),
    ...(showOffers
      ? [{ header: 'Offer', cell: (order: OrderListItem) => timeLeft(order.offer_expires_at) ?? '—' }]
      : []),
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between" mih={30}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {orders.data ? queueTotal(orders.data.pagination) : ' '}
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
        minWidth={Math.max(760, 130 * columns.length)}
        empty="Nothing here: this queue is clear."
        pages={
          orders.data && {
            total: orders.data.pagination.total_pages,
            current: page,
            onChange: onPage,
            ...(orders.data.pagination.total_count_is_estimate
              ? { estimated: { hasNext: orders.data.pagination.has_next_page } }
              : {}),
          }
        }
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
