import { Type, type Static } from 'typebox';
import { ref } from '../schemas/common.ts';

/**
 * The insight dashboard's figures. Each count comes with `orders`: the q terms of
 * GET /api/v1/orders (without the `q[…]` wrapping) that list exactly the orders it counts, so
 * that a person (or an integrator) can go from any number to the orders behind it.
 */
const OrdersFilter = Type.Record(Type.String(), Type.String(), {
  description:
    'Search terms of GET /api/v1/orders that find the orders counted: each key k stands for q[k] (e.g. {"fulfilled_at_gteq": "2026-06-01T00:00:00.000Z"})',
});

export const InsightFigure = Type.Object(
  {
    count: Type.Integer({ minimum: 0 }),
    orders: OrdersFilter,
  },
  { $id: 'InsightFigure', description: 'A number of orders, with the search that lists them' },
);

const figure = (description: string) => ref(InsightFigure, description);

const Days = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description });
const Rate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
  description: 'A share between 0 and 1; null when nothing was counted',
});

const TurnTime = {
  fulfilled: figure('Orders fulfilled'),
  median_days: Days('Median turn time, created to fulfilled, in whole days; null: none fulfilled'),
  p90_days: Days('90th percentile of the turn time in whole days; null: none fulfilled'),
};

export const Insight = Type.Object(
  {
    period: Type.Object(
      {
        from: Type.String({ description: 'First day counted, MM/DD/YYYY (UTC days)' }),
        to: Type.String({ description: 'Last day counted, MM/DD/YYYY' }),
        months: Type.Integer({ description: 'Calendar months covered, this one included' }),
      },
      { description: 'The period of every figure: whole calendar months up to today' },
    ),
    totals: Type.Object(
      {
        received: figure('Orders created in the period'),
        completed: figure('Orders completed in the period'),
      },
      { description: 'The whole period' },
    ),
    weeks: Type.Array(
      Type.Object({
        week_start: Type.String({ description: 'Monday of the week, MM/DD/YYYY (clipped to the period)' }),
        received: figure('Orders created in the week'),
        completed: figure('Orders completed in the week'),
      }),
      { description: 'Week by week, oldest first' },
    ),
    turn_time_by_month: Type.Array(
      Type.Object({
        month_start: Type.String({ description: 'First day of the month, MM/DD/YYYY' }),
        ...TurnTime,
      }),
      { description: 'By month of fulfilment, oldest first' },
    ),
    turn_time_by_product: Type.Array(
      Type.Object({
        product: Type.Object({ id: Type.String(), name: Type.String() }),
        ...TurnTime,
      }),
      { description: "By the order's first product, over the whole period, most fulfilled first" },
    ),
    on_time: Type.Object(
      {
        fulfilled: figure('Orders fulfilled in the period'),
        on_time: figure('Of those, fulfilled by their due date'),
        late: figure('Of those, fulfilled after their due date'),
        rate: Rate,
      },
      { description: 'Fulfilled by the due date' },
    ),
    revisions: Type.Object(
      {
        fulfilled: figure('Orders fulfilled in the period'),
        revised: figure('Of those, sent back for a revision or a reconsideration of value first'),
        rate: Rate,
      },
      { description: 'Reports sent back before delivery' },
    ),
    open_by_appraiser: Type.Array(
      Type.Object({
        appraiser: Type.Object({ id: Type.String(), name: Type.String() }),
        open: figure('Orders with the appraiser that are not completed, fulfilled or cancelled'),
      }),
      { description: 'The panel, most open orders first' },
    ),
  },
  { $id: 'Insight', description: "The company's figures over a period" },
);
export type Insight = Static<typeof Insight>;

export const InsightQuery = Type.Object({
  months: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 24,
      default: 6,
      description: 'Calendar months to cover, this one included (1 to 24; default 6)',
    }),
  ),
  company_id: Type.Optional(
    Type.String({ format: 'uuid', description: 'Operators: one company (default: every company)' }),
  ),
});
export type InsightQuery = Static<typeof InsightQuery>;
