import { Card, Text, Title } from '@mantine/core';
import { DataTable, type Column } from '../components/DataTable.tsx';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { FigureCards } from '../features/scorecards/FigureCards.tsx';
import { PhaseBar } from '../features/scorecards/PhaseBar.tsx';
import { periodLabel, rateText, shortDays } from '../features/scorecards/scorecard-format.ts';
import { appraiserScorecardQuery, type AppraiserScorecard } from '../queries/scorecards.ts';
import { sessionQuery } from '../queries/session.ts';

type Month = AppraiserScorecard['months'][number];

const MONTH_COLUMNS: Column<Month>[] = [
  { header: 'Month', cell: (month) => periodLabel(month.period.name), nowrap: true },
  { header: 'Delivered', cell: (month) => month.completed, numeric: true },
  { header: 'On time', cell: (month) => rateText(month.on_time_rate), numeric: true },
  { header: 'With the appraiser', cell: (month) => shortDays(month.turn_time.appraiser), numeric: true },
  {
    header: 'Offers accepted',
    cell: (month) => rateText(month.offers?.acceptance_rate ?? null),
    numeric: true,
  },
  { header: 'Sent back', cell: (month) => rateText(month.revision_rate), numeric: true },
];

/**
 * An appraiser's scorecard (docs/turn-times.md, "Scorecards"): their own, or, for the company's
 * staff, one of the panel's. The last 90 days first — what the assignment engine reads — then
 * each of the last six months.
 */
export function ScorecardPage() {
  const { appraiserId } = useParams({ from: '/scorecard/$appraiserId' });
  const { data: card } = useSuspenseQuery(appraiserScorecardQuery(appraiserId));
  const { data: session } = useSuspenseQuery(sessionQuery);
  const own = session?.user.id === appraiserId;
  const recent = card.rolling_90_days;
  return (
    <PageFrame
      title={own ? 'Your scorecard' : `Scorecard of ${card.appraiser.name}`}
      tabTitle="Scorecard"
      width={900}
    >
      <Text size="sm" c="dimmed">
        Orders count in the period they were delivered. Days are business days of the company's calendar (
        {card.business_day_minutes / 60} hours each), without the time an order was on hold or waiting for the
        lender. {own && 'Offers go first to those whose last 90 days read best.'}
      </Text>
      <Card withBorder component="section" aria-labelledby="recent">
        <Title id="recent" order={2} size="h4" mb="sm">
          Last 90 days · {recent.completed} {recent.completed === 1 ? 'order' : 'orders'} delivered
        </Title>
        <FigureCards figures={recent} />
        <Title order={3} size="h5" mt="md" mb="xs">
          Turn time by phase
        </Title>
        <PhaseBar turn={recent.turn_time} />
      </Card>
      <Card withBorder component="section" aria-labelledby="months">
        <Title id="months" order={2} size="h4" mb="sm">
          Month by month
        </Title>
        <DataTable
          label="Month by month"
          rows={card.months}
          rowKey={(month) => month.period.name}
          columns={MONTH_COLUMNS}
          empty="No month yet."
          card={(month) => (
            <>
              <Text fw={600}>{periodLabel(month.period.name)}</Text>
              <Text size="sm">
                {month.completed === 0 && !month.offers?.answered
                  ? 'Nothing delivered, no offer answered.'
                  : `${month.completed} delivered · ${rateText(month.on_time_rate)} on time · ${shortDays(month.turn_time.appraiser)} with you · ${rateText(month.offers?.acceptance_rate ?? null)} of offers accepted · ${rateText(month.revision_rate)} sent back`}
              </Text>
            </>
          )}
        />
      </Card>
    </PageFrame>
  );
}
