import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { timeLeft } from '../../lib/deadlines.ts';
import { DueDate } from './DueBadge.tsx';
import { QUEUE_PAGE_SIZE, queueOrdersQuery, statusCountsQuery } from '../../queries/pipeline.ts';
import type { Queue } from './QueueTable.tsx';
import { wholeNumber } from '../../lib/format.ts';

/**
 * The queue as a board: one column per status, each with its count and its orders due soonest
 * first (the first page of the queue; the table pages through the rest). Columns sit side by
 * side on a wide screen, wrapping to the next row rather than scrolling sideways (a scrolling
 * region with no link in it could not be reached by keyboard), and one under the other on a phone.
 */
export function QueueBoard({ queue, clientId }: { queue: Queue; clientId?: string | undefined }) {
  const orders = useQuery(queueOrdersQuery(queue.statuses, 1, clientId));
  const counts = useQuery(statusCountsQuery(clientId));
  const countOf = (status: string) => counts.data?.data.find((row) => row.status.name === status)?.count ?? 0;
  return (
    <Group align="start" wrap="wrap" gap="sm">
      {queue.statuses.map((status) => {
        const cards = (orders.data?.data ?? []).filter((order) => order.status.name === status);
        return (
          <Card
            key={status}
            withBorder
            padding="sm"
            bg="gray.0"
            w={{ base: '100%', sm: 280 }}
            component="section"
            aria-label={`${status}: ${countOf(status)}`}
          >
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Title order={3} size="h5">
                {status}
              </Title>
              <Text size="sm" fw={600}>
                {wholeNumber(countOf(status))}
              </Text>
            </Group>
            <Stack gap="xs">
              {orders.isPending && <Skeleton height={72} />}
              {orders.data && cards.length === 0 && (
                <Text size="sm" c="dimmed">
                  {countOf(status) > 0 ? `Further down the queue (first ${QUEUE_PAGE_SIZE} shown)` : 'None'}
                </Text>
              )}
              {cards.map((order) => (
                <Card key={order.id} withBorder padding="xs">
                  {/* The column names the status: each card shows what tells orders apart. */}
                  <Anchor
                    fw={600}
                    size="sm"
                    style={{ whiteSpace: 'nowrap' }}
                    renderRoot={(props) => (
                      <Link {...props} to="/orders/$orderId" params={{ orderId: order.id }} />
                    )}
                  >
                    {order.file_number}
                  </Anchor>
                  <Text size="xs">{order.full_address}</Text>
                  <Group justify="space-between" gap={4} mt={4}>
                    <DueDate date={order.due_date} />
                    {order.appraiser && <Text size="xs">{order.appraiser.name}</Text>}
                  </Group>
                  {order.offer_expires_at && (
                    <Text size="xs" c="dimmed">
                      Offer: {timeLeft(order.offer_expires_at)}
                    </Text>
                  )}
                </Card>
              ))}
            </Stack>
          </Card>
        );
      })}
    </Group>
  );
}
