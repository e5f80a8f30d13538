import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { act, placeOrder } from '../helpers/orders.ts';

const t = useTestApp();
let demo: DemoWorld;
let assigned: { id: string };
let unassigned: { id: string };
let placedByStaff: { id: string };

beforeAll(async () => {
  demo = await seedDemo(t.db);
  assigned = await placeOrder(t.app, t.db, demo, {
    loan_number: 'LN-COLS-1',
    borrower: { first_name: 'Bea', last_name: 'Borrower' },
  });
  unassigned = await placeOrder(t.app, t.db, demo, { loan_number: 'LN-COLS-2' });
  placedByStaff = await placeOrder(t.app, t.db, demo, { loan_number: 'LN-COLS-3' }, demo.users.staff.api_key);
  const offered = await act(t.app, demo.users.staff.api_key, assigned.id, 'assign', {
    appraiser_id: demo.users.appraiser.id,
    fee: '300.00',
  });
  expect(offered.statusCode, offered.body).toBe(200);
  const accepted = await act(t.app, demo.users.appraiser.api_key, assigned.id, 'accept_assignment');
  expect(accepted.statusCode, accepted.body).toBe(200);
});

type Row = Record<string, unknown> & { id: string };
const list = async (query: string, key: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders${query}`,
    headers: { 'X-Api-Key': key },
  });
  return { status: response.statusCode, body: response.json<{ data: Row[]; error?: unknown }>() };
};
const rowOf = async (key: string, id: string) =>
  (await list('?per_page=100', key)).body.data.find((row) => row.id === id)!;

describe('the order list: the columns people choose', () => {
  it('gives borrower, loan number, client, products, dates and time in status', async () => {
    const row = await rowOf(demo.users.staff.api_key, assigned.id);
    expect(row).toMatchObject({
      borrower_name: 'Bea Borrower',
      loan_number: 'LN-COLS-1',
      client: { id: demo.client_id, name: expect.any(String) },
      products: [{ id: expect.any(String), name: expect.any(String) }],
      created_at: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      inspection_scheduled_at: null,
      inspection_completed_at: null,
      status: { id: 'assigned', name: 'Assigned' },
    });
    // The status changed when the appraiser accepted: after the order was placed.
    const changed = Date.parse(row.status_changed_at as string);
    expect(changed).toBeGreaterThan(Date.now() - 60_000);
    const fresh = await rowOf(demo.users.staff.api_key, unassigned.id);
    expect(typeof fresh.status_changed_at).toBe('string');
  });

  it("shows each role only its own side's fee", async () => {
    const staff = await rowOf(demo.users.staff.api_key, assigned.id);
    expect(staff).toMatchObject({
      total_fee: expect.stringMatching(/^\d+\.\d{2}$/),
      appraiser_fee: '300.00',
    });
    const lender = await rowOf(demo.users.client.api_key, assigned.id);
    expect(lender.total_fee).toBe(staff.total_fee);
    expect(lender.appraiser_fee).toBeNull();
    const appraiser = await rowOf(demo.users.appraiser.api_key, assigned.id);
    expect(appraiser.appraiser_fee).toBe('300.00');
    expect(appraiser.total_fee).toBeNull();
  });
});

describe('q[status_id_eq]: a status by its key', () => {
  it('lists the orders in that status, like q[status_name_eq]', async () => {
    const byKey = await list('?q[status_id_eq]=unassigned', demo.users.staff.api_key);
    const byName = await list('?q[status_name_eq]=Unassigned', demo.users.staff.api_key);
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.map((row) => row.id).sort()).toEqual(byName.body.data.map((row) => row.id).sort());
    expect(byKey.body.data.map((row) => row.id)).toContain(unassigned.id);
    expect(byKey.body.data.map((row) => row.id)).not.toContain(assigned.id);
    const several = await list(
      '?q[status_id_in][]=assigned&q[status_id_in][]=unassigned',
      demo.users.staff.api_key,
    );
    expect(several.body.data).toHaveLength(3);
  });

  it('answers 422 naming the term for a key that is no status, and lists nothing', async () => {
    const { status, body } = await list('?q[status_id_eq]=not_a_status', demo.users.staff.api_key);
    expect(status).toBe(422);
    expect(body).toMatchObject({
      success: false,
      error: {
        code: 'validation_failed',
        details: [{ field: 'q[status_id_eq]', message: expect.stringContaining('in_review') }],
      },
    });
    expect(body.data).toBeUndefined();
  });

  it('is a status search for the counts beside each status', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/status_counts?q[status_id_eq]=assigned',
      headers: { 'X-Api-Key': demo.users.staff.api_key },
    });
    expect(response.statusCode).toBe(200);
    const names = response.json<{ data: { status: { id: string } }[] }>().data.map((row) => row.status.id);
    expect(names.sort()).toEqual(['assigned', 'unassigned']);
  });
});

describe('q[created_by_id_eq]: the orders a user placed ("My orders")', () => {
  it('lists the orders placed by that user only', async () => {
    const mine = await list(`?q[created_by_id_eq]=${demo.users.staff.id}`, demo.users.staff.api_key);
    expect(mine.body.data.map((row) => row.id)).toEqual([placedByStaff.id]);
    const lender = await list(`?q[created_by_id_eq]=${demo.users.client.id}`, demo.users.client.api_key);
    expect(lender.body.data.map((row) => row.id).sort()).toEqual([assigned.id, unassigned.id].sort());
  });

  it('answers 422 for a value that is no id', async () => {
    const { status, body } = await list('?q[created_by_id_eq]=me', demo.users.client.api_key);
    expect(status).toBe(422);
    expect(body).toMatchObject({ error: { details: [{ field: 'q[created_by_id_eq]' }] } });
  });
});
