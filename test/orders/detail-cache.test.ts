import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { detailCacheStats } from '../../src/orders/order.detail-cache.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * GET /api/v1/orders/{id} serves an order assembled earlier while the order is unchanged (its
 * version, updated_at, is read by primary key with the visibility check), and never once it
 * changed: by a workflow action, a party added or made the point of contact, a payment, or an
 * update of the row by any other writer. Each caller still gets their own answer from it.
 */
const t = useTestApp();
let demo: DemoWorld;
let orderId: string;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  ({ id: orderId } = await placeOrder(t.app, t.db, demo, { loan_number: 'CACHE-1' }));
});

const detail = async (key = demo.users.staff.api_key) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}`,
    headers: { 'X-Api-Key': key },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<Record<string, unknown> & { parties: { name: string; poc: boolean; id: string }[] }>();
};

describe('the order detail of an unchanged order', () => {
  it('is served again without assembling the order, and is the same answer', async () => {
    const first = await detail();
    const before = detailCacheStats();
    const second = await detail();
    expect(detailCacheStats().hits).toBe(before.hits + 1);
    expect(detailCacheStats().misses).toBe(before.misses);
    expect(second).toEqual(first);
  });

  it('is made for each caller from the same order: each gets their own next steps', async () => {
    const staff = await detail(demo.users.staff.api_key);
    const before = detailCacheStats();
    const client = await detail(demo.users.client.api_key);
    expect(detailCacheStats().hits).toBe(before.hits + 1);
    expect(staff.allowed_transitions).toContain('assign');
    expect(client.allowed_transitions).not.toContain('assign');
    expect(client.total_fee).toBe(staff.total_fee);
  });
});

describe('a changed order', () => {
  it('is read afresh after a workflow action', async () => {
    await detail();
    expect(
      (await act(t.app, demo.users.client.api_key, orderId, 'hold', { reason: 'waiting' })).statusCode,
    ).toBe(200);
    expect(((await detail()).status as { name: string }).name).toBe('On hold');
    expect((await act(t.app, demo.users.client.api_key, orderId, 'resume')).statusCode).toBe(200);
    expect(((await detail()).status as { name: string }).name).toBe('Unassigned');
  });

  it('is read afresh after a party is added, and after the point of contact changes', async () => {
    await detail();
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/parties`,
      headers: { 'X-Api-Key': demo.users.client.api_key },
      payload: { party: { name: 'Sally Seller', role: 'Seller', poc: false } },
    });
    expect(added.statusCode).toBe(201);
    const withParty = await detail();
    expect(withParty.parties.map((p) => p.name)).toContain('Sally Seller');

    const partyId = added.json<{ id: string }>().id;
    const toggled = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${orderId}/parties/${partyId}/toggle_poc`,
      headers: { 'X-Api-Key': demo.users.client.api_key },
      payload: { poc: true },
    });
    expect(toggled.statusCode).toBe(200);
    expect((await detail()).parties.find((p) => p.id === partyId)?.poc).toBe(true);
  });

  it('is read afresh after an update by any other writer (a trigger moves the version)', async () => {
    await detail();
    await t.db.updateTable('orders').set({ loan_number: 'CACHE-2' }).where('id', '=', orderId).execute();
    expect((await detail()).loan_number).toBe('CACHE-2');
  });

  it('moves its version by a millisecond at least, even for changes in the same millisecond', async () => {
    const versions = await sql<{ v: Date }>`
      WITH first AS (UPDATE orders SET loan_number = 'CACHE-3' WHERE id = ${orderId} RETURNING updated_at)
      SELECT updated_at AS v FROM first`.execute(t.db);
    const again = await t.db
      .updateTable('orders')
      .set({ loan_number: 'CACHE-4' })
      .where('id', '=', orderId)
      .returning('updated_at')
      .executeTakeFirstOrThrow();
    expect(again.updated_at.getTime()).toBeGreaterThanOrEqual(versions.rows[0]!.v.getTime() + 1);
    expect((await detail()).loan_number).toBe('CACHE-4');
  });
});
