import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { dateTime, orDash } from '../../lib/format.ts';
import { since } from '../../lib/time.ts';
import { atRiskQuery } from '../../queries/scorecards.ts';
import { OrderLink } from '../orders/OrderLink.tsx';

type AtRisk = NonNullable<ReturnType<typeof useAtRisk>['data']>['data'][number];
const useAtRisk = () => useQuery(atRiskQuery);

/** Late since when, or at risk: in words as well as colour. */
const StateBadge = ({ entry }: { entry: AtRisk }) =>
  entry.state === 'late' ? (
    <Badge color="red.8" variant="filled" size="sm" tt="none" style={{ flexShrink: 0 }}>
      Late {since(entry.due_at)}
    </Badge>
  ) : (
    <Badge color="orange" variant="light" c="dark.8" size="sm" tt="none" style={{ flexShrink: 0 }}>
      At risk
    </Badge>
  );

const COLUMNS: Column<AtRisk>[] = [
  {
    header: 'Order',
    cell: (entry) => (
      <>
        <OrderLink order={entry} size="sm" />
        <Text size="xs" c="dimmed">
          {entry.status}
        </Text>
      </>
    ),
  },
  { header: 'Milestone', cell: (entry) => entry.milestone_name },
  { header: 'State', cell: (entry) => <StateBadge entry={entry} />, nowrap: true },
  { header: 'Due', cell: (entry) => dateTime(entry.due_at) },
  { header: 'Appraiser', cell: (entry) => orDash(entry.appraiser) },
];

/**
 * The orders whose running milestone is at risk or late (GET /orders/at_risk; docs/turn-times.md,
 * "Milestones"), late ones first: what a coordinator chases before the queues. On a phone, a card
 * each.
 */
export function AtRiskPanel() {
  const atRisk = useAtRisk();
  const entries = atRisk.data?.data;
  const late = entries?.filter((entry) => entry.state === 'late').length ?? 0;
  return (
    <Card withBorder component="section" aria-labelledby="at-risk-title" padding="sm">
      <Group justify="space-between" mb="xs">
        <Title id="at-risk-title" order={2} size="h4">
          At risk and late
        </Title>
        {entries && entries.length > 0 && (
          <Group gap={6}>
            <Badge color="red.8" variant="filled" tt="none">
              {late} late
            </Badge>
            <Badge color="orange" variant="light" c="dark.8" tt="none">
              {entries.length - late} at risk
            </Badge>
          </Group>
        )}
      </Group>
      <DataTable
        label="Orders at risk and late"
        rows={entries}
        rowKey={(entry) => entry.id}
        columns={COLUMNS}
        pending={atRisk.isPending}
        error={atRisk.error}
        empty="Every milestone is on track."
        card={(entry) => (
          <>
            <Group justify="space-between" wrap="nowrap" align="start">
              <OrderLink order={entry} size="sm" />
              <StateBadge entry={entry} />
            </Group>
            <Text size="sm">{entry.milestone_name}</Text>
            <Text size="xs" c="dimmed">
              {entry.status} · due {dateTime(entry.due_at)} · {orDash(entry.appraiser)}
            </Text>
          </>
        )}
      />
    </Card>
  );
}
