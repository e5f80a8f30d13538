import { MILESTONE_IDS } from '../calendar/milestones.ts';
import { Type, type TNumber } from 'typebox';
import { FILTERS } from '../panel/selection.engine.ts';
import { FACTORS, SelectionWeights, type Factor } from '../panel/selection-rules.schemas.ts';
import { Id, Nullable, ref } from '../schemas/common.ts';
import { STATUSES } from '../workflow/statuses.ts';
import { QUEUES } from './order.queues.ts';

/** What the staff pipeline answers: its queues with their counts, and an order's appraiser picker. */
export const OrderQueues = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          id: Type.Enum(
            QUEUES.map((queue) => queue.id),
            { description: 'The queue key' },
          ),
          name: Type.String(),
          description: Type.String({ description: 'What the queue holds and what to do with it' }),
          statuses: Type.Array(Type.Enum(STATUSES), {
            description: 'The statuses it holds: list them with GET /orders?q[status_name_in][]=…',
          }),
          count: Type.Integer({ description: 'Orders in the queue' }),
          overdue_count: Type.Integer({
            description: 'Of them, due before as_of; counted up to 100 (see overdue_count_capped)',
          }),
          overdue_count_capped: Type.Boolean({
            description: 'More than 100 are overdue: overdue_count says 100 ("100+")',
          }),
          due_soon_count: Type.Integer({
            description: 'Of them, due from as_of to due_soon_before; counted up to 100',
          }),
          due_soon_count_capped: Type.Boolean({ description: 'More than 100 are due soon ("100+")' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Each queue, in the order people work them' },
    ),
    as_of: Type.String({ format: 'date-time', description: 'When the counts were taken' }),
    due_soon_before: Type.String({
      format: 'date-time',
      description: 'An order due before this (48 hours after as_of) is due soon',
    }),
  },
  {
    $id: 'OrderQueues',
    description: "The staff pipeline's queues: what needs the company now, with counts",
  },
);

export const FailedFilter = Type.Object(
  {
    filter: Type.Enum([...FILTERS], { description: 'The hard filter (docs/assignment.md, "The engine")' }),
    reason: Type.String({ description: 'Why, as a coordinator reads it' }),
  },
  { $id: 'FailedFilter', description: 'A hard filter an appraiser fails for an order' },
);

export const FactorPoints = Type.Object(
  Object.fromEntries(
    FACTORS.map((factor) => [
      factor,
      Type.Number({ description: `Points for ${factor.replace('_', ' ')}: 0 to 10 × its weight` }),
    ]),
  ) as Record<Factor, TNumber>,
  { $id: 'FactorPoints', description: "Each factor's points in the score" },
);

export const AppraiserCandidate = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    email: Type.String(),
    open_orders: Type.Integer({ description: 'Orders offered or assigned to them and not closed' }),
    next_due_dates: Type.Array(Type.String({ description: 'MM/DD/YYYY' }), {
      description: 'The due dates of their next open orders, soonest first (up to three)',
    }),
    last_accepted_fee: Nullable(
      Type.String({ description: "The fee of the last order of this order's product they accepted" }),
    ),
    last_accepted_on: Nullable(Type.String({ description: 'MM/DD/YYYY: when they accepted it' })),
    turned_down_this_order: Type.Boolean({
      description: 'They rejected this order, let its offer time out, or had their condition refused',
    }),
    is_current: Type.Boolean({ description: 'The order is offered or assigned to them now' }),
    credential_problems: Type.Array(Type.String(), {
      description:
        "What keeps them from this order, in sentences: no license in the subject's state or an expired one, a trainee, a licensed (not certified) appraiser or one off the FHA roster for an FHA loan, no errors-and-omissions policy or an expired one, at capacity. Empty: nothing does (docs/assignment.md)",
    }),
    excluded_by_client: Nullable(
      Type.String({
        description:
          "The reason the order's lender gave for not using them (its do-not-use list); null: it gave none. The service never offers them this lender's orders",
      }),
    ),
    eligible: Type.Boolean({ description: 'Passes every hard filter: the engine may choose them' }),
    rank: Nullable(
      Type.Integer({
        minimum: 1,
        description: "The engine's order of choice, 1 first; null: a filter stops them",
      }),
    ),
    score: Nullable(Type.Number({ description: 'The sum of points; null: a filter stops them' })),
    points: Nullable(ref(FactorPoints)),
    failed_filters: Type.Array(ref(FailedFilter), {
      description: 'Each hard filter that stops them, in the order the engine applies them; empty: none',
    }),
    distance_miles: Nullable(
      Type.Number({ description: 'From their home to the subject, in miles; null: either location unknown' }),
    ),
    offer_fee: Nullable(
      Type.String({
        description:
          "The fee an offer to them would carry by the fee schedules (theirs, else the company's standard fees; docs/fees.md); null: none applies and the offer needs a fee entered",
      }),
    ),
    last_90_days: Nullable(
      Type.Object(
        {
          completed: Type.Integer({ minimum: 0, description: 'Orders of theirs completed' }),
          business_days: Nullable(
            Type.Number({ description: 'Mean business days with them, acceptance to report, net of pauses' }),
          ),
          on_time_rate: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
          sent_back_rate: Nullable(
            Type.Number({
              minimum: 0,
              maximum: 1,
              description: 'Sent back for a revision or a reconsideration',
            }),
          ),
          acceptance_rate: Nullable(
            Type.Number({ minimum: 0, maximum: 1, description: 'Of the offers they answered' }),
          ),
        },
        {
          description:
            'Their scorecard over the last 90 days, as the engine reads it (docs/turn-times.md, "Scorecards"); null: no order completed and no offer answered',
        },
      ),
    ),
  },
  {
    $id: 'AppraiserCandidate',
    description:
      'An appraiser of the panel, as the picker of one order shows them: ranked by the assignment engine (docs/assignment.md)',
  },
);

