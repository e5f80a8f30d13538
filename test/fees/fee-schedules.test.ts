import { describe, expect, it } from 'vitest';
import { daysUntil, quoteFee, type ScheduleEntry } from '../../src/fees/fee-quote.ts';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { act, orderableProducts, placeOrder } from '../helpers/orders.ts';

/**
 * Fee schedules (docs/fees.md): the most specific line applies with its add-ons; the lender's
 * schedule prices new orders; an offer always carries a fee (entered, the appraiser's own line, or
 * the company's standard one), and without one the offer is refused naming `fee`; who reads and
 * changes a schedule; bad lines answered 422 naming the line, changing nothing.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });

const line = (overrides: Partial<ScheduleEntry>): ScheduleEntry => ({
  own: false,
  state_id: null,
  county_id: null,
  fee_cents: '40000',
  rush_fee_cents: '0',
  rush_days: null,
  complexity_fee_cents: '0',
  ...overrides,
});

describe('which line applies', () => {
  const travis = { stateId: '48', countyId: '48453', daysToDue: 10, complex: false };
  it('the own line before everyone’s, the county before the state before everywhere', () => {
    const everywhere = line({ fee_cents: '40000' });
    const texas = line({ state_id: '48', fee_cents: '42000' });
    const county = line({ state_id: '48', county_id: '48453', fee_cents: '45000' });
    const ownTexas = line({ own: true, state_id: '48', fee_cents: '39000' });
    const elsewhere = line({ own: true, state_id: '48', county_id: '48491', fee_cents: '10000' });
    expect(quoteFee([everywhere], travis)?.total_cents).toBe(40000n);
    expect(quoteFee([everywhere, texas], travis)?.total_cents).toBe(42000n);
    expect(quoteFee([county, everywhere, texas], travis)).toMatchObject({
      total_cents: 45000n,
      scope: 'county',
    });
    expect(quoteFee([county, ownTexas, elsewhere], travis)).toMatchObject({
      total_cents: 39000n,
      scope: 'state',
      own: true,
    });
    expect(quoteFee([elsewhere, line({ state_id: '06' })], travis)).toBeNull();
  });

  it('adds the rush fee when the due date is fewer than rush_days away, and the complexity fee', () => {
    const rushLine = line({ rush_fee_cents: '7500', rush_days: 3, complexity_fee_cents: '10000' });
    expect(quoteFee([rushLine], { ...travis, daysToDue: 3 })?.total_cents).toBe(40000n);
    expect(quoteFee([rushLine], { ...travis, daysToDue: 2 })).toMatchObject({
      total_cents: 47500n,
      rush_cents: 7500n,
    });
    expect(quoteFee([rushLine], { ...travis, daysToDue: 2, complex: true })?.total_cents).toBe(57500n);
    const now = new Date('2026-11-27T12:00:00Z');
    expect(daysUntil(new Date('2026-11-29T11:00:00Z'), now)).toBe(1);
    expect(daysUntil(new Date('2026-11-26T11:00:00Z'), now)).toBe(0);
  });
});

const call = async (method: 'GET' | 'PUT', url: string, key: string, payload?: unknown) => {
  const response = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { 'X-Api-Key': key, ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  return { status: response.statusCode, body: response.json() };
};
const fields = (body: { error: { details: { field: string }[] } }) => body.error.details.map((d) => d.field);

/** The product orderBody orders (the first orderable by name), and every product by name. */
async function productIds(demo: DemoWorld) {
  const rows = await t.db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('company_id', '=', demo.company_id)
    .execute();
  return {
    ordered: (await orderableProducts(t.db, demo))[0]!,
    ...Object.fromEntries(rows.map((row) => [row.name, row.id])),
  };
}

/** Staff of the company who are not its admins. */
const clerkOf = (demo: DemoWorld) => createUserWithKey(t.db, 'staff', { id: demo.company_id, name: '' });

async function adminOf(demo: DemoWorld) {
  return createUserWithKey(t.db, 'staff', { id: demo.company_id, name: '' }, { admin: true });
}

