import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { periodOf } from '../../src/insight/insight.service.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { placeOrder } from '../helpers/orders.ts';

const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;

type Figure = { count: number; orders: Record<string, string> };
type Insight = {
  period: { from: string; to: string; months: number };
  totals: { received: Figure; completed: Figure };
  weeks: { week_start: string; received: Figure; completed: Figure }[];
  turn_time_by_month: {
    month_start: string;
    fulfilled: Figure;
    median_days: number | null;
    p90_days: number | null;
  }[];
  turn_time_by_product: {
    product: { id: string; name: string };
    fulfilled: Figure;
    median_days: number | null;
  }[];
  on_time: { fulfilled: Figure; on_time: Figure; late: Figure; rate: number | null };
  revisions: { fulfilled: Figure; revised: Figure; rate: number | null };
  open_by_appraiser: { appraiser: { id: string; name: string }; open: Figure }[];
};

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/**
 * Orders of the demo company, placed through the API and then moved in time and status by SQL,
 * as years of work would leave them: the triggers keep the figures as the rows change.
 */
beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  // turn time (days), fulfilled how many days ago, late?, revised?
  const fulfilled = [
    [2, 3, false, false],
    [4, 3, false, true],
    [6, 4, true, false],
    [10, 5, true, true],
    [30, 40, false, false],
  ] as const;
  for (const [turn, ago, late, revised] of fulfilled) {
    const order = await placeOrder(t.app, t.db, demo);
    const fulfilledAt = daysAgo(ago);
    await sql`
      UPDATE orders SET status = 'Fulfilled', appraiser_id = ${demo.users.appraiser.id},
             created_at = ${new Date(fulfilledAt.getTime() - turn * DAY - 3_600_000)},
             completed_at = ${new Date(fulfilledAt.getTime() - 60_000)}, fulfilled_at = ${fulfilledAt},
             due_date = ${new Date(fulfilledAt.getTime() + (late ? -DAY : DAY))}
       WHERE id = ${order.id}`.execute(t.db);
    if (revised)
      await t.db
        .insertInto('order_history')
        .values({
          order_id: order.id,
          action: 'request_revision',
          from_status: 'In review',
          to_status: 'Client request',
        })
        .execute();
  }
  // Two open orders with the appraiser, one unassigned, and one of another company.
  for (let i = 0; i < 2; i++) {
    const order = await placeOrder(t.app, t.db, demo);
    await t.db
      .updateTable('orders')
      .set({ status: 'Assigned', appraiser_id: demo.users.appraiser.id })
      .where('id', '=', order.id)
      .execute();
  }
  await placeOrder(t.app, t.db, demo);
  await placeOrder(t.app, t.db, other);
});

const insight = async (query = '', key = demo.users.staff.api_key) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/insight${query}`,
    headers: { 'X-Api-Key': key },
  });
  return { status: response.statusCode, body: response.json<Insight>() };
};
/** The orders a figure names, through GET /orders: the count must be theirs exactly. */
const ordersOf = async (figure: Figure, key = demo.users.staff.api_key) => {
  const query = Object.entries(figure.orders)
    .map(([k, v]) => `q[${k}]=${encodeURIComponent(v)}`)
    .join('&');
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders?per_page=100&${query}`,
    headers: { 'X-Api-Key': key },
  });
  expect(response.statusCode).toBe(200);
  return response.json().pagination.total_count as number;
};

