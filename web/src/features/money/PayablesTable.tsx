import { StateBadge } from './StateBadge.tsx';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { usDay } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import type { Payable } from '../../queries/payables.ts';
import { OrderLink } from '../orders/OrderLink.tsx';
import { PAYABLE_WORDS } from './money-words.ts';

export function PayableState({ payable }: { payable: Payable }) {
  return <StateBadge words={PAYABLE_WORDS[payable.state]} title={payable.held_reason ?? undefined} />;
}

const dueText = (payable: Payable) => (payable.due_on ? usDay(payable.due_on) : 'When the lender pays');

/**
 * Payables: what is owed per order, to whom, from when, and its state. For the company's staff
 * (`onHold`), each owed one can be held from payment with a reason, or released; the appraiser
 * reads their own without the appraiser column.
 */
export function PayablesTable(props: {
  rows: Payable[] | undefined;
  pending: boolean;
  error: unknown;
  showAppraiser: boolean;
  onHold?: (payable: Payable) => void;
  onExtra?: (payable: Payable) => void;
  empty: string;
  pages: { total: number; current: number; onChange: (page: number) => void };
}) {
  const actions = (payable: Payable) =>
    props.onHold && payable.state !== 'paid' ? (
      <Group gap={4} wrap="nowrap">
        {['due', 'held', 'waiting'].includes(payable.state) && (
          <Button size="compact-sm" variant="subtle" onClick={() => props.onHold?.(payable)}>
            {payable.state === 'held' ? 'Release' : 'Hold'}
          </Button>
        )}
        <Button size="compact-sm" variant="subtle" onClick={() => props.onExtra?.(payable)}>
          Add extra
        </Button>
      </Group>
    ) : null;
  const fee = (payable: Payable) =>
    Number(payable.extras) === 0 ? (
      money(payable.fee)
    ) : (
      <>
        {money(payable.fee)}
        <Text size="xs" c="dimmed">
          + {money(payable.extras)} extras
        </Text>
      </>
    );
  const columns: Column<Payable>[] = [
    {
      header: 'Order',
      cell: (payable) => (
        <OrderLink order={{ id: payable.order_id, file_number: payable.file_number }} size="sm" />
      ),
      nowrap: true,
    },
    ...(props.showAppraiser
      ? [{ header: 'Appraiser', cell: (payable: Payable) => payable.appraiser.name, nowrap: true }]
      : []),
    { header: 'Delivered', cell: (payable) => usDay(payable.earned_at.slice(0, 10)), nowrap: true },
    { header: 'Due', cell: dueText, nowrap: true },
    { header: 'Fee', cell: fee, numeric: true },
    { header: 'Deducted', cell: (payable) => money(payable.deducted), numeric: true },
    { header: 'Paid', cell: (payable) => money(payable.paid), numeric: true },
    { header: 'Owed', cell: (payable) => <strong>{money(payable.owed)}</strong>, numeric: true },
    { header: 'State', cell: (payable) => <PayableState payable={payable} />, nowrap: true },
    ...(props.onHold ? [{ header: <VisuallyHidden>Action</VisuallyHidden>, cell: actions }] : []),
  ];
  return (
    <DataTable
      label="Payables"
      rows={props.rows}
      rowKey={(payable) => payable.id}
      columns={columns}
      pending={props.pending}
      error={props.error}
      empty={props.empty}
      pages={props.pages}
      minWidth={820}
      card={(payable) => (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <OrderLink order={{ id: payable.order_id, file_number: payable.file_number }} />
            <Text fw={700}>{money(payable.state === 'paid' ? payable.paid : payable.owed)}</Text>
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{props.showAppraiser ? payable.appraiser.name : `Due ${dueText(payable)}`}</Text>
            <PayableState payable={payable} />
          </Group>
          <Text size="xs" c="dimmed">
            Fee {money(payable.fee)}
            {Number(payable.extras) !== 0 ? ` + ${money(payable.extras)} extras` : ''}
            {Number(payable.deducted) !== 0 ? ` · less ${money(payable.deducted)} submission fee` : ''}
            {payable.held_reason ? ` · held: ${payable.held_reason}` : ''}
          </Text>
          {actions(payable)}
        </Stack>
      )}
    />
  );
}
