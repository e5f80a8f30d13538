import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** An order's file number, leading to the order (every list's first column and card title). */
export function OrderLink({ order, size }: { order: { id: string; file_number: string }; size?: 'sm' }) {
  return (
    <Anchor
      fw={600}
      size={size}
      renderRoot={(props) => <Link {...props} to="/orders/$orderId" params={{ orderId: order.id }} />}
    >
      {order.file_number}
    </Anchor>
  );
}
