import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';
import { atInstant } from '../helpers/fake-clock.ts';

/**
 * Milestones (docs/turn-times.md, "Milestones"): the clock an order runs as it moves, in the
 * company's business hours, and the at-risk queue that reads them. The process clock is set
 * for each action (only Date is faked); the company works in the deployment's zone, 9 to 5.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

afterEach(async () => {
  vi.useRealTimers();
  await t.db.deleteFrom('company_calendars').where('company_id', '=', world.demo.company_id).execute();
});

/** Takes an action at a moment of the deployment's zone (YYYY-MM-DDTHH:MM). */
const at = async <T>(moment: string, act: () => Promise<T>): Promise<T> => {
  const { parseDateTime } = await import('../../src/format/dates.ts');
  return atInstant(parseDateTime(moment, t.config.timeZone)!, act);
};

const local = async (moment: string) =>
  (await import('../../src/format/dates.ts')).parseDateTime(moment, t.config.timeZone)!.toISOString();

const milestoneOf = (orderId: string) =>
  t.db
    .selectFrom('orders')
    .select(['milestone', 'milestone_started_at', 'milestone_at_risk_at', 'milestone_due_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

describe('milestones', () => {
  it('runs each milestone in business hours, keeps it among its statuses, stops it on hold', async () => {
    const order = await placeOrder(t.app, t.db, world.demo, { due_date: '2037-12-15T17:00' });
    const { appraiser, staff } = world;
    // Offered on Friday 20 November 2026 at 15:00: 4 business hours, at risk after 3 (75%).
    await at('2026-11-20T15:00', () =>
      step(staff, order.id, 'assign', 'Pending assignment', {
        appraiser_id: world.demo.users.appraiser.id,
        fee: '400',
      }),
    );
    expect(await milestoneOf(order.id)).toEqual({
      milestone: 'offer_answered',
      milestone_started_at: new Date(await local('2026-11-20T15:00')),
      milestone_at_risk_at: new Date(await local('2026-11-23T10:00')),
      milestone_due_at: new Date(await local('2026-11-23T11:00')),
    });
    // Accepted Monday at 9:30: first contact within a business day (8 hours), at risk after 6.
    await at('2026-11-23T09:30', () => step(appraiser, order.id, 'accept_assignment', 'Assigned'));
    expect(await milestoneOf(order.id)).toMatchObject({
      milestone: 'inspection_scheduled',
      milestone_at_risk_at: new Date(await local('2026-11-23T15:30')),
      milestone_due_at: new Date(await local('2026-11-24T09:30')),
    });
    // On hold: the milestone waits, out of the queue; resumed, it starts again.
    await at('2026-11-23T10:00', () => step(staff, order.id, 'hold', 'On hold'));
    expect(await milestoneOf(order.id)).toMatchObject({
      milestone: 'inspection_scheduled',
      milestone_at_risk_at: null,
      milestone_due_at: null,
    });
    await at('2026-11-24T09:00', () => step(staff, order.id, 'resume', 'Assigned'));
    expect(await milestoneOf(order.id)).toMatchObject({
      milestone: 'inspection_scheduled',
      milestone_due_at: new Date(await local('2026-11-24T17:00')),
    });
    await at('2026-11-24T11:00', () =>
      step(staff, order.id, 'cancel', 'Cancelled', { reason: 'Loan withdrawn' }),
    );
    expect(await milestoneOf(order.id)).toEqual({
      milestone: null,
      milestone_started_at: null,
      milestone_at_risk_at: null,
      milestone_due_at: null,
    });
  });

  it('lists the at-risk and late orders, late first, and takes the company’s targets', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/companies/${world.demo.company_id}/calendar`,
      headers: { 'X-Api-Key': world.staff },
      payload: { milestone_targets: { offer_answered: 2 }, at_risk_percent: 50 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const orders: { id: string }[] = [];
    for (const moment of ['2026-11-23T09:00', '2026-11-23T10:30']) {
      const order = await placeOrder(t.app, t.db, world.demo, { due_date: '2037-12-15T17:00' });
      await at(moment, () =>
        step(world.staff, order.id, 'assign', 'Pending assignment', {
          appraiser_id: world.demo.users.appraiser.id,
          fee: '400',
        }),
      );
      orders.push(order);
    }
    // Monday 11:30: the first (due 11:00) is late, the second (at risk 11:30, due 12:30) at risk.
    const queue = await at('2026-11-23T11:30', () =>
      t.app.inject({ method: 'GET', url: '/api/v1/orders/at_risk', headers: { 'X-Api-Key': world.staff } }),
    );
    expect(queue.statusCode, queue.body).toBe(200);
    const mine = queue
      .json()
      .data.filter((row: { id: string }) => orders.some((order) => order.id === row.id));
    expect(mine.map((row: { id: string; state: string }) => [row.id, row.state])).toEqual([
      [orders[0]!.id, 'late'],
      [orders[1]!.id, 'at_risk'],
    ]);
    expect(mine[0]).toMatchObject({
      milestone: 'offer_answered',
      milestone_name: 'Offer answered',
      due_at: await local('2026-11-23T11:00'),
      appraiser: expect.any(String),
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/companies/${world.demo.company_id}/calendar`,
      headers: { 'X-Api-Key': world.staff },
      payload: { milestone_targets: { offer_answered: 0, coffee: 2 }, at_risk_percent: 100 },
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['milestone_targets.offer_answered', 'at_risk_percent']));
    const limit = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/at_risk?limit=0',
      headers: { 'X-Api-Key': world.staff },
    });
    expect(limit.statusCode).toBe(422);
  });
});
