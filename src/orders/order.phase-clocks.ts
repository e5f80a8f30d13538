import { BusinessCalendar } from '../calendar/business-calendar.ts';
import type { StoredCalendar } from '../calendar/calendar-settings.repository.ts';
import { phaseOf } from '../calendar/phases.ts';
import type { LockedOrder, OrderPatch } from '../workflow/types.ts';

/** The order's phase clocks as an action reads them (migration 0062). */
export type PhaseClocks = Pick<
  LockedOrder,
  | 'status'
  | 'resume_status'
  | 'status_since'
  | 'assignment_minutes'
  | 'appraiser_minutes'
  | 'review_minutes'
  | 'client_minutes'
  | 'paused_minutes'
>;

/**
 * When an order leaves its status (docs/turn-times.md, "Scorecards"): the business minutes it
 * spent in it, from `status_since` to now in the company's calendar, go to the phase of that
 * status (or to paused); the new status starts counting now. An order whose clocks were never
 * started (null minutes: open before they existed) keeps them null.
 */
export function phaseClockPatch(settings: StoredCalendar, order: PhaseClocks, now: Date): OrderPatch {
  const phase = phaseOf(order.status, order.resume_status, new Set(settings.clock_pauses));
  const column = phase === null ? null : (`${phase}_minutes` as const);
  const kept = column === null ? null : order[column];
  if (column === null || kept === null) return { status_since: now };
  const spent = new BusinessCalendar(settings).businessMinutesBetween(order.status_since, now);
  return { status_since: now, [column]: kept + spent };
}
