import { describe, expect, it } from 'vitest';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { seedDemoAppraiserCredentials } from '../../src/seed/demo-credentials.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * Auto-assignment through the engine, on the database: the timers offer the order to the first
 * choice, store the decision with every candidate's verdicts, spread equal work evenly, and the
 * company's staff read why.
 */
const t = useTestApp();

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An appraiser of the demo company, qualified as the demo appraiser is (Austin metro). */
async function qualified(demo: DemoWorld) {
  const appraiser = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
  await seedDemoAppraiserCredentials(t.db, appraiser.id, demo.users.staff.id, new Date());
  return appraiser;
}

async function autoAssign(demo: DemoWorld, orderId: string) {
  const answer = await act(t.app, demo.users.staff.api_key, orderId, 'auto_assign');
  expect(answer.statusCode, answer.body).toBe(200);
  await new WorkflowTimers(t.db, t.config).runOnce();
  const order = await t.db
    .selectFrom('orders')
    .select(['appraiser_id', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return order;
}

const decisionsOf = async (key: string, orderId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}/assignment_decisions`,
    headers: { 'X-Api-Key': key },
  });

describe('auto-assignment by the engine', () => {
  it('offers the order to the first choice and stores why each candidate was chosen or stopped', async () => {
    const demo = await seedDemo(t.db);
    const away = await qualified(demo);
    await t.db
      .insertInto('appraiser_time_off')
      .values({ appraiser_id: away.id, starts_on: day(-1), ends_on: day(5), note: null })
      .execute();
    const houston = await qualified(demo);
    await t.db.deleteFrom('appraiser_coverage').where('appraiser_id', '=', houston.id).execute();
    await t.db
      .updateTable('appraiser_profiles')
      .set({ home_latitude: null, home_longitude: null, radius_miles: null })
      .where('appraiser_id', '=', houston.id)
      .execute();
    await t.db
      .insertInto('appraiser_coverage')
      .values({ appraiser_id: houston.id, kind: 'county', code: '48201' })
      .execute();
    const lapsed = await qualified(demo);
    await t.db
      .updateTable('appraiser_licenses')
      .set({ expires_on: day(-3) })
      .where('appraiser_id', '=', lapsed.id)
      .execute();
    // Licensed elsewhere only: not a candidate for a Texas order at all.
    const elsewhere = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
    await t.db
      .insertInto('appraiser_licenses')
      .values({
        appraiser_id: elsewhere.id,
        state_id: '40',
        number: 'OK-1',
        level: 'certified_residential',
        expires_on: day(300),
      })
      .execute();

    const order = await placeOrder(t.app, t.db, demo);
    const offered = await autoAssign(demo, order.id);
    expect(offered).toEqual({ appraiser_id: demo.users.appraiser.id, status: 'Pending assignment' });

    const answer = await decisionsOf(demo.users.staff.api_key, order.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const [decision, ...older] = answer.json();
    expect(older).toEqual([]);
    expect(decision).toMatchObject({
      made_by: 'auto_assign',
      chosen: { id: demo.users.appraiser.id, name: 'Avery Appraiser' },
      rules: {
        weights: { distance: 3, workload: 3, turn_time: 2, on_time: 2, quality: 2, acceptance: 1, fee: 1 },
        filters: [
          'active',
          'not_turned_down',
          'not_excluded',
          'license',
          'eo_policy',
          'coverage',
          'product',
          'fee',
          'capacity',
          'time_off',
        ],
        pass_over_past_due: false,
        eo_minimum_per_claim: null,
        certified_product: false,
      },
    });
    const byId = Object.fromEntries(
      decision.candidates.map((c: { appraiser_id: string }) => [c.appraiser_id, c]),
    );
    expect(Object.keys(byId).sort()).toEqual(
      [demo.users.appraiser.id, away.id, houston.id, lapsed.id].sort(),
    );
    expect(byId[demo.users.appraiser.id]).toMatchObject({ eligible: true, rank: 1, failed_filters: [] });
    expect(byId[demo.users.appraiser.id].score).toBeGreaterThan(0);
    expect(byId[away.id]).toMatchObject({
      eligible: false,
      rank: null,
      failed_filters: [
        {
          filter: 'time_off',
          reason: `Away through ${day(5).slice(5, 7)}/${day(5).slice(8)}/${day(5).slice(0, 4)}`,
        },
      ],
    });
    expect(byId[houston.id].failed_filters).toEqual([
      { filter: 'coverage', reason: 'Covers neither Travis County, TX nor ZIP 78701' },
    ]);
    expect(byId[lapsed.id].failed_filters.map((f: { filter: string }) => f.filter)).toEqual(['license']);
    // The offer's history names the decision.
    const history = await t.db
      .selectFrom('order_history')
      .select('details')
      .where('order_id', '=', order.id)
      .where('action', '=', 'auto_assign_completed')
      .executeTakeFirstOrThrow();
    expect(history.details).toMatchObject({
      decision_id: decision.id,
      appraiser_id: demo.users.appraiser.id,
    });

    // The picker shows the same ranking, and the whole panel besides.
    const picker = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/appraiser_candidates`,
      headers: { 'X-Api-Key': demo.users.staff.api_key },
    });
    const rows = picker.json<{ id: string; rank: number | null; failed_filters: { filter: string }[] }[]>();
    expect(rows.map((r) => r.id)).toContain(elsewhere.id);
    expect(rows.find((r) => r.id === elsewhere.id)!.failed_filters.map((f) => f.filter)).toEqual([
      'license',
      'eo_policy',
      'coverage',
    ]);

    // Lenders and appraisers never read it; another company's staff find no order.
    expect((await decisionsOf(demo.users.client.api_key, order.id)).statusCode).toBe(403);
    expect((await decisionsOf(demo.users.appraiser.api_key, order.id)).statusCode).toBe(403);
    const stranger = await seedDemo(t.db);
    expect((await decisionsOf(stranger.users.staff.api_key, order.id)).statusCode).toBe(404);
    expect((await decisionsOf(demo.users.staff.api_key, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('passes over a licensed appraiser for a product the company marks as needing a certified one, and says so', async () => {
    const demo = await seedDemo(t.db);
    const certified = await qualified(demo);
    await t.db
      .updateTable('appraiser_licenses')
      .set({ level: 'licensed' })
      .where('appraiser_id', '=', demo.users.appraiser.id)
      .execute();
    const order = await placeOrder(t.app, t.db, demo);
    const { first_product_id: productId } = await t.db
      .selectFrom('orders')
      .select('first_product_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const rules = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/companies/${demo.company_id}/selection_rules`,
      headers: { 'X-Api-Key': demo.users.staff.api_key, 'Content-Type': 'application/json' },
      payload: JSON.stringify({ certified_products: [productId] }),
    });
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json()).toMatchObject({ certified_products: [productId] });

    expect(await autoAssign(demo, order.id)).toEqual({
      appraiser_id: certified.id,
      status: 'Pending assignment',
    });
    const [decision] = (await decisionsOf(demo.users.staff.api_key, order.id)).json();
    expect(decision.rules).toMatchObject({ certified_product: true });
    const licensed = decision.candidates.find(
      (c: { appraiser_id: string }) => c.appraiser_id === demo.users.appraiser.id,
    );
    const { name } = await t.db
      .selectFrom('products')
      .select('name')
      .where('id', '=', productId!)
      .executeTakeFirstOrThrow();
    expect(licensed.failed_filters).toEqual([
      { filter: 'license', reason: `${name} needs a certified appraiser; licensed in TX` },
    ]);
  });

  it("holds the appraisers to the lender's E&O minimum when it is above the company's", async () => {
    const demo = await seedDemo(t.db);
    const insured = await qualified(demo);
    await t.db
      .updateTable('appraiser_eo_policies')
      .set({ per_claim_cents: 300_000_000, aggregate_cents: 300_000_000 })
      .where('appraiser_id', '=', insured.id)
      .execute();
    const lender = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/clients/${demo.client_id}/settings`,
      headers: { 'X-Api-Key': demo.users.staff.api_key },
      payload: { eo_minimum_per_claim: '2000000' },
    });
    expect(lender.statusCode, lender.body).toBe(200);
    const order = await placeOrder(t.app, t.db, demo);
    expect(await autoAssign(demo, order.id)).toEqual({
      appraiser_id: insured.id,
      status: 'Pending assignment',
    });
    const [decision] = (await decisionsOf(demo.users.staff.api_key, order.id)).json();
    expect(decision.rules).toMatchObject({ eo_minimum_per_claim: '2000000.00' });
    const stopped = decision.candidates.find(
      (c: { appraiser_id: string }) => c.appraiser_id === demo.users.appraiser.id,
    );
    expect(stopped.failed_filters).toEqual([
      {
        filter: 'eo_policy',
        reason: "E&O coverage of $1,000,000.00 per claim is below the lender's minimum of $2,000,000.00",
      },
    ]);
  });

  it("scores how each appraiser answered the year's offers: accepted, against declined or left to lapse", async () => {
    const demo = await seedDemo(t.db);
    const choosy = await qualified(demo);
    // The answers were to other orders: this one nobody has turned down.
    const earlier = await placeOrder(t.app, t.db, demo);
    const order = await placeOrder(t.app, t.db, demo);
    const answer = (action: string, appraiserId: string, daysAgo: number) => ({
      order_id: earlier.id,
      action,
      from_status: 'Pending assignment',
      to_status: action === 'accept_assignment' ? 'Assigned' : 'Assignment rejected',
      user_id: action === 'offer_timeout' ? null : appraiserId,
      key_owner_id: action === 'offer_timeout' ? null : appraiserId,
      details: JSON.stringify(action === 'accept_assignment' ? {} : { appraiser_id: appraiserId }),
      created_at: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await t.db
      .insertInto('order_history')
      .values([
        answer('accept_assignment', demo.users.appraiser.id, 10),
        answer('accept_assignment', demo.users.appraiser.id, 40),
        // Over a year ago: not counted.
        answer('reject_assignment', demo.users.appraiser.id, 400),
        answer('accept_assignment', choosy.id, 5),
        answer('reject_assignment', choosy.id, 6),
        answer('reject_assignment', choosy.id, 7),
        answer('offer_timeout', choosy.id, 8),
      ])
      .execute();
    const picker = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/appraiser_candidates`,
      headers: { 'X-Api-Key': demo.users.staff.api_key },
    });
    expect(picker.statusCode, picker.body).toBe(200);
    const points = Object.fromEntries(
      picker
        .json<{ id: string; points: { acceptance: number } | null }[]>()
        .map((row) => [row.id, row.points?.acceptance]),
    );
    // Weight 1 of 10 points: every answered offer accepted 10; one of four 2.5.
    expect(points[demo.users.appraiser.id]).toBe(10);
    expect(points[choosy.id]).toBe(2.5);
  });

  it('reads a decision made before the acceptance factor with its weight and points at 0', async () => {
    const demo = await seedDemo(t.db);
    const order = await placeOrder(t.app, t.db, demo);
    const before = { distance: 3, workload: 3, turn_time: 2, on_time: 2, quality: 2, fee: 1 };
    await t.db
      .insertInto('assignment_decisions')
      .values({
        order_id: order.id,
        made_by: 'auto_assign',
        chosen_appraiser_id: demo.users.appraiser.id,
        rules: JSON.stringify({
          weights: before,
          filters: ['active'],
          pass_over_past_due: false,
          eo_minimum_cents: null,
        }),
        candidates: JSON.stringify([
          {
            appraiser_id: demo.users.appraiser.id,
            name: 'Avery Appraiser',
            eligible: true,
            rank: 1,
            score: 50,
            points: { distance: 15, workload: 10, turn_time: 10, on_time: 5, quality: 5, fee: 5 },
            failed: [],
            distance_miles: null,
            last_offered_at: null,
          },
        ]),
      })
      .execute();
    const answer = await decisionsOf(demo.users.staff.api_key, order.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const [decision] = answer.json();
    expect(decision.rules.weights).toEqual({ ...before, acceptance: 0 });
    expect(decision.rules.certified_product).toBe(false);
    expect(decision.candidates[0].points).toEqual({
      distance: 15,
      workload: 10,
      turn_time: 10,
      on_time: 5,
      quality: 5,
      acceptance: 0,
      fee: 5,
    });
    expect(decision.candidates[0].offer_fee).toBeNull();
  });

  it('records a decision with nobody chosen when every candidate is stopped, and the order goes back to Unassigned', async () => {
    const demo = await seedDemo(t.db);
    await t.db
      .insertInto('appraiser_time_off')
      .values({ appraiser_id: demo.users.appraiser.id, starts_on: day(0), ends_on: day(2), note: 'Away' })
      .execute();
    const order = await placeOrder(t.app, t.db, demo);
    expect(await autoAssign(demo, order.id)).toEqual({ appraiser_id: null, status: 'Unassigned' });
    const [decision] = (await decisionsOf(demo.users.staff.api_key, order.id)).json();
    expect(decision.chosen).toBeNull();
    expect(decision.candidates).toHaveLength(1);
    expect(decision.candidates[0].failed_filters[0].filter).toBe('time_off');
  });

  it('spreads orders over equal appraisers: max − min ≤ 1', async () => {
    const demo = await seedDemo(t.db);
    const panel = [demo.users.appraiser.id, (await qualified(demo)).id, (await qualified(demo)).id];
    const orders = [];
    for (let n = 0; n < 10; n += 1) orders.push(await placeOrder(t.app, t.db, demo));
    for (const order of orders) await act(t.app, demo.users.staff.api_key, order.id, 'auto_assign');
    await new WorkflowTimers(t.db, t.config).runOnce();
    const rows = await t.db
      .selectFrom('orders')
      .select('appraiser_id')
      .where(
        'id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    const counts = panel.map((id) => rows.filter((r) => r.appraiser_id === id).length);
    expect(counts.reduce((a, b) => a + b)).toBe(10);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });
});
