import { BusinessCalendar } from '../calendar/business-calendar.ts';
import type { StoredCalendar } from '../calendar/calendar-settings.repository.ts';
import { milestoneOf } from '../calendar/milestones.ts';
import type { Status } from '../workflow/statuses.ts';
import type { LockedOrder, OrderPatch } from '../workflow/types.ts';

/**
 * The milestone clock an order runs as it changes status (docs/turn-times.md, "Milestones"):
 * entering a status that starts another milestone starts its clock — at risk once the company's
 * at_risk_percent of the target has run in business hours, late once all of it has; moving among
 * the statuses of the same milestone keeps it running; a paused status stops it (and leaving the
 * pause starts it again); a status without one ends it. Null: nothing changes.
 */
export function milestoneOnTransition(
  settings: StoredCalendar,
  order: Pick<LockedOrder, 'status' | 'milestone'>,
  to: Status,
  now: Date,
): OrderPatch | null {
  const pauses = new Set<string>(settings.clock_pauses);
  if (pauses.has(to))
    return order.milestone === null
      ? null
      : { milestone_at_risk_at: null, milestone_due_at: null, milestone_notice_at: null };
  const next = milestoneOf(to);
  if (!next)
    return order.milestone === null
      ? null
      : {
          milestone: null,
          milestone_started_at: null,
          milestone_at_risk_at: null,
          milestone_due_at: null,
          milestone_notice_at: null,
        };
  if (next.id === order.milestone && !pauses.has(order.status)) return null;
  const minutes = (settings.milestone_targets[next.id] ?? next.defaultHours) * 60;
  const calendar = new BusinessCalendar(settings);
  const atRisk = calendar.addBusinessMinutes(
    now,
    Math.max(1, Math.round((minutes * settings.at_risk_percent) / 100)),
  );
  return {
    milestone: next.id,
    milestone_started_at: now,
    milestone_at_risk_at: atRisk,
    milestone_due_at: calendar.addBusinessMinutes(now, minutes),
    // Its notices start again (order.milestone-notices.ts): the first when it is at risk.
    milestone_notice_at: atRisk,
    milestone_noticed: null,
  };
}
