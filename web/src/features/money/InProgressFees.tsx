import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { money } from '../../lib/money.ts';
import type { WorkItem } from '../../queries/work.ts';
import { OrderLink } from '../orders/OrderLink.tsx';

/**
 * The orders the appraiser is working on and what each will bring (their own fee, never the
 * lender's): earned at the delivery, when it becomes a payable above.
 */
export function InProgressFees({ items }: { items: WorkItem[] }) {
  const coming = items.filter((item) => item.fee_status === 'on_completion' && item.appraiser_fee !== null);
  if (coming.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        In progress
      </Title>
      {coming.map((item) => (
        <Card
          key={item.id}
          withBorder
          padding="sm"
          component="article"
          aria-label={`Order ${item.file_number}`}
        >
          <Group justify="space-between" wrap="nowrap" align="start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <OrderLink order={item} />
              <Text size="sm" truncate>
                {item.full_address}
              </Text>
              <Text size="xs" c="dimmed">
                {item.status.name}
              </Text>
            </Stack>
            <Stack gap={4} align="end" style={{ flexShrink: 0 }}>
              <Text fw={700}>{money(item.appraiser_fee)}</Text>
              <Badge variant="dot" radius="sm" tt="none" color="gray">
                On completion
              </Badge>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
