import { Badge, Card, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { Queue } from './QueueTable.tsx';
import { wholeNumber } from '../../lib/format.ts';

/** A count the API gives up to a cap: "100+" beyond it. */
const upTo = (count: number, capped: boolean) => `${wholeNumber(count)}${capped ? '+' : ''}`;

/** The queues with their counts (what needs us now), the chosen one marked. */
export function QueueTiles({
  queues,
  chosen,
  onChoose,
}: {
  queues: Queue[];
  chosen: Queue | undefined;
  onChoose: (queue: string) => void;
}) {
  return (
    <nav aria-label="Queues">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {queues.map((queue) => {
          const current = queue.id === chosen?.id;
          return (
            <UnstyledButton
              key={queue.id}
              onClick={() => onChoose(queue.id)}
              aria-current={current ? 'true' : undefined}
              aria-label={`${queue.name}: ${queue.count} order${queue.count === 1 ? '' : 's'}${queue.overdue_count ? `, ${upTo(queue.overdue_count, queue.overdue_count_capped)} overdue` : ''}${queue.due_soon_count ? `, ${upTo(queue.due_soon_count, queue.due_soon_count_capped)} due soon` : ''}`}
              data-testid={`queue-${queue.id}`}
            >
              <Card
                withBorder
                padding="sm"
                h="100%"
                style={{
                  borderColor: current ? 'var(--mantine-color-indigo-8)' : undefined,
                  borderWidth: current ? 2 : 1,
                  background: current ? 'var(--mantine-color-indigo-0)' : undefined,
                }}
              >
                <Text size="sm" fw={600} lineClamp={2}>
                  {queue.name}
                </Text>
                <Group gap={6} mt={4} align="baseline" wrap="wrap">
                  <Text fz={26} fw={700} lh={1.1} data-testid="queue-count">
                    {wholeNumber(queue.count)}
                  </Text>
                  {queue.overdue_count > 0 && (
                    <Badge color="red.8" variant="filled" size="sm" tt="none">
                      {upTo(queue.overdue_count, queue.overdue_count_capped)} overdue
                    </Badge>
                  )}
                  {queue.due_soon_count > 0 && (
                    <Badge color="orange" variant="dot" size="sm" tt="none">
                      {upTo(queue.due_soon_count, queue.due_soon_count_capped)} due soon
                    </Badge>
                  )}
                </Group>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </nav>
  );
}
