import { sql, type SqlBool } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueues } from '../../src/orders/pipeline.repository.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { createUser } from '../../src/users/user.service.ts';
import { useTestApp } from '../helpers/app.ts';
import { REPORT_PDF, REPORT_XML, sendMultipart } from '../helpers/multipart.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * The staff pipeline's API: GET /orders/queues (each queue with its statuses and counts, due
 * soon and overdue), the list filters its queues use, and GET /orders/{id}/appraiser_candidates
 * (the picker's figures). Bad input answers 4xx and changes nothing.
 */
const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;
const ids: Record<string, string> = {};
let second: { id: string };

const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: { 'X-Api-Key': key } });
const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
};

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  const { staff, appraiser, client } = demo.users;
  second = await createUser(t.db, {
    email: `bailey.${Date.now()}@panel.example`,
    firstName: 'Bailey',
    lastName: 'Bidwell',
    role: 'appraiser',
    organizationId: demo.company_id,
    isAdmin: false,
    title: null,
  });
  // Last week, Avery accepted an order of the same product for 410.00.
  const done = await placeOrder(t.app, t.db, demo, { loan_number: 'PAST' });
  await ok(act(t.app, staff.api_key, done.id, 'assign', { appraiser_id: appraiser.id, fee: '410' }));
  await ok(act(t.app, appraiser.api_key, done.id, 'accept_assignment'));
  ids.assigned = done.id;

  const overdue = await placeOrder(t.app, t.db, demo, { loan_number: 'LATE' });
  await t.db
    .updateTable('orders')
    .set({ due_date: new Date(Date.now() - 86_400_000) })
    .where('id', '=', overdue.id)
    .execute();
  ids.overdue = overdue.id;
  const soon = await placeOrder(t.app, t.db, demo, { loan_number: 'SOON' });
  await t.db
    .updateTable('orders')
    .set({ due_date: new Date(Date.now() + 3_600_000) })
    .where('id', '=', soon.id)
    .execute();
  ids.soon = soon.id;

  const offered = await placeOrder(t.app, t.db, demo, { loan_number: 'OFFER' });
  await ok(act(t.app, staff.api_key, offered.id, 'assign', { appraiser_id: second.id }));
  ids.offered = offered.id;

  const rejected = await placeOrder(t.app, t.db, demo, { loan_number: 'REJECTED' });
  await ok(act(t.app, staff.api_key, rejected.id, 'assign', { appraiser_id: appraiser.id }));
  await ok(act(t.app, appraiser.api_key, rejected.id, 'reject_assignment', { reason: 'Too far' }));
  ids.rejected = rejected.id;

  const cancelling = await placeOrder(t.app, t.db, demo, { loan_number: 'CANCEL' });
  await ok(act(t.app, client.api_key, cancelling.id, 'request_cancel', { reason: 'Deal fell through' }));
  await placeOrder(t.app, t.db, other, { loan_number: 'THEIRS' });
});

