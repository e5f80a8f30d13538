import { Alert, Card, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import { failureText } from '../queries/failure.ts';
import { useAfterFirstPaint } from '../lib/after-first-paint.ts';
import { PreviousNext } from './PreviousNext.tsx';

/**
 * A column: its header, and what each row shows in it (`nowrap` for short codes and dates;
 * `numeric` for amounts, right-aligned in figures of one width so that they compare down the column).
 */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  width?: number;
  nowrap?: boolean;
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  /** Names the table for a screen reader ("Orders: Needs assignment"). */
  label: string;
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  /** On a phone, each row as a card instead of a table to scroll sideways (none: the table scrolls). */
  card?: (row: Row) => ReactNode;
  /** What an empty list says ("No orders yet."). */
  empty: ReactNode;
  /** While the first page loads (lists read without suspense): placeholder rows. */
  pending?: boolean;
  /** A failed read: the service's own words, above the table. */
  error?: unknown;
  /**
   * Pages: shown when there is more than one. `estimated`: the total is the service's estimate
   * (docs/api.md), so no last page is promised: Previous and Next only, Next while one follows.
   */
  pages?: {
    total: number;
    current: number;
    onChange: (page: number) => void;
    estimated?: { hasNext: boolean };
  };
  minWidth?: number;
}

/** The rows drawn with the page: as many as a phone's screen shows, about. */
const FIRST_ROWS = 6;

/**
 * The one table of the application's lists: its placeholder rows, its failure, its empty
 * state, its pages, and its phone cards. One of the two layouts is rendered, not both hidden by
 * CSS (half the work on a slow phone); which one is known at the first render (Mantine's `sm`,
 * 48em), so the page does not change after it.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { pages } = props;
  // The first rows with the page, the others just after they are drawn (lib/after-first-paint.ts).
  const later = useAfterFirstPaint(props.rows !== undefined);
  const rows = later ? props.rows : props.rows?.slice(0, FIRST_ROWS);
  const shown = { ...props, rows };
  return (
    <Stack gap="xs">
      {props.error !== undefined && props.error !== null && (
        <Alert color="red" role="alert" title={`${props.label} could not be loaded`}>
          {failureText(props.error)}
        </Alert>
      )}
      {wide || !props.card ? <RowsAsTable {...shown} /> : <RowsAsCards {...shown} card={props.card} />}
      {rows && rows.length === 0 && (
        <Text ta="center" c="dimmed" py="lg">
          {props.empty}
        </Text>
      )}
      {/* Below the last row, once every row is there: drawn earlier, it would move down. */}
      {later && pages?.estimated && (pages.current > 1 || pages.estimated.hasNext) && (
        <PreviousNext {...pages} hasNext={pages.estimated.hasNext} />
      )}
      {later && pages && !pages.estimated && pages.total > 1 && (
        <Group justify="center">
          <Pagination
            total={pages.total}
            value={pages.current}
            onChange={pages.onChange}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}

const cellStyle = ({
  nowrap,
  numeric,
}: Pick<Column<unknown>, 'nowrap' | 'numeric'>): CSSProperties | undefined =>
  nowrap || numeric
    ? {
        ...(nowrap ? { whiteSpace: 'nowrap' } : {}),
        ...(numeric ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : {}),
      }
    : undefined;

function RowsAsTable<Row>({ label, rows, rowKey, columns, pending, minWidth = 640 }: DataTableProps<Row>) {
  return (
    // A table wider than the screen scrolls sideways: its region takes the keyboard's focus, so
    // that the arrow keys scroll it while its rows (links, buttons) are still loading or are none.
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` },
      }}
    >
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i} scope="col" w={column.width} ta={column.numeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending &&
            Array.from({ length: 6 }, (_, i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={columns.length}>
                  <Skeleton height={18} />
                </Table.Td>
              </Table.Tr>
            ))}
          {rows?.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column, i) => (
                <Table.Td key={i} style={cellStyle(column)}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowsAsCards<Row>({
  label,
  rows,
  rowKey,
  card,
  pending,
}: DataTableProps<Row> & { card: (row: Row) => ReactNode }) {
  return (
    <Stack gap="xs" role="list" aria-label={label}>
      {pending && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={84} />)}
      {rows?.map((row) => (
        <Card key={rowKey(row)} withBorder padding="sm" role="listitem">
          {card(row)}
        </Card>
      ))}
    </Stack>
  );
}
