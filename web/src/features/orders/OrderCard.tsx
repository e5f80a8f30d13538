import { Group, Text } from '@mantine/core';
import type { OrderListItem } from '../../../../sdk/src/client.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import type { ColumnKey } from '../../queries/order-lists.ts';
import { COLUMN_LABELS, columnCell } from '../lists/columns.tsx';
import { OrderLink } from './OrderLink.tsx';

type Role = Parameters<typeof columnCell>[1];

/** An order on a phone: its file number and status, then the columns chosen, one line each. */
export function OrderCard({
  order,
  columns,
  role,
}: {
  order: OrderListItem;
  columns: ColumnKey[];
  role: Role;
}) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="start">
        <OrderLink order={order} />
        <StatusBadge status={order.status} />
      </Group>
      {columns.map((key) => {
        const column = columnCell(key, role);
        return (
          <Text key={key} size="sm" c={key === 'property' ? undefined : 'dimmed'} component="div">
            {key === 'property' ? null : `${COLUMN_LABELS[key]}: `}
            {column.cell(order)}
          </Text>
        );
      })}
    </>
  );
}