describe('GET /api/v1/insight', () => {
  it("gives the company's figures over whole months, each with the search that lists its orders", async () => {
    const { status, body } = await insight('?months=3');
    expect(status).toBe(200);
    expect(body.period.months).toBe(3);
    const received = body.weeks.reduce((sum, w) => sum + w.received.count, 0);
    const completed = body.weeks.reduce((sum, w) => sum + w.completed.count, 0);
    expect(received).toBe(8);
    expect(completed).toBe(5);
    expect(body.on_time.fulfilled.count).toBe(5);
    expect(body.on_time.on_time.count).toBe(3);
    expect(body.on_time.late.count).toBe(2);
    expect(body.on_time.rate).toBe(0.6);
    expect(body.revisions.revised.count).toBe(2);
    expect(body.revisions.rate).toBe(0.4);
    const appraiser = body.open_by_appraiser.find((row) => row.appraiser.id === demo.users.appraiser.id)!;
    expect(appraiser.open.count).toBe(2);
    // Median and 90th percentile of 2, 4, 6, 10, 30 days: 6 and 30 (over the whole period).
    const product = body.turn_time_by_product[0]!;
    expect(product.fulfilled.count).toBe(5);
    expect(product.median_days).toBe(6);
    const months = body.turn_time_by_month.reduce((sum, m) => sum + m.fulfilled.count, 0);
    expect(months).toBe(5);

    expect(body.totals.received.count).toBe(8);
    expect(body.totals.completed.count).toBe(5);
    const figures: Figure[] = [
      body.totals.received,
      body.totals.completed,
      ...body.weeks.flatMap((w) => [w.received, w.completed]),
      ...body.turn_time_by_month.map((m) => m.fulfilled),
      ...body.turn_time_by_product.map((p) => p.fulfilled),
      body.on_time.fulfilled,
      body.on_time.on_time,
      body.on_time.late,
      body.revisions.revised,
      appraiser.open,
    ];
    for (const figure of figures) expect(await ordersOf(figure)).toBe(figure.count);
    // A figure over a period lists its orders the latest first by the date it counts.
    expect(body.totals.received.orders.s).toBe('created_at desc');
    expect(body.totals.completed.orders.s).toBe('completed_at desc');
    expect(body.on_time.late.orders.s).toBe('fulfilled_at desc');
    expect(body.turn_time_by_product[0]!.fulfilled.orders.s).toBe('fulfilled_at desc');
    expect(appraiser.open.orders.s).toBeUndefined();
  });

  it('keeps the same figures as a rebuild from the orders, through changes', async () => {
    const before = await t.db
      .selectFrom('order_daily_figures')
      .select(sql<string>`sum(received)`.as('n'))
      .executeTakeFirst();
    // A fulfilled order sent back for a revision leaves the fulfilled figures until fulfilled again.
    const [order] = await t.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'Fulfilled')
      .limit(1)
      .execute();
    await t.db
      .updateTable('orders')
      .set({ status: 'Client request', completed_at: null, fulfilled_at: null })
      .where('id', '=', order!.id)
      .execute();
    const live = await figuresTable();
    await sql`SELECT order_figures_rebuild()`.execute(t.db);
    expect(await figuresTable()).toEqual(live);
    expect((await insight('?months=3')).body.on_time.fulfilled.count).toBe(4);
    expect(before?.n).toBeDefined();
  });

  it('shows staff their own company only; operators any company; others may not look', async () => {
    const mine = (await insight('?months=3')).body;
    const theirs = (await insight('?months=3', other.users.staff.api_key)).body;
    expect(theirs.weeks.reduce((sum, w) => sum + w.received.count, 0)).toBe(1);
    expect(mine.open_by_appraiser.some((row) => row.appraiser.id === other.users.appraiser.id)).toBe(false);
    expect((await insight(`?company_id=${other.company_id}`)).status).toBe(404);
    expect((await insight('', demo.users.client.api_key)).status).toBe(403);
    const operatorKey = (await createUserWithKey(t.db, 'operator', null)).key;
    const one = (await insight(`?months=3&company_id=${other.company_id}`, operatorKey)).body;
    expect(one.weeks.reduce((sum, w) => sum + w.received.count, 0)).toBe(1);
    expect(one.weeks[0]!.received.orders.company_id_eq).toBe(other.company_id);
    expect((await insight(`?company_id=${demo.client_id}`, operatorKey)).status).toBe(404);
    expect((await insight('', demo.users.appraiser.api_key)).status).toBe(403);
  });

  it('refuses a bad period with 422 naming the field', async () => {
    for (const query of ['?months=0', '?months=25', '?months=two', '?company_id=nope']) {
      const { status, body } = await insight(query);
      expect(status).toBe(422);
      expect(JSON.stringify(body)).toMatch(query.includes('company') ? /company_id/ : /months/);
    }
  });

  it('counts whole calendar months up to today', () => {
    expect(periodOf(1, new Date('2026-11-24T10:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(periodOf(6, new Date('2026-03-05T10:00:00Z'))).toEqual({ from: '2025-10-01', to: '2026-03-05' });
  });
});

async function figuresTable() {
  const daily =
    await sql`SELECT company_id, day, sum(received)::int r, sum(completed)::int c, sum(fulfilled)::int f, sum(fulfilled_on_time)::int o, sum(fulfilled_revised)::int v
                           FROM order_daily_figures GROUP BY 1, 2 HAVING sum(received) <> 0 OR sum(completed) <> 0 OR sum(fulfilled) <> 0 ORDER BY 1, 2`.execute(
      t.db,
    );
  const turns =
    await sql`SELECT company_id, month, product_id, turn_days, sum(n)::int n FROM order_turn_times GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4`.execute(
      t.db,
    );
  return { daily: daily.rows, turns: turns.rows };
}
