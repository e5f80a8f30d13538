import { SimpleGrid } from '@mantine/core';
import { Stat } from '../dashboard/parts.tsx';
import type { ScorecardFigures } from '../../queries/scorecards.ts';
import { perReport, rateText, shortDays } from './scorecard-format.ts';

/** A scorecard's headline figures, each a card: what was delivered, how fast, how well. */
export function FigureCards({ figures }: { figures: ScorecardFigures }) {
  const offers = figures.offers;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      <Stat
        title="On time"
        value={rateText(figures.on_time_rate)}
        note={`${figures.on_time} of ${figures.completed} completed`}
      />
      <Stat
        title="With the appraiser"
        value={shortDays(figures.turn_time.appraiser)}
        note="acceptance to report, mean business days"
      />
      <Stat
        title="Turn time"
        value={shortDays(figures.turn_time.business_days)}
        note="placed to delivered, net of pauses"
      />
      {offers && (
        <Stat
          title="Offers accepted"
          value={rateText(offers.acceptance_rate)}
          note={`${offers.accepted} of ${offers.answered} answered; ${offers.timed_out} lapsed`}
        />
      )}
      <Stat
        title="Sent back"
        value={rateText(figures.revision_rate)}
        note={`${figures.revisions} revisions, ${figures.reconsiderations} reconsiderations`}
      />
      <Stat
        title="Findings per report"
        value={perReport(figures.findings_per_report)}
        note={`${figures.findings} over ${figures.reports} reports checked`}
      />
    </SimpleGrid>
  );
}
