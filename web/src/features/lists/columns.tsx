import { Text } from '@mantine/core';
import type { OrderListItem } from '../../../../sdk/src/client.ts';
import type { Column } from '../../components/DataTable.tsx';
import { dateTime, orDash } from '../../lib/format.ts';
import { money } from '../../lib/money.ts';
import { since } from '../../lib/time.ts';
import type { ColumnKey } from '../../queries/order-lists.ts';

/**
 * The columns a person chooses for an order list (the file number and the status always show).
 * Each role has its defaults, and sees only the columns that are its to see: the client's name
 * is for staff, and each role's fee is the one the API gives it (a lender's total fee, an
 * appraiser's fee, staff both).
 */
type Row = OrderListItem;
type Role = 'client' | 'staff' | 'appraiser' | 'operator';

export const COLUMN_LABELS: Record<ColumnKey, string> = {
  property: 'Property',
  borrower: 'Borrower',
  loan_number: 'Loan number',
  client: 'Client',
  product: 'Product',
  appraiser: 'Appraiser',
  ordered: 'Ordered',
  due: 'Due',
  inspection: 'Inspection',
  fee: 'Fee',
  time_in_status: 'In status for',
  loan: 'Loan',
};

/** Every column, in the order a picker lists them. */
const ALL = Object.keys(COLUMN_LABELS) as ColumnKey[];

/** The columns a role may choose from. */
export const columnsOf = (role: Role | undefined): ColumnKey[] =>
  ALL.filter((key) => key !== 'client' || role === 'staff' || role === 'operator');

const DEFAULTS: Record<'orders' | 'pipeline', Record<Role, ColumnKey[]>> = {
  orders: {
    client: ['property', 'borrower', 'loan_number', 'due', 'time_in_status'],
    staff: ['property', 'borrower', 'client', 'appraiser', 'due', 'time_in_status'],
    appraiser: ['property', 'borrower', 'due', 'inspection', 'fee'],
    operator: ['property', 'client', 'due', 'time_in_status'],
  },
  pipeline: {
    client: [],
    appraiser: [],
    staff: ['property', 'client', 'appraiser', 'due', 'time_in_status'],
    operator: ['property', 'client', 'appraiser', 'due', 'time_in_status'],
  },
};

/** The columns shown: the person's choice (or the view's), else the role's defaults; only those it may see. */
export function shownColumns(
  list: 'orders' | 'pipeline',
  role: Role | undefined,
  chosen: ColumnKey[] | null | undefined,
): ColumnKey[] {
  const allowed = new Set(columnsOf(role));
  return (chosen ?? DEFAULTS[list][role ?? 'client']).filter((key) => allowed.has(key));
}

const words = (value: string) => value.replace(/_/g, ' ');

function fee(row: Row, role: Role | undefined): string {
  if (role === 'appraiser') return money(row.appraiser_fee);
  if (role === 'client') return money(row.total_fee);
  return `${money(row.total_fee)} / ${money(row.appraiser_fee)}`;
}

/** What each column shows of a row; `due` may be drawn otherwise by a list (the pipeline's marks). */
export function columnCell(key: ColumnKey, role: Role | undefined): Column<Row> {
  const cells: Record<ColumnKey, Column<Row>> = {
    property: { header: 'Property', cell: (row) => row.full_address },
    borrower: { header: 'Borrower', cell: (row) => orDash(row.borrower_name) },
    loan_number: { header: 'Loan number', cell: (row) => orDash(row.loan_number), nowrap: true },
    client: { header: 'Client', cell: (row) => row.client.name },
    product: { header: 'Product', cell: (row) => row.products.map((p) => p.name).join(', ') || '—' },
    appraiser: { header: 'Appraiser', cell: (row) => row.appraiser?.name ?? '—' },
    ordered: { header: 'Ordered', cell: (row) => orDash(row.created_at), nowrap: true },
    due: { header: 'Due', cell: (row) => orDash(row.due_date), nowrap: true },
    inspection: {
      header: 'Inspection',
      cell: (row) =>
        row.inspection_completed_at
          ? `Done ${row.inspection_completed_at}`
          : row.inspection_scheduled_at
            ? dateTime(row.inspection_scheduled_at)
            : '—',
    },
    fee: {
      header: role === 'staff' || role === 'operator' ? 'Fee (lender / appraiser)' : 'Fee',
      cell: (row) => fee(row, role),
      nowrap: true,
    },
    time_in_status: { header: 'In status for', cell: (row) => since(row.status_changed_at), nowrap: true },
    loan: {
      header: 'Loan',
      cell: (row) => (
        <Text size="sm" tt="capitalize">
          {words(row.loan_type)}, {words(row.transaction_type)}
        </Text>
      ),
    },
  };
  return cells[key];
}