describe('GET /api/v1/orders/queues', () => {
  it("counts each queue of the company's orders, with the overdue and the due soon", async () => {
    const answer = await get(demo.users.staff.api_key, '/api/v1/orders/queues');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{
      data: {
        id: string;
        statuses: string[];
        count: number;
        overdue_count: number;
        due_soon_count: number;
      }[];
      as_of: string;
      due_soon_before: string;
    }>();
    const queue = (id: string) => body.data.find((q) => q.id === id)!;
    expect(body.data.map((q) => q.id)).toEqual([
      'new',
      'offers',
      'decisions',
      'review',
      'revisions',
      'on_hold',
      'attention',
      'cancellations',
    ]);
    // LATE, SOON and REJECTED wait to be assigned; OFFER is out; CANCEL asks to be cancelled.
    expect(queue('new')).toMatchObject({
      count: 3,
      overdue_count: 1,
      overdue_count_capped: false,
      due_soon_count: 1,
      due_soon_count_capped: false,
    });
    expect(queue('new').statuses).toContain('Assignment rejected');
    expect(queue('offers')).toMatchObject({ count: 1, overdue_count: 0, due_soon_count: 0 });
    expect(queue('cancellations')).toMatchObject({ count: 1 });
    expect(queue('on_hold')).toMatchObject({ count: 0 });
    expect(Date.parse(body.due_soon_before) - Date.parse(body.as_of)).toBe(48 * 3_600_000);

    // Another company sees only its own (none of these queues holds its new order but "new").
    const theirs = await get(other.users.staff.api_key, '/api/v1/orders/queues');
    expect(theirs.json<typeof body>().data.find((q) => q.id === 'new')!.count).toBe(1);
  });

  it("is for the company's staff and operators: clients and appraisers get 403", async () => {
    for (const key of [demo.users.client.api_key, demo.users.appraiser.api_key]) {
      const answer = await get(key, '/api/v1/orders/queues');
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    expect((await get('not-a-key', '/api/v1/orders/queues')).statusCode).toBe(401);
  });
});

describe('the late orders of a queue', () => {
  it('are counted up to the cap only, so a busy queue costs what a small one does', async () => {
    const statuses = [['Unassigned', 'Assignment rejected']];
    const visible = sql<SqlBool>`orders.company_id = ${demo.company_id}`;
    const scope = { scope: 'company' as const, id: demo.company_id, counted: true };
    const countDeadlines = async (window: { now: Date; soon: Date; cap: number }) =>
      (await countQueues(t.db, scope, visible, statuses, window)).map(({ overdue, due_soon }) => ({
        overdue,
        due_soon,
      }));
    const now = new Date();
    const window = { now, soon: new Date(now.getTime() + 48 * 3_600_000) };
    // LATE is overdue; SOON, and REJECTED (due 12/15/2037) is not within 48 hours.
    expect(await countDeadlines({ ...window, cap: 100 })).toEqual([{ overdue: 1, due_soon: 1 }]);
    await t.db
      .updateTable('orders')
      .set({ due_date: new Date(now.getTime() - 3_600_000) })
      .where('id', '=', ids.rejected!)
      .execute();
    // With a cap of 1, two overdue read as cap + 1: "more than 1".
    expect(await countDeadlines({ ...window, cap: 1 })).toEqual([{ overdue: 2, due_soon: 1 }]);
    expect(await countDeadlines({ ...window, cap: 0 })).toEqual([{ overdue: 1, due_soon: 1 }]);
    await t.db
      .updateTable('orders')
      .set({ due_date: new Date('2037-12-15T17:00:00Z') })
      .where('id', '=', ids.rejected!)
      .execute();
  });
});

describe("the list filters of the pipeline's queues", () => {
  it('lists a queue by its statuses, with the appraiser and when each offer times out', async () => {
    const answer = await get(
      demo.users.staff.api_key,
      '/api/v1/orders?q[status_name_in][]=Auto%20assign%20processing&q[status_name_in][]=Pending%20assignment&q[offer_expires_at_gt]=2026-01-01',
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = answer.json<{ data: Record<string, unknown>[] }>().data;
    expect(row).toMatchObject({
      id: ids.offered,
      appraiser: { id: second.id, name: 'Bailey Bidwell' },
      offer_expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const detail = await get(demo.users.staff.api_key, `/api/v1/orders/${ids.offered}`);
    expect(detail.json()).toMatchObject({ offer_expires_at: row!.offer_expires_at });
  });

  it('finds the overdue by due date, and answers 422 naming a bad offer_expires_at', async () => {
    const late = await get(
      demo.users.staff.api_key,
      `/api/v1/orders?q[due_date_lt]=${encodeURIComponent(new Date().toISOString())}`,
    );
    expect(late.json<{ data: { id: string }[] }>().data.map((o) => o.id)).toEqual([ids.overdue]);
    const bad = await get(demo.users.staff.api_key, '/api/v1/orders?q[offer_expires_at_lt]=soon');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      error: { code: 'validation_failed', details: [{ field: 'q[offer_expires_at_lt]' }] },
    });
  });
});

/** An appraiser with no credentials on file, as the picker says it for an order in Texas. */
const NO_CREDENTIALS = ['No license in TX', 'No errors-and-omissions policy on file'];
/** An appraiser a hard filter stops: no rank, no score (the engine: docs/assignment.md). */
const STOPPED = { eligible: false, rank: null, score: null, points: null };

describe('GET /api/v1/orders/{order_id}/appraiser_candidates', () => {
  it('lists the panel with open orders, next due dates, last fee for the product, and who turned it down', async () => {
    const answer = await get(demo.users.staff.api_key, `/api/v1/orders/${ids.rejected}/appraiser_candidates`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual([
      {
        id: demo.users.appraiser.id,
        name: 'Avery Appraiser',
        email: demo.users.appraiser.email,
        open_orders: 1,
        next_due_dates: ['12/15/2037'],
        last_accepted_fee: '410.00',
        last_accepted_on: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        turned_down_this_order: true,
        is_current: false,
        // The demo appraiser is qualified (seed/demo.ts), but turned this order down.
        credential_problems: [],
        excluded_by_client: null,
        ...STOPPED,
        failed_filters: [
          {
            filter: 'not_turned_down',
            reason: 'Turned this order down (rejected it or let the offer lapse)',
          },
        ],
        distance_miles: null,
        // The demo company's standard fee for the order's product (docs/fees.md).
        offer_fee: '285.00',
        // Accepted one offer and turned this one down; nothing completed yet.
        last_90_days: {
          completed: 0,
          business_days: null,
          on_time_rate: null,
          sent_back_rate: null,
          acceptance_rate: 0.5,
        },
      },
      {
        id: second.id,
        name: 'Bailey Bidwell',
        email: expect.any(String),
        open_orders: 1,
        next_due_dates: ['12/15/2037'],
        last_accepted_fee: null,
        last_accepted_on: null,
        turned_down_this_order: false,
        is_current: false,
        credential_problems: NO_CREDENTIALS,
        excluded_by_client: null,
        ...STOPPED,
        failed_filters: [
          { filter: 'license', reason: 'No license in TX' },
          { filter: 'eo_policy', reason: 'No errors-and-omissions policy on file' },
          { filter: 'coverage', reason: 'No coverage recorded: no county, ZIP code or radius' },
        ],
        distance_miles: null,
        // The demo company's standard fee for the order's product (docs/fees.md).
        offer_fee: '285.00',
        // Offered an order, not answered yet: no record.
        last_90_days: null,
      },
    ]);
  });

  it("says what keeps each appraiser from the order: the subject's state license, the insurance, the FHA roster, the capacity", async () => {
    const problemsOf = async (orderId: string) => {
      const answer = await get(demo.users.staff.api_key, `/api/v1/orders/${orderId}/appraiser_candidates`);
      const rows = answer.json<{ id: string; credential_problems: string[] }[]>();
      return rows.find((row) => row.id === second.id)!.credential_problems;
    };
    const put = async (path: string, body: unknown) => {
      const answer = await t.app.inject({
        method: path.endsWith('profile') ? 'PATCH' : 'PUT',
        url: `/api/v1/appraisers/${second.id}/${path}`,
        headers: { 'X-Api-Key': demo.users.staff.api_key },
        payload: body as Record<string, unknown>,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await put('licenses/TX', { number: 'TX-1', level: 'licensed', expires_on: '2000-01-31' });
    expect(await problemsOf(ids.rejected!)).toEqual([
      'The TX license expired on 01/31/2000',
      'No errors-and-omissions policy on file',
    ]);
    await put('licenses/TX', { number: 'TX-1', level: 'licensed', expires_on: '2099-01-31' });
    await put('eo_policy', {
      carrier: 'Acme',
      policy_number: 'P-1',
      per_claim: '500000',
      expires_on: '2099-01-31',
    });
    expect(await problemsOf(ids.rejected!)).toEqual([]);
    // Open orders at the limit the company set.
    await put('profile', { capacity: 1 });
    expect(await problemsOf(ids.rejected!)).toEqual(['At capacity: 1 open orders of 1']);
    await put('profile', { capacity: null });
    // An FHA loan: certified, and on the roster.
    const fha = await placeOrder(t.app, t.db, demo, { loan_type: 'fha' });
    expect(await problemsOf(fha.id)).toEqual([
      'An FHA loan needs a certified appraiser; licensed in TX',
      'Not on the FHA roster (an FHA loan)',
    ]);
    await put('licenses/TX', { number: 'TX-1', level: 'certified_residential', expires_on: '2099-01-31' });
    await put('profile', { fha_roster: true });
    expect(await problemsOf(fha.id)).toEqual([]);
    // Another state's license does not count.
    const oklahoma = await placeOrder(t.app, t.db, demo, {
      address: { street_1: '1 Main St', city: 'Tulsa', state: 'OK', zip: '74103' },
    });
    expect(await problemsOf(oklahoma.id)).toEqual(['No license in OK']);
  });

  it('answers 404 for a malformed id or an order of another company, 403 for clients and appraisers', async () => {
    const staff = demo.users.staff.api_key;
    expect((await get(staff, '/api/v1/orders/not-a-uuid/appraiser_candidates')).statusCode).toBe(404);
    const theirs = await get(
      other.users.staff.api_key,
      `/api/v1/orders/${ids.rejected}/appraiser_candidates`,
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: { code: 'not_found' } });
    for (const key of [demo.users.client.api_key, demo.users.appraiser.api_key]) {
      expect((await get(key, `/api/v1/orders/${ids.assigned}/appraiser_candidates`)).statusCode).toBe(403);
    }
  });
});

describe('a report opened in the browser: GET /files/{id}?disposition=inline', () => {
  it('serves a PDF inline, any other file still as a download, and answers 422 to a bad disposition', async () => {
    const key = demo.users.staff.api_key;
    const upload = async (part: typeof REPORT_PDF, fileType: string) => {
      const answer = await sendMultipart(t.app, 'POST', `/api/v1/orders/${ids.assigned}/files`, key, [
        ['attachment', part],
        ['file_type', fileType],
      ]);
      expect(answer.statusCode, answer.body).toBe(201);
      const link = new URL(answer.json<{ link: string }>().link);
      return link.pathname + link.search;
    };
    const pdf = await upload(REPORT_PDF, 'appraisal_pdf');
    const xml = await upload(REPORT_XML, 'appraisal_xml');
    const open = (link: string, disposition: string) =>
      t.app.inject({ method: 'GET', url: `${link}&disposition=${disposition}` });

    const inline = await open(pdf, 'inline');
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="report\.pdf"/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    const download = await open(pdf, 'attachment');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['content-security-policy']).toContain('sandbox');
    const other = await open(xml, 'inline');
    expect(other.headers['content-disposition']).toMatch(/^attachment;/);
    expect(other.headers['content-security-policy']).toContain('sandbox');

    const bad = await open(pdf, 'embed');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect(JSON.stringify(bad.json())).toContain('disposition');
  });
});
