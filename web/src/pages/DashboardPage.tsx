import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { usePageTitle } from '../components/PageTitle.tsx';
import { OpenByAppraiser, TurnTimes, WeeksChart } from '../features/dashboard/Charts.tsx';
import { Totals } from '../features/dashboard/Totals.tsx';
import { insightQuery } from '../queries/insight.ts';
import { sessionQuery } from '../queries/session.ts';
import { CompanyScorecards } from '../features/scorecards/CompanyScorecards.tsx';
import { DEFAULT_MONTHS } from '../features/dashboard/figures.ts';

const PERIODS = [
  { value: '3', label: '3 mo.' },
  { value: '6', label: '6 mo.' },
  { value: '12', label: '12 mo.' },
  { value: '24', label: '24 mo.' },
];

/**
 * The company's figures (GET /api/v1/insight): volume week by week, turn times, the on-time and
 * revision rates, each appraiser's open orders. Every number is a link to the orders behind it;
 * each chart has its numbers in a table beside it, for keyboards and screen readers.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const search = useSearch({ from: '/dashboard' });
  const navigate = useNavigate({ from: '/dashboard' });
  const months = search.months ?? DEFAULT_MONTHS;
  // The route's loader read it; another period keeps these figures shown until its own arrive.
  const { data: insight } = useSuspenseQuery(insightQuery(months));
  const { data: session } = useSuspenseQuery(sessionQuery);
  // Scorecards are a company's: staff see their own (operators have none to show here).
  const companyId = session?.user.role === 'staff' ? session.user.organization_id : null;
  const period = `${insight.period.from} to ${insight.period.to}`;
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            {period} (UTC days)
          </Text>
        </div>
        <SegmentedControl
          aria-label="Period, in months"
          w={{ base: '100%', xs: 'auto' }}
          data={PERIODS}
          value={String(months)}
          onChange={(value) =>
            void navigate({ search: Number(value) === DEFAULT_MONTHS ? {} : { months: Number(value) } })
          }
        />
      </Group>
      <Totals insight={insight} period={period} />
      <WeeksChart insight={insight} />
      <TurnTimes insight={insight} period={period} />
      {companyId && <CompanyScorecards companyId={companyId} />}
      <OpenByAppraiser insight={insight} />
    </Stack>
  );
}
