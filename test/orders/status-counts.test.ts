import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * GET /api/v1/orders/status_counts: how many of the caller's orders are in each status, for the
 * status filter of the order list. Same visibility and q[…] terms as the list, status aside.
 */
const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  await placeOrder(t.app, t.db, demo, { loan_number: 'COUNT-1' });
  await placeOrder(t.app, t.db, demo, { loan_number: 'COUNT-2' });
  const held = await placeOrder(t.app, t.db, demo, { loan_number: 'COUNT-3' });
  expect(
    (await act(t.app, demo.users.client.api_key, held.id, 'hold', { reason: 'waiting' })).statusCode,
  ).toBe(200);
  await placeOrder(t.app, t.db, other, { loan_number: 'COUNT-4' });
});

const counts = (key: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders/status_counts${query}`, headers: { 'X-Api-Key': key } });

describe('GET /api/v1/orders/status_counts', () => {
  it("counts the caller's orders per status, in workflow order, and none of another lender's", async () => {
    const answer = await counts(demo.users.client.api_key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      data: [
        { status: { id: 'unassigned', name: 'Unassigned', category: 'not_started' }, count: 2 },
        { status: { id: 'on_hold', name: 'On hold', category: 'needs_attention' }, count: 1 },
      ],
      total_count: 3,
      total_count_is_estimate: false,
    });
    const theirs = await counts(other.users.client.api_key);
    expect(theirs.json()).toMatchObject({ total_count: 1 });
  });

  it('applies the search but leaves its status terms aside', async () => {
    const searched = await counts(
      demo.users.client.api_key,
      '?q[loan_number_in][]=COUNT-1&q[loan_number_in][]=COUNT-3&q[status_name_eq]=Unassigned',
    );
    expect(searched.json()).toEqual({
      data: [
        { status: { id: 'unassigned', name: 'Unassigned', category: 'not_started' }, count: 1 },
        { status: { id: 'on_hold', name: 'On hold', category: 'needs_attention' }, count: 1 },
      ],
      total_count: 2,
      total_count_is_estimate: false,
    });
    // The same numbers the list answers for each status.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders?q[loan_number_in][]=COUNT-1&q[loan_number_in][]=COUNT-3&q[status_name_eq]=On%20hold',
      headers: { 'X-Api-Key': demo.users.client.api_key },
    });
    expect(list.json().pagination.total_count).toBe(1);
  });

  it('an appraiser counts only the orders offered to them: none yet', async () => {
    const answer = await counts(demo.users.appraiser.api_key);
    expect(answer.json()).toEqual({ data: [], total_count: 0, total_count_is_estimate: false });
  });

  it('refuses a bad search with 422 naming the term, and a caller without a key with 401', async () => {
    for (const query of ['?q[bogus_eq]=1', '?q[due_date_lt]=someday', '?q[s]=nothing%20sideways']) {
      const answer = await counts(demo.users.client.api_key, query);
      expect(answer.statusCode, query).toBe(422);
      expect(answer.json().error.details[0].field).toMatch(/^q/);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/orders/status_counts' });
    expect(anonymous.statusCode).toBe(401);
  });
});
