import { Type, type Static } from 'typebox';
import { Id, Nullable, ref } from '../schemas/common.ts';

/**
 * Scorecards (docs/turn-times.md, "Scorecards"): per appraiser or per client of a company, over a
 * calendar month of the company's zone or the last 90 days, the orders completed in it and how
 * they went. Turn times are in business days of the company's calendar, means over the orders
 * whose phase clocks ran.
 */
const Rate = (description: string) =>
  Nullable(
    Type.Number({ minimum: 0, maximum: 1, description: `${description}; null when nothing was counted` }),
  );
const BusinessDays = (description: string) =>
  Nullable(
    Type.Number({
      minimum: 0,
      description: `${description}, in business days (to 0.01); null: no order timed`,
    }),
  );

export const ScorecardPeriodName = Type.String({
  pattern: '^(rolling_90_days|\\d{4}-(0[1-9]|1[0-2]))$',
  description:
    'A calendar month of the company’s zone (`2026-11`) or `rolling_90_days`: the 90 days up to now',
});

export const ScorecardPeriod = Type.Object(
  {
    name: ScorecardPeriodName,
    from: Type.String({ format: 'date-time', description: 'First instant counted' }),
    to: Type.String({ format: 'date-time', description: 'The instant after the last one counted' }),
    time_zone: Type.String({ description: "The company's zone, in which a month starts and ends" }),
  },
  { $id: 'ScorecardPeriod', description: 'The period a scorecard counts' },
);

/** What a scorecard counts, as properties: a row, a period's figures and the total share them. */
const FIGURES = {
  completed: Type.Integer({
    minimum: 0,
    description: 'Orders completed (the report delivered) in the period',
  }),
  on_time: Type.Integer({
    minimum: 0,
    description:
      "Of those, on time: for an appraiser, the first report submitted by their due date (the client's where they have none); for a client, delivered by the order's due date",
  }),
  on_time_rate: Rate('on_time over completed'),
  timed: Type.Integer({
    minimum: 0,
    description: 'Orders completed whose phase clocks ran: the turn times are means over these',
  }),
  turn_time: Type.Object(
    {
      business_days: BusinessDays('Mean turn time net of pauses: the four phases'),
      with_pauses_business_days: BusinessDays('Mean turn time, the paused time included'),
      assignment: BusinessDays('Mean time to find an appraiser who accepts'),
      appraiser: BusinessDays('Mean time with the appraiser: acceptance to report, revisions included'),
      review: BusinessDays("Mean time in the company's review and answering the lender's requests"),
      client: BusinessDays('Mean time with the lender: its review and payment before delivery'),
      paused: BusinessDays("Mean time in the statuses that stop the company's clocks"),
    },
    { description: 'Turn time by phase' },
  ),
  offers: Nullable(
    Type.Object(
      {
        answered: Type.Integer({
          minimum: 0,
          description: 'Offers accepted, declined or let lapse in the period',
        }),
        accepted: Type.Integer({ minimum: 0 }),
        declined: Type.Integer({ minimum: 0 }),
        timed_out: Type.Integer({ minimum: 0 }),
        acceptance_rate: Rate('accepted over answered'),
        decline_rate: Rate('declined over answered'),
        timeout_rate: Rate('timed_out over answered'),
      },
      { description: 'Appraisers: how they answered offers; null for clients' },
    ),
  ),
  revisions: Type.Integer({ minimum: 0, description: 'Orders completed that were sent back for a revision' }),
  revision_rate: Rate('revisions over completed'),
  reconsiderations: Type.Integer({
    minimum: 0,
    description: 'Orders completed with a reconsideration of value requested',
  }),
  reconsideration_rate: Rate('reconsiderations over completed'),
  reports: Type.Integer({
    minimum: 0,
    description: 'Reports submitted for the orders completed, resubmissions included',
  }),
  findings: Type.Integer({
    minimum: 0,
    description: 'Fatal and warning findings of the checks on those reports',
  }),
  findings_per_report: Nullable(
    Type.Number({ minimum: 0, description: 'findings over reports, to 0.01; null: none submitted as data' }),
  ),
};

export const ScorecardFigures = Type.Object(FIGURES, {
  $id: 'ScorecardFigures',
  description: 'What a scorecard counts over its period',
});
export type ScorecardFigures = Static<typeof ScorecardFigures>;

export const ScorecardRow = Type.Object(
  { id: Id('The appraiser or the client'), name: Type.String({ description: 'Their name' }), ...FIGURES },
  { $id: 'ScorecardRow', description: "One appraiser's or one client's scorecard" },
);
export type ScorecardRow = Static<typeof ScorecardRow>;

export const ScorecardOfPeriod = Type.Object(
  { period: ref(ScorecardPeriod), ...FIGURES },
  { $id: 'ScorecardOfPeriod', description: "An appraiser's scorecard over one period" },
);

export const Scorecards = Type.Object(
  {
    company_id: Id('The company'),
    of: Type.Enum(['appraisers', 'clients']),
    period: ref(ScorecardPeriod),
    business_day_minutes: Type.Integer({
      description: "The length of the company's business day: minutes per business day",
    }),
    total: ref(ScorecardFigures, 'Every order of the period together'),
    rows: Type.Array(ref(ScorecardRow), {
      description:
        'By name: every active appraiser (a deactivated one with something in the period) or every client the company serves',
    }),
  },
  { $id: 'Scorecards', description: "A company's scorecards for a period" },
);
export type Scorecards = Static<typeof Scorecards>;

export const ScorecardsQuery = Type.Object({
  of: Type.Optional(
    Type.Enum(['appraisers', 'clients'], { description: 'Whose scorecards (default appraisers)' }),
  ),
  period: Type.Optional(ScorecardPeriodName),
});
export type ScorecardsQuery = Static<typeof ScorecardsQuery>;

export const AppraiserScorecard = Type.Object(
  {
    appraiser: Type.Object({ id: Id('The appraiser'), name: Type.String() }),
    business_day_minutes: Type.Integer({
      description: "The length of the company's business day in minutes",
    }),
    rolling_90_days: ref(ScorecardOfPeriod, 'The 90 days up to now: what the assignment engine reads'),
    months: Type.Array(ref(ScorecardOfPeriod), {
      description: 'This month and the five before it, newest first',
    }),
  },
  {
    $id: 'AppraiserScorecard',
    description: "An appraiser's own scorecard: the last 90 days and the last six months",
  },
);
export type AppraiserScorecard = Static<typeof AppraiserScorecard>;
