import { Text } from '@mantine/core';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { Field } from '../../components/Field.tsx';
import { humanize } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import type { ReportComparable } from '../../queries/reports.ts';
import { reportDay } from './report-words.ts';

const address = (comparable: ReportComparable) =>
  [comparable.address.line, comparable.address.unit, comparable.address.city].filter(Boolean).join(', ') ||
  '—';
const proximity = (comparable: ReportComparable) =>
  comparable.proximity_miles === null ? '—' : `${comparable.proximity_miles} mi`;
/** A settled sale's day; a pending sale or a listing by its status. */
const sold = (comparable: ReportComparable) =>
  comparable.sale_date
    ? reportDay(comparable.sale_date)
    : comparable.listing_status
      ? humanize(comparable.listing_status)
      : '—';
/** "+$30,760.00": an adjustment with its direction. */
const adjustment = (amount: string | null) =>
  amount === null ? '—' : `${Number(amount) > 0 ? '+' : ''}${money(amount)}`;

const COLUMNS: Column<ReportComparable>[] = [
  { header: 'No.', cell: (c) => c.number, width: 48 },
  { header: 'Address', cell: address },
  { header: 'Proximity', cell: proximity, nowrap: true },
  { header: 'Price', cell: (c) => money(c.sale_price), numeric: true, nowrap: true },
  { header: 'Sale date', cell: sold, nowrap: true },
  { header: 'Net adjustment', cell: (c) => adjustment(c.net_adjustment), numeric: true, nowrap: true },
  { header: 'Adjusted price', cell: (c) => money(c.adjusted_price), numeric: true, nowrap: true },
];

/** The sales comparison grid as the report gives it: a table on a desktop, a card each on a phone. */
export function ComparablesTable({ comparables }: { comparables: ReportComparable[] }) {
  return (
    <DataTable
      label="Comparables"
      rows={comparables}
      rowKey={(c) => String(c.number)}
      columns={COLUMNS}
      empty="The report gives no comparables."
      card={(c) => (
        <>
          <Text fw={600} size="sm" mb={4}>
            Comparable {c.number}: {address(c)}
          </Text>
          <Field label="Proximity" value={proximity(c)} />
          <Field label="Price" value={money(c.sale_price)} />
          <Field label="Sale date" value={sold(c)} />
          <Field label="Net adjustment" value={adjustment(c.net_adjustment)} />
          <Field label="Adjusted price" value={money(c.adjusted_price)} />
        </>
      )}
    />
  );
}
