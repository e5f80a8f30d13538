import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDateTime } from '../../src/format/dates.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * Clocks that pause (docs/turn-times.md, "Pauses"): an order put on hold and resumed has its due
 * dates moved by the business days it spent on hold, in the company's calendar, and its history
 * says so. The hold's moment is set in the database and the process clock is set for the resume
 * (only Date is faked: the server's timers run as they do).
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

afterEach(() => {
  vi.useRealTimers();
});

/** The instant a local wall-clock time is in the deployment's zone. */
const local = (text: string): Date => parseDateTime(text, t.config.timeZone)!;

/** An order due Tuesday 15 December 2037 at 17:00, put on hold at `heldAt` and resumed at `resumedAt`. */
async function heldAndResumed(heldAt: string, resumedAt: string) {
  const order = await placeOrder(t.app, t.db, world.demo, { due_date: '2037-12-15T17:00' });
  await step(world.staff, order.id, 'hold', 'On hold', { reason: 'Waiting for the borrower' });
  // The order was placed the day before it was held; then held at `heldAt`.
  const held = local(heldAt);
  await sql`UPDATE order_history SET created_at = ${new Date(held.getTime() - 86_400_000)}
              WHERE order_id = ${order.id} AND action <> 'hold'`.execute(t.db);
  await sql`UPDATE order_history SET created_at = ${held}
              WHERE order_id = ${order.id} AND action = 'hold'`.execute(t.db);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(local(resumedAt));
  await step(world.staff, order.id, 'resume', 'Unassigned');
  vi.useRealTimers();
  const row = await t.db
    .selectFrom('orders')
    .select(['due_date', 'original_due_date'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const [resume] = await t.db
    .selectFrom('order_history')
    .select('details')
    .where('order_id', '=', order.id)
    .where('action', '=', 'resume')
    .execute();
  return { row, details: resume!.details as { clock?: Record<string, unknown> } };
}

describe('clocks that pause', () => {
  it('moves the due date by the business days on hold, Friday 9:00 to Monday 17:00: two', async () => {
    const { row, details } = await heldAndResumed('2026-03-06T09:00', '2026-03-09T17:00');
    expect(row.due_date.toISOString()).toBe(local('2037-12-17T17:00').toISOString());
    expect(row.original_due_date.toISOString()).toBe(local('2037-12-15T17:00').toISOString());
    expect(details.clock).toEqual({
      paused_from: local('2026-03-06T09:00').toISOString(),
      paused_business_days: 2,
      due_date: {
        before: local('2037-12-15T17:00').toISOString(),
        after: local('2037-12-17T17:00').toISOString(),
      },
      vendor_due_date: null,
    });
  });

  it('does not move it for a hold over a weekend that cost three business hours', async () => {
    const { row, details } = await heldAndResumed('2026-03-06T15:00', '2026-03-09T10:00');
    expect(row.due_date.toISOString()).toBe(local('2037-12-15T17:00').toISOString());
    expect(details.clock).toBeUndefined();
  });

  it('does not move it where the company does not stop its clocks on hold', async () => {
    const url = `/api/v1/companies/${world.demo.company_id}/calendar`;
    const set = (clock_pauses: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: { 'X-Api-Key': world.staff },
        payload: { clock_pauses },
      });
    expect((await set(['Waiting info from client'])).statusCode).toBe(200);
    try {
      const { row } = await heldAndResumed('2026-03-06T09:00', '2026-03-09T17:00');
      expect(row.due_date.toISOString()).toBe(local('2037-12-15T17:00').toISOString());
      const refused = await set(['Sleeping']);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.details[0].field).toBe('clock_pauses[0]');
    } finally {
      await t.db.deleteFrom('company_calendars').where('company_id', '=', world.demo.company_id).execute();
    }
  });
});
