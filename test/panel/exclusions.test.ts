import { beforeAll, describe, expect, it } from 'vitest';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey, type UserWithKey } from '../helpers/factories.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * A lender's do-not-use list, kept by the company: staff record and lift exclusions (with a
 * reason), the picker says why, and auto-assignment passes the excluded appraiser over for that
 * lender's orders only. Lenders and appraisers reach none of it; bad input changes nothing.
 */
const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;
let quiet: UserWithKey;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  quiet = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
});

const call = async (method: 'GET' | 'PUT' | 'DELETE', path: string, key: string, payload?: unknown) => {
  const answer = await t.app.inject({
    method,
    url: `/api/v1/clients/${path}`,
    headers: { 'X-Api-Key': key },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: answer.statusCode, body: answer.json() };
};

describe("a lender's do-not-use list", () => {
  it('is kept by staff, shown in the picker, and followed by auto-assignment for that lender only', async () => {
    const path = `${demo.client_id}/excluded_appraisers`;
    const staff = demo.users.staff.api_key;
    const put = await call('PUT', `${path}/${quiet.id}`, staff, { reason: 'Unsupported adjustments, twice' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      client_id: demo.client_id,
      appraiser: { id: quiet.id },
      reason: 'Unsupported adjustments, twice',
      excluded_by: { id: demo.users.staff.id },
    });
    expect((await call('GET', path, staff)).body).toEqual([put.body]);

    const order = await placeOrder(t.app, t.db, demo);
    const picker = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/appraiser_candidates`,
      headers: { 'X-Api-Key': staff },
    });
    const reasons = Object.fromEntries(
      picker
        .json<{ id: string; excluded_by_client: string | null }[]>()
        .map((c) => [c.id, c.excluded_by_client]),
    );
    expect(reasons).toEqual({
      [quiet.id]: 'Unsupported adjustments, twice',
      [demo.users.appraiser.id]: null,
    });

    // Quiet has fewer open orders than the demo appraiser, and is passed over all the same.
    await act(t.app, staff, order.id, 'auto_assign');
    await new WorkflowTimers(t.db, t.config).runOnce();
    const offered = await t.db
      .selectFrom('orders')
      .select('appraiser_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(offered.appraiser_id).toBe(demo.users.appraiser.id);

    expect((await call('DELETE', `${path}/${quiet.id}`, staff)).status).toBe(200);
    expect((await call('DELETE', `${path}/${quiet.id}`, staff)).status).toBe(404);
    expect((await call('GET', path, staff)).body).toEqual([]);
  });

  it('answers 404 for an appraiser off the panel or another company, 403 to lenders and appraisers, 422 for no reason; nothing changes', async () => {
    const path = `${demo.client_id}/excluded_appraisers`;
    const staff = demo.users.staff.api_key;
    expect((await call('PUT', `${path}/${other.users.appraiser.id}`, staff, { reason: 'x' })).status).toBe(
      404,
    );
    expect((await call('PUT', `${path}/${demo.users.staff.id}`, staff, { reason: 'x' })).status).toBe(404);
    expect((await call('PUT', `${path}/not-a-uuid`, staff, { reason: 'x' })).status).toBe(404);
    expect(
      (await call('PUT', `${path}/${quiet.id}`, other.users.staff.api_key, { reason: 'x' })).status,
    ).toBe(404);
    for (const key of [demo.users.client.api_key, demo.users.appraiser.api_key])
      expect((await call('PUT', `${path}/${quiet.id}`, key, { reason: 'x' })).status).toBe(403);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const refused = await call('PUT', `${path}/${quiet.id}`, staff, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error.details.length).toBeGreaterThan(0);
    }
    expect(await t.db.selectFrom('client_appraiser_exclusions').selectAll().execute()).toEqual([]);
  });
});
