import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { usePageTitle } from '../components/PageTitle.tsx';
import { BidCard } from '../features/workspace/BidCard.tsx';
import { myBidsQuery } from '../queries/bids.ts';

/**
 * The rounds of broadcast offers and bids the appraiser is invited to: those open first, soonest
 * deadline first, each with its answer; then the last 30 days' with how they ended.
 */
export function BidsPage() {
  usePageTitle('Bids');
  const rounds = useSuspenseQuery(myBidsQuery).data;
  const open = rounds.filter((round) => round.open).length;
  return (
    <Stack maw={720} mx="auto" gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          Bids
        </Title>
        <Text c="dimmed" size="sm">
          {open === 1 ? '1 open' : `${open} open`}
        </Text>
      </Group>
      {rounds.length === 0 && (
        <Card withBorder padding="lg">
          <Text fw={500}>No bids asked of you.</Text>
          <Text c="dimmed" size="sm">
            When the company offers an order to several appraisers at once, it arrives here and by email.
          </Text>
        </Card>
      )}
      {rounds.map((round) => (
        <BidCard key={round.id} invitation={round} />
      ))}
    </Stack>
  );
}
