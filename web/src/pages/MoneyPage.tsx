import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormFailure } from '../components/FormFailure.tsx';
import { failureText } from '../queries/failure.ts';
import { PageFrame } from '../components/PageFrame.tsx';
import { money } from '../lib/money.ts';
import { workQuery, type WorkItem } from '../queries/work.ts';

const FEE_LABEL: Record<WorkItem['fee_status'], { label: string; color: string }> = {
  owed: { label: 'Owed to you', color: 'teal' },
  on_completion: { label: 'On completion', color: 'gray' },
  none: { label: 'No fee', color: 'red' },
};

const sum = (items: WorkItem[]) =>
  items.reduce((total, item) => total + Math.round(Number(item.appraiser_fee ?? 0) * 100), 0) / 100;

/**
 * Money: the appraiser's own fee on each order (never the lender's), owed once the report is
 * completed, and what the orders in progress will bring.
 */
/** A sum of fees in a card: its label, the amount (a placeholder while loading) and what it counts. */
function FeeTotal({ label, items, note }: { label: string; items: WorkItem[] | null; note: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {items ? (
        <Text fw={700} size="xl">
          {money(String(sum(items)))}
        </Text>
      ) : (
        <Skeleton height={28} />
      )}
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Card>
  );
}

export function MoneyPage() {
  const work = useQuery(workQuery);
  const items = (work.data ?? []).filter(
    (item) => item.next_step !== 'answer_offer' && item.appraiser_fee !== null,
  );
  const owed = items.filter((item) => item.fee_status === 'owed');
  const coming = items.filter((item) => item.fee_status === 'on_completion');

  return (
    <PageFrame title="Money">
      <FormFailure
        title="Your fees could not be loaded"
        failure={work.isError ? failureText(work.error) : null}
      />
      <SimpleGrid cols={2}>
        <FeeTotal label="Owed to you" items={work.data ? owed : null} note="Reports completed" />
        <FeeTotal label="In progress" items={work.data ? coming : null} note="Earned on completion" />
      </SimpleGrid>
      <Title order={2} size="h4">
        By order
      </Title>
      {work.isPending && <Skeleton height={180} radius="md" />}
      {work.data && items.length === 0 && <Text c="dimmed">No fees yet: accepted orders show here.</Text>}
      {items.map((item) => (
        <Card
          key={item.id}
          withBorder
          padding="sm"
          component="article"
          aria-label={`Order ${item.file_number}`}
        >
          <Group justify="space-between" wrap="nowrap" align="start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/orders/$orderId" params={{ orderId: item.id }} />
                )}
                fw={600}
              >
                {item.file_number}
              </Anchor>
              <Text size="sm" truncate>
                {item.full_address}
              </Text>
              <Text size="xs" c="dimmed">
                {item.status.name}
              </Text>
            </Stack>
            <Stack gap={4} align="end" style={{ flexShrink: 0 }}>
              <Text fw={700}>{money(item.appraiser_fee)}</Text>
              <Badge variant="dot" radius="sm" tt="none" color={FEE_LABEL[item.fee_status].color}>
                {FEE_LABEL[item.fee_status].label}
              </Badge>
            </Stack>
          </Group>
        </Card>
      ))}
    </PageFrame>
  );
}
