import { Badge } from '@mantine/core';
import { statusColor } from '../format.ts';

/**
 * An order's status: its words in the page's own text colour, beside a dot in the status's
 * colour (the light variant's coloured text is under 4.5:1 on its tint for teal and orange).
 */
export function StatusBadge({ status, size = 'md' }: { status: string; size?: 'md' | 'lg' }) {
  return (
    <Badge
      size={size}
      color={statusColor(status)}
      variant="dot"
      radius="sm"
      tt="none"
      data-testid="order-status"
    >
      {status}
    </Badge>
  );
}
