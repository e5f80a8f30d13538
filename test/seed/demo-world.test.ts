import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { countyForAddress } from '../../src/reference/geography.ts';
import { seedDemoWorld, type BigDemoWorld } from '../../src/seed/demo-world.ts';
import { createStorage } from '../../src/storage/index.ts';
import { STATUSES } from '../../src/workflow/statuses.ts';
import { useTestApp } from '../helpers/app.ts';
import { pdfText } from '../helpers/pdf.ts';

/**
 * The demo world of a first start (seed/demo-world.ts): written in bulk, it must read as the
 * service's own writes would: running totals equal to a real count, histories that chain from
 * creation to the order's status, ZIP codes in their counties, and orders that the API opens
 * and moves on in every status.
 */
const t = useTestApp();
let world: BigDemoWorld;

// How long seeding takes is measured by `npm run bench:first-start`, not here.
beforeAll(async () => {
  world = await seedDemoWorld(t.db, createStorage(t.config), t.config.fileNumberPrefix);
}, 120_000);

const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: { 'X-Api-Key': key } });

describe('the demo world', () => {
  it('holds two lenders, a panel of 25+ and 200+ orders', async () => {
    expect(world.orders).toBeGreaterThanOrEqual(200);
    const clients = await t.db
      .selectFrom('company_clients')
      .select('client_id')
      .where('company_id', '=', world.company_id)
      .execute();
    expect(clients).toHaveLength(2);
    const appraisers = await t.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('organization_id', '=', world.company_id)
      .where('role', '=', 'appraiser')
      .executeTakeFirstOrThrow();
    expect(appraisers.n).toBeGreaterThanOrEqual(25);
  });

  it("gives the panel credentials that make the picker's choices real", async () => {
    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', world.company_id)
      .where('status', '=', 'Unassigned')
      .limit(1)
      .executeTakeFirstOrThrow();
    const answer = await get(world.users.staff.api_key, `/api/v1/orders/${order.id}/appraiser_candidates`);
    expect(answer.statusCode, answer.body).toBe(200);
    const panel = answer.json<{ name: string; credential_problems: string[] }[]>();
    const problems = Object.fromEntries(panel.map((c) => [c.name, c.credential_problems]));
    // Most may take a Texas order; the exceptions say why.
    expect(panel.filter((c) => c.credential_problems.length === 0).length).toBeGreaterThan(panel.length / 2);
    expect(problems['William Fontenot']?.[0]).toMatch(/^The TX license expired on /);
    expect(problems['Laura Schmidt']).toEqual(['No errors-and-omissions policy on file']);
    expect(problems['Thomas Whitfield']?.[0]).toMatch(/^At capacity: \d+ open orders of 0$/);
    const avery = await get(
      world.users.appraiser.api_key,
      `/api/v1/appraisers/${world.users.appraiser.id}/credentials`,
    );
    expect(avery.json()).toMatchObject({
      licenses: [{ state: 'TX', level: 'certified_residential', standing: 'active' }],
      eo_policy: { standing: 'active' },
      fha_roster: true,
    });
  });

  it('has orders in every status but the one the service never leaves an order in', async () => {
    const rows = await t.db.selectFrom('orders').select(['status']).distinct().execute();
    const present = new Set(rows.map((r) => r.status));
    expect(STATUSES.filter((s) => !present.has(s))).toEqual(['Submission requested']);
  });

  it('keeps the running totals equal to a real count, per scope and status', async () => {
    const { rows: drift } = await sql<Record<string, unknown>>`
      WITH real AS (
        SELECT 'all' AS scope, '00000000-0000-0000-0000-000000000000'::uuid AS scope_id, status, count(*) AS n FROM orders GROUP BY status
        UNION ALL SELECT 'company', company_id, status, count(*) FROM orders GROUP BY company_id, status
        UNION ALL SELECT 'client', client_id, status, count(*) FROM orders GROUP BY client_id, status
        UNION ALL SELECT 'appraiser', appraiser_id, status, count(*) FROM orders WHERE appraiser_id IS NOT NULL GROUP BY appraiser_id, status),
      kept AS (SELECT scope, scope_id, status, sum(n) AS n FROM order_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0)
      SELECT * FROM real FULL JOIN kept USING (scope, scope_id, status)
       WHERE real.n IS DISTINCT FROM kept.n`.execute(t.db);
    expect(drift).toEqual([]);
  });

  it("keeps the dashboard's figures equal to the orders' dates", async () => {
    const { rows } = await sql<{
      received: string;
      completed: string;
      fulfilled: string;
      real_received: string;
      real_completed: string;
      real_fulfilled: string;
    }>`
      SELECT (SELECT sum(received) FROM order_daily_figures) AS received,
             (SELECT sum(completed) FROM order_daily_figures) AS completed,
             (SELECT sum(fulfilled) FROM order_daily_figures) AS fulfilled,
             (SELECT count(*) FROM orders) AS real_received,
             (SELECT count(*) FROM orders WHERE completed_at IS NOT NULL) AS real_completed,
             (SELECT count(*) FROM orders WHERE fulfilled_at IS NOT NULL) AS real_fulfilled`.execute(t.db);
    const row = rows[0]!;
    expect([row.received, row.completed, row.fulfilled].map(Number)).toEqual(
      [row.real_received, row.real_completed, row.real_fulfilled].map(Number),
    );
    const turnTimes = await sql<{
      n: string;
    }>`SELECT coalesce(sum(n), 0) AS n FROM order_turn_times WHERE product_id <> '00000000-0000-0000-0000-000000000000'`.execute(
      t.db,
    );
    expect(Number(turnTimes.rows[0]!.n)).toBe(Number(row.real_fulfilled));
  });

  it('gives each order a history that chains from its creation to its status, in time order, in the past', async () => {
    const orders = await t.db
      .selectFrom('orders')
      .select(['id', 'status', 'created_at', 'resume_status'])
      .execute();
    const history = await t.db
      .selectFrom('order_history')
      .select(['order_id', 'action', 'from_status', 'to_status', 'created_at'])
      .orderBy('created_at')
      .execute();
    const byOrder = Map.groupBy(history, (h) => h.order_id);
    const now = Date.now();
    for (const order of orders) {
      const steps = byOrder.get(order.id)!;
      expect(steps[0]).toMatchObject({ action: 'create', from_status: null });
      let status = steps[0]!.to_status;
      for (const step of steps.slice(1)) {
        expect(step.from_status, `${order.id} ${step.action}`).toBe(status);
        status = step.to_status;
        expect(step.created_at.getTime()).toBeLessThanOrEqual(now);
      }
      expect(status).toBe(order.status);
    }
  });

  it('writes nothing in the future but the inspections and offers still ahead, and pays what the payments say', async () => {
    const { rows } = await sql<{ late: string }>`
      SELECT (SELECT count(*) FROM notes WHERE created_at > now())
           + (SELECT count(*) FROM events WHERE created_at > now())
           + (SELECT count(*) FROM order_files WHERE created_at > now())
           + (SELECT count(*) FROM payments WHERE created_at > now())
           + (SELECT count(*) FROM orders WHERE status = 'Pending assignment' AND offer_expires_at <= now())
           + (SELECT count(*) FROM orders o WHERE paid_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM payments p
                                                                 WHERE p.order_id = o.id AND p.status = 'succeeded')) AS late`.execute(
      t.db,
    );
    expect(Number(rows[0]!.late)).toBe(0);
    const ahead = await t.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'Inspection scheduled')
      .where('inspection_scheduled_at', '>', new Date())
      .execute();
    expect(ahead.length).toBeGreaterThan(5);
  });

  it('gives its delivered and paid orders their invoices and payables, the ledgers adding up', async () => {
    const { rows } = await sql<{
      invoices: string;
      gaps: string;
      unbalanced: string;
      payables: string;
      owed: string;
    }>`
      SELECT (SELECT count(*) FROM invoices WHERE company_id = ${world.company_id}) AS invoices,
             (SELECT max(number) - count(*) FROM invoices WHERE company_id = ${world.company_id}) AS gaps,
             (SELECT count(*) FROM invoices i JOIN orders o ON o.id = i.order_id
               WHERE (SELECT sum(amount_cents) FROM receivable_entries e WHERE e.invoice_id = i.id)
                     IS DISTINCT FROM o.total_fee_cents - o.paid_cents - o.credited_cents
                 AND NOT (o.total_fee_cents = 0 AND o.paid_cents = 0)) AS unbalanced,
             (SELECT count(*) FROM payables WHERE company_id = ${world.company_id}) AS payables,
             (SELECT coalesce(sum(amount_cents), 0) FROM payable_entries WHERE company_id = ${world.company_id}) AS owed`.execute(
      t.db,
    );
    const figures = rows[0]!;
    expect(Number(figures.invoices)).toBeGreaterThan(20);
    expect(Number(figures.gaps)).toBe(0);
    expect(Number(figures.unbalanced)).toBe(0);
    expect(Number(figures.payables)).toBeGreaterThan(20);
    expect(Number(figures.owed)).toBeGreaterThan(0);
    const aging = await get(
      world.users.staff.api_key,
      `/api/v1/companies/${world.company_id}/receivables/aging`,
    );
    expect(aging.statusCode).toBe(200);
    expect(aging.json<{ clients: unknown[] }>().clients.length).toBeGreaterThan(0);
  });

  it('puts every property in the county its ZIP code lies in', async () => {
    const rows = await t.db.selectFrom('orders').select(['state_id', 'zip', 'county_id']).execute();
    for (const row of rows) expect(countyForAddress(row.state_id, row.zip)?.id, row.zip).toBe(row.county_id);
  });

  it('opens orders of every status through the API, with the actions each status allows', async () => {
    const expected: Partial<Record<(typeof STATUSES)[number], string>> = {
      Draft: 'place',
      Pending: 'accept_order',
      'Waiting payment': 'waive_payment',
      Unassigned: 'assign',
      Bidding: 'assign',
      'Assignment accepted with condition': 'approve_assignment_condition',
      'Assignment rejected': 'assign',
      'Assignment timed out': 'assign',
      'Refused negotiation': 'assign',
      'In review': 'start_review',
      'Internal quality assurance': 'request_completion',
      'Client request': 'forward_request',
      Completed: 'fulfill',
      'On hold': 'resume',
      'Attention needed': 'clear_attention',
      'Cancel requested': 'deny_cancel',
    };
    const staff = world.users.staff.api_key;
    const samples = await sql<{ id: string; status: string }>`
      SELECT DISTINCT ON (status) id, status FROM orders ORDER BY status, created_at DESC`.execute(t.db);
    for (const sample of samples.rows) {
      const answer = await get(staff, `/api/v1/orders/${sample.id}`);
      expect(answer.statusCode, sample.status).toBe(200);
      const order = answer.json<{ status: { name: string }; allowed_transitions: string[] }>();
      expect(order.status.name).toBe(sample.status);
      const action = expected[sample.status as keyof typeof expected];
      if (action) expect(order.allowed_transitions, sample.status).toContain(action);
      for (const what of ['history', 'notes', 'files', 'payments']) {
        const read = await get(staff, `/api/v1/orders/${sample.id}/${what}`);
        expect(read.statusCode, `${sample.status} ${what}`).toBe(200);
      }
    }
  });

  it('lets the workflow go on from seeded orders: staff start a review and assign an order', async () => {
    const staff = world.users.staff.api_key;
    const inReview = await t.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'In review')
      .limit(1)
      .executeTakeFirstOrThrow();
    const review = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${inReview.id}/start_review`,
      headers: { 'X-Api-Key': staff },
      payload: {},
    });
    expect(review.statusCode, review.body).toBe(200);
    const unassigned = await t.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'Unassigned')
      .limit(1)
      .executeTakeFirstOrThrow();
    const assign = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${unassigned.id}/assign`,
      headers: { 'X-Api-Key': staff },
      payload: { appraiser_id: world.users.appraiser.id, fee: '300' },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    // The demo appraiser now sees the offer among their orders.
    const mine = await get(world.users.appraiser.api_key, `/api/v1/orders/${unassigned.id}`);
    expect(mine.json()).toMatchObject({ allowed_transitions: expect.arrayContaining(['accept_assignment']) });
  });

  it("fills every staff queue and every chart of the company's dashboard", async () => {
    const staff = world.users.staff.api_key;
    const queues = (await get(staff, '/api/v1/orders/queues')).json<{
      data: { id: string; count: number }[];
    }>();
    expect(queues.data.filter((q) => q.count === 0).map((q) => q.id)).toEqual([]);
    const insight = (await get(staff, '/api/v1/insight?months=6')).json<{
      weeks: { received: { count: number }; completed: { count: number } }[];
      turn_time_by_month: unknown[];
      turn_time_by_product: unknown[];
      on_time: { fulfilled: { count: number }; late: { count: number } };
      revisions: { revised: { count: number } };
      open_by_appraiser: unknown[];
    }>();
    expect(insight.weeks.filter((w) => w.received.count > 0).length).toBeGreaterThan(15);
    expect(insight.weeks.filter((w) => w.completed.count > 0).length).toBeGreaterThan(15);
    expect(insight.turn_time_by_month.length).toBeGreaterThanOrEqual(5);
    expect(insight.turn_time_by_product.length).toBeGreaterThanOrEqual(3);
    expect(insight.on_time.fulfilled.count).toBeGreaterThan(50);
    expect(insight.on_time.late.count).toBeGreaterThan(0);
    expect(insight.revisions.revised.count).toBeGreaterThan(0);
    expect(insight.open_by_appraiser.length).toBeGreaterThanOrEqual(20);
  });

  it('gives the demo appraiser a full inbox and calendar, and a declining card to those whose fee failed', async () => {
    const mine = await t.db
      .selectFrom('orders')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('appraiser_id', '=', world.users.appraiser.id)
      .groupBy('status')
      .execute();
    const count = (status: string) => mine.find((row) => row.status === status)?.n ?? 0;
    expect(mine.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThanOrEqual(15);
    expect(count('Fulfilled')).toBeGreaterThanOrEqual(5);
    expect(
      count('Pending assignment') + count('Inspection scheduled') + count('Assigned'),
    ).toBeGreaterThanOrEqual(2);
    const failed = await t.db
      .selectFrom('orders')
      .innerJoin('payment_cards', 'payment_cards.user_id', 'orders.appraiser_id')
      .select(['payment_cards.token', 'payment_cards.last4'])
      .where('orders.status', '=', 'Submission fee failed')
      .execute();
    expect(failed.length).toBeGreaterThan(0);
    for (const card of failed)
      expect(card).toMatchObject({ token: expect.stringMatching(/^sandbox_card_declined_/), last4: '0002' });
  });

  it('shows each side only the notes whose audience reaches it', async () => {
    const { rows } = await sql<{ order_id: string }>`
      SELECT n.order_id FROM notes n JOIN orders o ON o.id = n.order_id
       WHERE o.appraiser_id = ${world.users.appraiser.id} AND o.client_id = ${world.client_id}
       GROUP BY n.order_id HAVING count(DISTINCT n.audience) >= 2 LIMIT 3`.execute(t.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const { order_id } of rows) {
      const audiences = async (key: string) =>
        new Set(
          (await get(key, `/api/v1/orders/${order_id}/notes`))
            .json<{ audience: string }[]>()
            .map((n) => n.audience),
        );
      const lender = await audiences(world.users.client.api_key);
      const appraiser = await audiences(world.users.appraiser.api_key);
      for (const audience of ['internal', 'appraiser']) expect(lender.has(audience)).toBe(false);
      for (const audience of ['internal', 'client']) expect(appraiser.has(audience)).toBe(false);
    }
  });

  it('scopes the lenders: a loan officer sees only their own orders, the manager all of the lender', async () => {
    const [manager, officer] = world.more_users;
    const count = async (key: string) =>
      (await get(key, '/api/v1/orders?per_page=1')).json<{ pagination: { total_count: number } }>().pagination
        .total_count;
    const all = await count(manager!.api_key!);
    const own = await count(officer!.api_key!);
    expect(all).toBeGreaterThan(50);
    expect(own).toBeGreaterThan(0);
    expect(own).toBeLessThan(all);
  });

  it('serves the seeded reports as real PDFs', async () => {
    const order = await t.db
      .selectFrom('order_files')
      .innerJoin('orders', 'orders.id', 'order_files.order_id')
      .select(['orders.id', 'orders.file_number'])
      .where('order_files.source', '=', 'submission')
      .limit(1)
      .executeTakeFirstOrThrow();
    const files = (await get(world.users.staff.api_key, `/api/v1/orders/${order.id}/files`)).json<
      { filename: string; link: string }[]
    >();
    const report = files.find((f) => f.filename.includes('appraisal report'))!;
    const url = new URL(report.link);
    const download = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(await pdfText(download.rawPayload)).toContain(order.file_number);
  });
});