const changesOf = (companyId: string) =>
  t.db
    .selectFrom('fee_schedule_changes')
    .select(['schedule', 'appraiser_id', 'before', 'after'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .execute();

describe("the lender's fee schedule", () => {
  it('is replaced by the company’s admins, read by its staff, kept in the changes, and prices new orders', async () => {
    const demo = await seedDemo(t.db);
    const admin = await adminOf(demo);
    const products = await productIds(demo);
    const full = products.ordered;
    const path = `companies/${demo.company_id}/lender_fee_schedule`;
    expect(await call('GET', path, demo.users.staff.api_key)).toEqual({
      status: 200,
      body: { company_id: demo.company_id, entries: [] },
    });
    const put = await call('PUT', path, admin.key, {
      entries: [
        { product_id: full, fee: '500.00' },
        {
          product_id: full,
          state: 'TX',
          fee: '520.00',
          rush_fee: '100',
          rush_days: 5,
          complexity_fee: '75.50',
        },
        { client_id: demo.client_id, product_id: full, county: '48453', fee: '540.00' },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.entries).toEqual([
      expect.objectContaining({
        client_id: null,
        state: null,
        county: null,
        fee: '500.00',
        rush_fee: '0.00',
      }),
      expect.objectContaining({
        client_id: null,
        state: 'TX',
        fee: '520.00',
        rush_fee: '100.00',
        rush_days: 5,
        complexity_fee: '75.50',
      }),
      expect.objectContaining({
        client_id: demo.client_id,
        state: 'TX',
        county: { fips: '48453', name: 'Travis County' },
        fee: '540.00',
      }),
    ]);
    expect(await call('GET', path, demo.users.staff.api_key)).toEqual({ status: 200, body: put.body });
    expect(await changesOf(demo.company_id)).toEqual([
      expect.objectContaining({ schedule: 'lender', before: [], after: put.body.entries }),
    ]);

    // In Travis County the client's own line: 540. In Dallas (Texas, not Travis) due in 2 days
    // and complex: 520 + 100 rush + 75.50 complexity.
    const totalOf = (order: object) => (order as { total_fee: string }).total_fee;
    const travis = await placeOrder(t.app, t.db, demo);
    expect(totalOf(travis)).toBe('540.00');
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 16);
    const dallas = await placeOrder(t.app, t.db, demo, {
      address: { street_1: '1500 Marilla St', city: 'Dallas', state: 'TX', zip: '75201' },
      due_date: soon,
      complex_property: true,
    });
    expect(totalOf(dallas)).toBe('695.50');
  });

  it('refuses bad lines naming each, and changes nothing; staff who are not admins, lenders and appraisers may not', async () => {
    const demo = await seedDemo(t.db);
    const other = await seedDemo(t.db);
    const admin = await adminOf(demo);
    const products = await productIds(demo);
    const foreign = Object.values(await productIds(other))[0]!;
    const full = products.ordered;
    const path = `companies/${demo.company_id}/lender_fee_schedule`;
    const bad = await call('PUT', path, admin.key, {
      entries: [
        { product_id: foreign, fee: '500' },
        { product_id: full, state: 'Narnia', fee: '500' },
        { product_id: full, state: 'CA', county: '48453', fee: '500' },
        { product_id: full, county: '99999', fee: '500' },
        { product_id: full, fee: '500', rush_fee: '100' },
        { client_id: other.client_id, product_id: full, fee: '500' },
        { product_id: full, fee: '500' },
        { product_id: full, fee: '510' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(fields(bad.body), JSON.stringify(bad.body)).toEqual([
      'entries[5].client_id',
      'entries[0].product_id',
      'entries[1].state',
      'entries[2].county',
      'entries[3].county',
      'entries[4].rush_days',
      'entries[7]',
    ]);
    expect(bad.body.error.details.at(-1).message).toBe('says again what entries[6] says for the same place');
    const shape = await call('PUT', path, admin.key, { entries: [{ product_id: full, fee: 'free' }] });
    expect(shape.status).toBe(422);
    expect(fields(shape.body)).toEqual(['entries[0].fee']);
    expect((await call('GET', path, admin.key)).body.entries).toEqual([]);
    expect(await changesOf(demo.company_id)).toEqual([]);

    const valid = { entries: [{ product_id: full, fee: '500' }] };
    const clerk = await clerkOf(demo);
    expect((await call('GET', path, clerk.key)).status).toBe(200);
    expect((await call('PUT', path, clerk.key, valid)).status).toBe(403);
    expect((await call('GET', path, demo.users.client.api_key)).status).toBe(403);
    expect((await call('GET', path, demo.users.appraiser.api_key)).status).toBe(403);
    expect((await call('GET', `companies/${other.company_id}/lender_fee_schedule`, admin.key)).status).toBe(
      404,
    );
    expect((await call('GET', `companies/${demo.client_id}/lender_fee_schedule`, admin.key)).status).toBe(
      404,
    );
  });
});

describe('the fee an offer carries', () => {
  it('is the one entered, else the appraiser’s own line, else the company’s standard fee', async () => {
    const demo = await seedDemo(t.db);
    const products = await productIds(demo);
    const full = products.ordered;
    const offer = async (body: Record<string, unknown>) => {
      const order = await placeOrder(t.app, t.db, demo);
      const answer = await act(t.app, demo.users.staff.api_key, order.id, 'assign', {
        appraiser_id: demo.users.appraiser.id,
        ...body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (
        await t.db
          .selectFrom('orders')
          .select('appraiser_fee_cents')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).appraiser_fee_cents;
    };
    expect(await offer({ fee: '333.00' })).toBe('33300');
    // The demo company's standard fee for a condominium appraisal.
    expect(await offer({})).toBe('28500');
    const own = await call(
      'PUT',
      `appraisers/${demo.users.appraiser.id}/fee_schedule`,
      demo.users.appraiser.api_key,
      {
        entries: [{ product_id: full, county: '48453', fee: '310.00' }],
      },
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ appraiser_id: demo.users.appraiser.id, entries: [{ fee: '310.00' }] });
    expect(await offer({})).toBe('31000');
    // A bad line of the appraiser's own schedule is named, and the schedule stays as it was.
    const ownPath = `appraisers/${demo.users.appraiser.id}/fee_schedule`;
    const badOwn = await call('PUT', ownPath, demo.users.appraiser.api_key, {
      entries: [{ product_id: full, county: '06037', state: 'TX', fee: '300' }],
    });
    expect(badOwn.status).toBe(422);
    expect(fields(badOwn.body)).toEqual(['entries[0].county']);
    expect((await call('GET', ownPath, demo.users.appraiser.api_key)).body.entries).toEqual(own.body.entries);
    expect(await changesOf(demo.company_id)).toEqual([
      expect.objectContaining({ schedule: 'appraiser', appraiser_id: demo.users.appraiser.id }),
    ]);
    // The lender never reads what an appraiser is paid.
    const asLender = await call(
      'GET',
      `appraisers/${demo.users.appraiser.id}/fee_schedule`,
      demo.users.client.api_key,
    );
    expect(asLender.status).toBe(403);
  });

  it('is required when no line applies: the offer is refused naming fee and nothing changes', async () => {
    const demo = await seedDemo(t.db);
    const admin = await adminOf(demo);
    const standard = `companies/${demo.company_id}/appraiser_fee_schedule`;
    expect((await call('PUT', standard, admin.key, { entries: [] })).status).toBe(200);
    const order = await placeOrder(t.app, t.db, demo);
    const answer = await act(t.app, demo.users.staff.api_key, order.id, 'assign', {
      appraiser_id: demo.users.appraiser.id,
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.details).toEqual([
      {
        field: 'fee',
        message:
          "is required: neither the appraiser's fee schedule nor the company's standard fees have a line for this order's product and place",
      },
    ]);
    const after = await t.db
      .selectFrom('orders')
      .select(['status', 'appraiser_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'Unassigned', appraiser_id: null });

    // The engine stops the demo appraiser on the fee filter and offers nobody.
    expect((await act(t.app, demo.users.staff.api_key, order.id, 'auto_assign')).statusCode).toBe(200);
    await new WorkflowTimers(t.db, t.config).runOnce();
    const decisions = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/assignment_decisions`,
      headers: { 'X-Api-Key': demo.users.staff.api_key },
    });
    const [decision] = decisions.json();
    expect(decision.chosen).toBeNull();
    expect(decision.candidates[0].failed_filters, JSON.stringify(decision)).toEqual([
      expect.objectContaining({
        filter: 'fee',
        reason: expect.stringContaining('No fee for Condominium Appraisal (1073) in Travis County, TX'),
      }),
    ]);
  });

  it('is the schedule’s when the engine offers, and the history says so', async () => {
    const demo = await seedDemo(t.db);
    const order = await placeOrder(t.app, t.db, demo);
    expect((await act(t.app, demo.users.staff.api_key, order.id, 'auto_assign')).statusCode).toBe(200);
    await new WorkflowTimers(t.db, t.config).runOnce();
    const offered = await t.db
      .selectFrom('orders')
      .select(['status', 'appraiser_id', 'appraiser_fee_cents'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(
      offered,
      JSON.stringify(await t.db.selectFrom('assignment_decisions').select('candidates').execute()),
    ).toEqual({
      status: 'Pending assignment',
      appraiser_id: demo.users.appraiser.id,
      appraiser_fee_cents: '28500',
    });
    const history = await t.db
      .selectFrom('order_history')
      .select('details')
      .where('order_id', '=', order.id)
      .where('action', '=', 'auto_assign_completed')
      .executeTakeFirstOrThrow();
    expect(history.details).toMatchObject({ appraiser_fee: '285.00' });
  });
});

describe('the company’s standard appraiser fees', () => {
  it('are read by staff and replaced by its admins; bad lines are named', async () => {
    const demo = await seedDemo(t.db);
    const admin = await adminOf(demo);
    const path = `companies/${demo.company_id}/appraiser_fee_schedule`;
    const read = await call('GET', path, demo.users.staff.api_key);
    expect(read.status).toBe(200);
    expect(read.body.appraiser_id).toBeNull();
    expect(read.body.entries).toHaveLength(5);
    expect(read.body.entries[0]).toMatchObject({ rush_fee: '75.00', rush_days: 3, complexity_fee: '100.00' });
    const bad = await call('PUT', path, admin.key, {
      entries: [{ product_id: read.body.entries[0].product_id, fee: '1,000,000,000,000,000.00' }],
    });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['entries[0].fee']);
    const badLine = await call('PUT', path, admin.key, {
      entries: [{ product_id: read.body.entries[0].product_id, state: 'TX', county: '06037', fee: '300' }],
    });
    expect(badLine.status).toBe(422);
    expect(fields(badLine.body)).toEqual(['entries[0].county']);
    expect((await call('PUT', path, (await clerkOf(demo)).key, { entries: [] })).status).toBe(403);
    expect((await call('GET', path, demo.users.appraiser.api_key)).status).toBe(403);
    expect((await call('GET', path, admin.key)).body.entries).toHaveLength(5);
  });
});
