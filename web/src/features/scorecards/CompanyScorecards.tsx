import { Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { companyScorecardsQuery } from '../../queries/scorecards.ts';
import { PhaseBar } from './PhaseBar.tsx';
import { periodLabel, perReport, rateText, shortDays } from './scorecard-format.ts';
import { ChartCard } from '../dashboard/parts.tsx';

/** The periods a scorecard is read over: the last 90 days, then this month and the five before it (UTC months). */
function periodChoices(now = new Date()): { value: string; label: string }[] {
  const months = Array.from({ length: 6 }, (_, back) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  return ['rolling_90_days', ...months].map((value) => ({ value, label: periodLabel(value) }));
}

/** How many appraisers the table shows; the CSV file has them all. */
const SHOWN = 25;

/**
 * The company's turn time by phase and its appraisers' scorecards (docs/turn-times.md,
 * "Scorecards"), for the last 90 days or a month: the busiest appraisers first, each leading to
 * their scorecard, and the whole list as a CSV file.
 */
export function CompanyScorecards({ companyId }: { companyId: string }) {
  const [period, setPeriod] = useState('rolling_90_days');
  const cards = useQuery(companyScorecardsQuery(companyId, 'appraisers', period));
  const exportHref = `/api/v1/companies/${companyId}/scorecards/export?of=appraisers&period=${period}`;
  const picker = (
    <Group justify="space-between" align="end" wrap="wrap">
      <Select
        label="Scorecards over"
        data={periodChoices()}
        value={period}
        onChange={(value) => value && setPeriod(value)}
        allowDeselect={false}
        w={200}
      />
      <Button component="a" href={exportHref} variant="default" size="sm" download>
        Download CSV
      </Button>
    </Group>
  );
  if (cards.isError) return <InlineFailure error={cards.error} prefix="The scorecards could not be read: " />;
  const data = cards.data;
  const rows = data
    ? [...data.rows].sort((a, b) => b.completed - a.completed || a.name.localeCompare(b.name))
    : [];
  return (
    <Stack gap="md">
      <ChartCard title="Turn time by phase (business days)">
        {picker}
        {data && <PhaseBar turn={data.total.turn_time} />}
        {data && (
          <Text size="sm" c="dimmed">
            {data.total.completed} orders delivered in the period ({data.total.timed} timed); on time{' '}
            {rateText(data.total.on_time_rate)}, sent back {rateText(data.total.revision_rate)}.
          </Text>
        )}
      </ChartCard>
      <ChartCard title="Appraiser scorecards">
        <Table.ScrollContainer minWidth={520} mah={360}>
          <Table striped verticalSpacing={4} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Appraiser</Table.Th>
                <Table.Th scope="col">Delivered</Table.Th>
                <Table.Th scope="col">On time</Table.Th>
                <Table.Th scope="col">With them</Table.Th>
                <Table.Th scope="col">Accepted</Table.Th>
                <Table.Th scope="col">Sent back</Table.Th>
                <Table.Th scope="col">Findings / report</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, SHOWN).map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor
                      renderRoot={(props) => (
                        <Link {...props} to="/scorecard/$appraiserId" params={{ appraiserId: row.id }} />
                      )}
                    >
                      {row.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{row.completed}</Table.Td>
                  <Table.Td>{rateText(row.on_time_rate)}</Table.Td>
                  <Table.Td>{shortDays(row.turn_time.appraiser)}</Table.Td>
                  <Table.Td>{rateText(row.offers?.acceptance_rate ?? null)}</Table.Td>
                  <Table.Td>{rateText(row.revision_rate)}</Table.Td>
                  <Table.Td>{perReport(row.findings_per_report)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows.length > SHOWN && (
          <Text size="sm" c="dimmed">
            The {SHOWN} busiest of {rows.length}; the CSV file has every appraiser.
          </Text>
        )}
      </ChartCard>
    </Stack>
  );
}
