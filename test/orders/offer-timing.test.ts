import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * An offer's clock and the appraiser's due date by the company's calendar (docs/turn-times.md,
 * "Offers"): 240 minutes of offer hours (9:00–23:00) on business days in the subject's zone, and
 * the appraiser's due date a business day before the client's. The process clock is set for the
 * offer (only Date is faked).
 */
const t = useTestApp();
const world = useDemoWorld(t);
const company = () => `/api/v1/companies/${world.demo.company_id}/calendar`;
const patch = (payload: object) =>
  t.app.inject({ method: 'PATCH', url: company(), headers: { 'X-Api-Key': world.staff }, payload });

afterEach(async () => {
  vi.useRealTimers();
  await t.db.deleteFrom('company_calendars').where('company_id', '=', world.demo.company_id).execute();
});

async function offered(at: string, address: Record<string, string> = {}) {
  const order = await placeOrder(t.app, t.db, world.demo, {
    due_date: '2037-12-15T17:00',
    ...(Object.keys(address).length
      ? { address: { street_1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', ...address } }
      : {}),
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
    appraiser_id: world.demo.users.appraiser.id,
    fee: '400',
  });
  vi.useRealTimers();
  return t.db
    .selectFrom('orders')
    .select(['offer_expires_at', 'vendor_due_date', 'due_date'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
}

describe('offers by the calendar', () => {
  it('runs around the clock by default, and gives the appraiser the client’s due date', async () => {
    expect(t.config.assignmentOfferTimeoutMinutes).toBe(240);
    const row = await offered('2026-11-21T04:30:00Z');
    expect(row.offer_expires_at!.toISOString()).toBe('2026-11-21T08:30:00.000Z');
    expect(row.vendor_due_date!.toISOString()).toBe(row.due_date.toISOString());
  });

  it('counts offer hours in the subject’s zone: made on a Friday at 22:30 in Austin, it ends Monday at 12:30', async () => {
    expect((await patch({ offer_hours: { business_hours_only: true } })).statusCode).toBe(200);
    // Friday 20 November 2026, 22:30 in Austin (Central time).
    const row = await offered('2026-11-21T04:30:00Z');
    expect(row.offer_expires_at!.toISOString()).toBe('2026-11-23T18:30:00.000Z');
  });

  it('reads El Paso’s Mountain time for a property there', async () => {
    expect((await patch({ offer_hours: { business_hours_only: true } })).statusCode).toBe(200);
    // 05:30 UTC Saturday is 22:30 Friday in El Paso: the same 4 hours end Monday 12:30 Mountain.
    const row = await offered('2026-11-21T05:30:00Z', {
      street_1: '1 Civic Center Plaza',
      city: 'El Paso',
      zip: '79901',
      county: 'El Paso County',
    });
    expect(row.offer_expires_at!.toISOString()).toBe('2026-11-23T19:30:00.000Z');
  });

  it('keeps the company’s buffer between the appraiser’s due date and the client’s', async () => {
    expect((await patch({ appraiser_buffer_days: 2 })).statusCode).toBe(200);
    const row = await offered('2026-11-20T15:00:00Z');
    // Tuesday 15 December 2037 less two business days: Friday 11 December, same time.
    expect(row.vendor_due_date!.getTime()).toBe(row.due_date.getTime() - 4 * 86_400_000);
  });
});
