import { csvLine } from '../format/csv.ts';
import type { ScorecardFigures, Scorecards } from './scorecards.schemas.ts';

/** The scorecards' CSV export (GET /companies/{company_id}/scorecards/export): its columns and lines. */
export const SCORECARD_CSV_HEADER = [
  'id',
  'name',
  'completed',
  'on_time',
  'on_time_rate',
  'timed',
  'turn_business_days',
  'turn_with_pauses_business_days',
  'assignment_business_days',
  'appraiser_business_days',
  'review_business_days',
  'client_business_days',
  'paused_business_days',
  'offers_answered',
  'offers_accepted',
  'offers_declined',
  'offers_timed_out',
  'acceptance_rate',
  'decline_rate',
  'timeout_rate',
  'revisions',
  'revision_rate',
  'reconsiderations',
  'reconsideration_rate',
  'reports',
  'findings',
  'findings_per_report',
];

/** The scorecards as CSV lines (RFC 4180): a header, a line per row, then the total. */
export function scorecardCsv(cards: Scorecards): string {
  const line = (id: string, name: string, f: ScorecardFigures) =>
    csvLine([
      id,
      name,
      f.completed,
      f.on_time,
      f.on_time_rate,
      f.timed,
      f.turn_time.business_days,
      f.turn_time.with_pauses_business_days,
      f.turn_time.assignment,
      f.turn_time.appraiser,
      f.turn_time.review,
      f.turn_time.client,
      f.turn_time.paused,
      f.offers?.answered,
      f.offers?.accepted,
      f.offers?.declined,
      f.offers?.timed_out,
      f.offers?.acceptance_rate,
      f.offers?.decline_rate,
      f.offers?.timeout_rate,
      f.revisions,
      f.revision_rate,
      f.reconsiderations,
      f.reconsideration_rate,
      f.reports,
      f.findings,
      f.findings_per_report,
    ]);
  return [
    csvLine(SCORECARD_CSV_HEADER),
    ...cards.rows.map((row) => line(row.id, row.name, row)),
    line('', 'Total', cards.total),
  ].join('');
}
