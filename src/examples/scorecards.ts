import type { Static } from 'typebox';
import {
  AppraiserScorecard,
  ScorecardFigures,
  ScorecardOfPeriod,
  ScorecardPeriod,
  ScorecardRow,
  Scorecards,
} from '../insight/scorecards.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { APPRAISER, COMPANY } from './ids.ts';

/** November in Austin: an appraiser's 12 orders completed, and the company's month. */
const NOVEMBER = {
  name: '2026-11',
  from: '2026-11-01T05:00:00.000Z',
  to: '2026-12-01T06:00:00.000Z',
  time_zone: 'America/Chicago',
} satisfies Static<typeof ScorecardPeriod>;

const FIGURES = {
  completed: 12,
  on_time: 11,
  on_time_rate: 0.917,
  timed: 12,
  turn_time: {
    business_days: 5.4,
    with_pauses_business_days: 6.1,
    assignment: 0.35,
    appraiser: 3.8,
    review: 0.9,
    client: 0.35,
    paused: 0.7,
  },
  offers: {
    answered: 15,
    accepted: 13,
    declined: 1,
    timed_out: 1,
    acceptance_rate: 0.867,
    decline_rate: 0.067,
    timeout_rate: 0.067,
  },
  revisions: 1,
  revision_rate: 0.083,
  reconsiderations: 0,
  reconsideration_rate: 0,
  reports: 13,
  findings: 9,
  findings_per_report: 0.69,
} satisfies Static<typeof ScorecardFigures>;

const ROW = { id: APPRAISER.id, name: APPRAISER.name, ...FIGURES } satisfies Static<typeof ScorecardRow>;

export const SCORECARD_EXAMPLES: NamedExample[] = [
  example(ScorecardPeriod, NOVEMBER),
  example(ScorecardFigures, FIGURES),
  example(ScorecardRow, ROW),
  example(ScorecardOfPeriod, { period: NOVEMBER, ...FIGURES }),
  example(Scorecards, {
    company_id: COMPANY.id,
    of: 'appraisers',
    period: NOVEMBER,
    business_day_minutes: 540,
    total: FIGURES,
    rows: [ROW],
  }),
  example(AppraiserScorecard, {
    appraiser: { id: APPRAISER.id, name: APPRAISER.name },
    business_day_minutes: 540,
    rolling_90_days: {
      period: {
        name: 'rolling_90_days',
        from: '2026-08-29T15:00:00.000Z',
        to: '2026-11-27T15:00:00.000Z',
        time_zone: 'America/Chicago',
      },
      ...FIGURES,
      completed: 35,
      on_time: 33,
      on_time_rate: 0.943,
      timed: 35,
    },
    months: [{ period: NOVEMBER, ...FIGURES }],
  }),
];
