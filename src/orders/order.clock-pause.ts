import { BusinessCalendar, localClock } from '../calendar/business-calendar.ts';
import type { StoredCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Trx } from '../db/connection.ts';
import type { Status } from '../workflow/statuses.ts';
import type { LockedOrder, OrderPatch } from '../workflow/types.ts';

/**
 * Clocks that pause (docs/turn-times.md, "Pauses"): when an order leaves the statuses its
 * company stops the clocks in (On hold, Waiting info from client…) for one that runs them, its
 * due dates — the client's and the appraiser's — move by the business days it spent paused,
 * counted in the company's calendar from the moment it entered the first of them. The history
 * entry of the action says so, with each date before and after.
 */
export interface ClockResumed {
  paused_from: string;
  paused_business_days: number;
  due_date: { before: string; after: string };
  vendor_due_date: { before: string; after: string } | null;
}

export async function resumeClocks(
  trx: Trx,
  order: LockedOrder,
  to: Status,
  calendar: StoredCalendar,
  now: Date,
): Promise<{ patch: OrderPatch; details: ClockResumed } | null> {
  const pauses = new Set<string>(calendar.clock_pauses);
  if (!pauses.has(order.status) || pauses.has(to)) return null;
  const pausedFrom = await pauseStart(trx, order.id, pauses);
  if (!pausedFrom) return null;
  const business = new BusinessCalendar(calendar);
  const days = business.businessDaysPaused(pausedFrom, now);
  if (days === 0) return null;
  const moved = (due: Date) =>
    business.sameTimeOn(due, business.addBusinessDays(localClock(due, calendar.time_zone).day, days));
  const due = moved(order.due_date);
  const vendorDue = order.vendor_due_date ? moved(order.vendor_due_date) : null;
  return {
    patch: { due_date: due, ...(vendorDue ? { vendor_due_date: vendorDue } : {}) },
    details: {
      paused_from: pausedFrom.toISOString(),
      paused_business_days: days,
      due_date: { before: order.due_date.toISOString(), after: due.toISOString() },
      vendor_due_date:
        order.vendor_due_date && vendorDue
          ? { before: order.vendor_due_date.toISOString(), after: vendorDue.toISOString() }
          : null,
    },
  };
}

/**
 * When the order entered the run of paused statuses it is in now: the newest history entry
 * that took it from a running status into a paused one (On hold, then Cancel requested, counts
 * from the hold).
 */
async function pauseStart(trx: Trx, orderId: string, pauses: ReadonlySet<string>): Promise<Date | null> {
  const entries = await trx
    .selectFrom('order_history')
    .select(['from_status', 'to_status', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  for (const entry of entries) {
    if (!pauses.has(entry.to_status)) return null;
    if (entry.from_status === null || !pauses.has(entry.from_status)) return new Date(entry.created_at);
  }
  return null;
}
