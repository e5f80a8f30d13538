import { StateBadge } from './StateBadge.tsx';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { usDay } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import type { Invoice } from '../../queries/receivables.ts';
import { OrderLink } from '../orders/OrderLink.tsx';
import { invoiceState } from './money-words.ts';

function InvoiceState({ invoice }: { invoice: Invoice }) {
  return <StateBadge words={invoiceState(invoice)} />;
}

/**
 * Invoices as the lender and the company's staff read them: number, order, (client, for staff),
 * issued and due days, total and balance, and how late. The number opens its ledger.
 */
export function InvoiceTable(props: {
  rows: Invoice[] | undefined;
  pending: boolean;
  error: unknown;
  showClient: boolean;
  onOpen: (invoice: Invoice) => void;
  pages: { total: number; current: number; onChange: (page: number) => void };
}) {
  const open = (invoice: Invoice) => (
    <Anchor component="button" type="button" size="sm" fw={600} onClick={() => props.onOpen(invoice)}>
      {invoice.number}
    </Anchor>
  );
  const columns: Column<Invoice>[] = [
    { header: 'Invoice', cell: open, nowrap: true },
    {
      header: 'Order',
      cell: (invoice) => (
        <OrderLink order={{ id: invoice.order_id, file_number: invoice.file_number }} size="sm" />
      ),
      nowrap: true,
    },
    ...(props.showClient ? [{ header: 'Client', cell: (invoice: Invoice) => invoice.client.name }] : []),
    { header: 'Issued', cell: (invoice) => usDay(invoice.issued_at.slice(0, 10)), nowrap: true },
    { header: 'Due', cell: (invoice) => usDay(invoice.due_on), nowrap: true },
    { header: 'Total', cell: (invoice) => money(invoice.total), numeric: true },
    { header: 'Balance', cell: (invoice) => money(invoice.balance), numeric: true },
    { header: 'State', cell: (invoice) => <InvoiceState invoice={invoice} />, nowrap: true },
  ];
  return (
    <DataTable
      label="Invoices"
      rows={props.rows}
      rowKey={(invoice) => invoice.id}
      columns={columns}
      pending={props.pending}
      error={props.error}
      empty="No invoices here."
      pages={props.pages}
      minWidth={760}
      card={(invoice) => (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            {open(invoice)}
            <Text fw={700}>{money(invoice.balance)}</Text>
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              <OrderLink order={{ id: invoice.order_id, file_number: invoice.file_number }} size="sm" />
              {props.showClient ? ` · ${invoice.client.name}` : ''}
            </Text>
            <InvoiceState invoice={invoice} />
          </Group>
          <Text size="xs" c="dimmed">
            Due {usDay(invoice.due_on)} · total {money(invoice.total)}
          </Text>
        </Stack>
      )}
    />
  );
}
