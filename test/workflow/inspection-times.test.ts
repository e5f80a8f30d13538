import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * When the inspection is: scheduled now or later, never in the past; recorded as having taken
 * place at the time the appraiser gives (inspected_at), never in the future nor before the
 * scheduled time, or now when they give none (the interface's call without a body).
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
const world = useDemoWorld(t);

async function assigned() {
  const order = await placeOrder(t.app, t.db, world.demo);
  await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
    appraiser_id: world.demo.users.appraiser.id,
  });
  await world.step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
  return order;
}

const detail = async (orderId: string, key: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: { 'X-Api-Key': key } })
  ).json<Record<string, unknown>>();

const problem = (response: { json: () => unknown }) =>
  (response.json() as { error: { details: { field: string; message: string }[] } }).error.details;

describe('inspection times', () => {
  it('refuses to schedule an inspection in the past (422), in JSON and in forms, and changes nothing', async () => {
    const order = await assigned();
    for (const encoding of ['json', 'form'] as const) {
      const response = await act(
        t.app,
        world.appraiser,
        order.id,
        'schedule_inspection',
        { inspection_scheduled_at: '2020-03-01T10:00' },
        encoding,
      );
      expect(response.statusCode).toBe(422);
      expect(problem(response)).toEqual([
        { field: 'inspection_scheduled_at', message: 'Enter an inspection time that is not in the past.' },
      ]);
    }
    expect(await detail(order.id, world.staff)).toMatchObject({
      status: { name: 'Assigned' },
      inspection_scheduled_at: null,
    });
  });

  it('records when the inspection took place, refusing a time in the future or before the scheduled one', async () => {
    const order = await assigned();
    const scheduled = new Date(Date.now() + 2000);
    await world.step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: scheduled.toISOString(),
    });
    await sleep(2500);

    const future = await act(t.app, world.appraiser, order.id, 'complete_inspection', {
      inspected_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(422);
    expect(problem(future)).toEqual([
      { field: 'inspected_at', message: 'Enter an inspection time that is not in the future.' },
    ]);
    const early = await act(t.app, world.appraiser, order.id, 'complete_inspection', {
      inspected_at: new Date(scheduled.getTime() - 60_000).toISOString(),
    });
    expect(early.statusCode).toBe(422);
    expect(problem(early)[0]).toMatchObject({
      field: 'inspected_at',
      message: expect.stringMatching(/^Enter an inspection time at or after the scheduled one/),
    });
    const garbled = await act(t.app, world.appraiser, order.id, 'complete_inspection', {
      inspected_at: 'noon',
    });
    expect(garbled.statusCode).toBe(422);
    expect(problem(garbled)[0]!.field).toBe('inspected_at');
    expect(await detail(order.id, world.staff)).toMatchObject({ status: { name: 'Inspection scheduled' } });

    const inspectedAt = new Date(scheduled.getTime() + 500);
    await world.step(
      world.appraiser,
      order.id,
      'complete_inspection',
      'Inspection completed',
      { inspected_at: inspectedAt.toISOString() },
      'form',
    );
    expect(await detail(order.id, world.client)).toMatchObject({
      inspection_completed_at_iso: inspectedAt.toISOString(),
    });
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/history`,
        headers: { 'X-Api-Key': world.client },
      })
    ).json<{ action: string; details: Record<string, unknown> }[]>();
    expect(history.find((e) => e.action === 'complete_inspection')?.details).toEqual({
      inspected_at: inspectedAt.toISOString(),
    });
    const event = await t.db
      .selectFrom('events')
      .select('data')
      .where('order_id', '=', order.id)
      .where('type', '=', 'order.inspection_completed')
      .executeTakeFirstOrThrow();
    expect(event.data).toMatchObject({ inspected_at: inspectedAt.toISOString() });
  });

  it('records the inspection as of now when no time is given', async () => {
    const order = await assigned();
    await world.step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: '2037-12-20T10:00',
    });
    const before = Date.now();
    await world.step(world.appraiser, order.id, 'complete_inspection', 'Inspection completed');
    const at = Date.parse((await detail(order.id, world.staff)).inspection_completed_at_iso as string);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});