export const AssignmentDecision = Type.Object(
  {
    id: Id(),
    made_by: Type.Enum(['auto_assign', 'picker'], {
      description: 'auto_assign: the engine chose on its own',
    }),
    chosen: Nullable(
      Type.Object({ id: Id(), name: Type.String() }, { description: 'Whom it chose; null: nobody passed' }),
    ),
    rules: Type.Object(
      {
        weights: ref(SelectionWeights),
        filters: Type.Array(Type.Enum([...FILTERS]), { description: 'The hard filters in force, in order' }),
        pass_over_past_due: Type.Boolean(),
        eo_minimum_per_claim: Nullable(
          Type.String({
            description:
              "The minimum in force, a decimal amount: the higher of the company's and the lender's; null: any",
          }),
        ),
        certified_product: Type.Boolean({
          description: "The order's product needed a certified appraiser (the company's certified_products)",
        }),
      },
      { description: 'The rules as they were when it decided' },
    ),
    candidates: Type.Array(
      Type.Object({
        appraiser_id: Id(),
        name: Type.String(),
        eligible: Type.Boolean(),
        rank: Nullable(Type.Integer({ minimum: 1 })),
        score: Nullable(Type.Number()),
        points: Nullable(ref(FactorPoints)),
        failed_filters: Type.Array(ref(FailedFilter)),
        distance_miles: Nullable(Type.Number()),
        offer_fee: Nullable(Type.String({ description: 'What the offer would carry; null: no fee applied' })),
      }),
      {
        description:
          "The company's appraisers licensed (in any standing) in the subject's state: the eligible by rank, then the rest by name",
      },
    ),
    made_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AssignmentDecision', description: 'A choice of the assignment engine, with why' },
);

export const AtRiskOrders = Type.Object(
  {
    data: Type.Array(
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        file_number: Type.String(),
        status: Type.String({ description: 'The status name' }),
        milestone: Type.Enum([...MILESTONE_IDS], { description: 'The milestone it is running' }),
        milestone_name: Type.String({ description: 'The milestone in words' }),
        state: Type.Enum(['at_risk', 'late'], { description: 'late once its due time has passed' }),
        started_at: Type.String({ format: 'date-time' }),
        at_risk_at: Type.String({ format: 'date-time' }),
        due_at: Type.String({ format: 'date-time', description: "The milestone's due time" }),
        order_due_at: Type.String({ format: 'date-time', description: "The client's due date" }),
        appraiser: Nullable(Type.String({ description: 'The appraiser on it, if any' })),
      }),
      { description: 'Soonest due first; late ones first of all' },
    ),
    as_of: Type.String({ format: 'date-time' }),
  },
  {
    $id: 'AtRiskOrders',
    description: 'The orders whose running milestone is at risk or late (docs/turn-times.md, "Milestones")',
  },
);
