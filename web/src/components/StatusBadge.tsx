import { Badge } from '@mantine/core';
import type { components } from '../../../sdk/src/client.ts';

type OrderStatus = components['schemas']['OrderStatus'];

/**
 * A status's colour by its category, which the API gives with every status (docs/workflow.md):
 * the application keeps no list of statuses of its own, and a new status is coloured at once.
 */
const CATEGORY_COLOURS: Record<OrderStatus['category'], string> = {
  not_started: 'gray',
  in_progress: 'blue',
  in_review: 'violet',
  needs_attention: 'orange',
  stopped: 'red',
  done: 'teal',
};

/**
 * An order's status: its words in the page's own text colour, beside a dot in the status's
 * colour (the light variant's coloured text is under 4.5:1 on its tint for teal and orange).
 */
export function StatusBadge({
  status,
  size = 'md',
}: {
  status: Pick<OrderStatus, 'name' | 'category'>;
  size?: 'md' | 'lg';
}) {
  return (
    <Badge
      size={size}
      color={CATEGORY_COLOURS[status.category]}
      variant="dot"
      radius="sm"
      tt="none"
      data-testid="order-status"
      // A long status ("Waiting info from client") wraps in a narrow card instead of being cut.
      maw="100%"
      styles={{
        root: { height: 'auto', minHeight: 'var(--badge-height)', flexShrink: 0 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {status.name}
    </Badge>
  );
}
