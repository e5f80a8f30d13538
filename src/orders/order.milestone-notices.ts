import { sql } from 'kysely';
import { BusinessCalendar } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import { MILESTONES, type MilestoneId } from '../calendar/milestones.ts';
import type { Trx } from '../db/connection.ts';
import type { Status } from '../workflow/statuses.ts';
import { changeOrder } from './order.store.ts';

/**
 * Milestone notices (docs/turn-times.md, "Notices"): the timers tell of an order's running
 * milestone when it turns at risk, when it is due (late), and a business day of the company's
 * calendar after that (overdue), each once. Each is a history entry of the order (no change of
 * status), an `order.milestone_alert` event (webhooks, the live stream) and, by the notices of
 * its action (order.notices.ts), emails: the appraiser is reminded of the milestones that are
 * theirs (answering an offer, first contact, the inspection, the report) at risk and late; the
 * order's coordinator hears when any milestone is late and overdue. Only the latest stage is
 * told: an order found past two thresholds at once (the service was stopped) is told the later.
 */
export type MilestoneStage = 'at_risk' | 'late' | 'overdue';

/** The milestones whose work is the appraiser's: they are reminded of them. */
export const APPRAISER_MILESTONES: ReadonlySet<MilestoneId> = new Set([
  'offer_answered',
  'inspection_scheduled',
  'inspection_completed',
  'report_submitted',
]);

interface DueNotice {
  id: string;
  file_number: string;
  client_id: string;
  company_id: string;
  appraiser_id: string | null;
  status: Status;
  milestone: MilestoneId;
  milestone_started_at: Date;
  milestone_due_at: Date;
  milestone_notice_at: Date;
  milestone_noticed: MilestoneStage | null;
}

/** The order whose milestone notice has waited longest, claimed as the offers' timeouts are. */
async function nextDueNotice(trx: Trx, now: Date): Promise<DueNotice | undefined> {
  const { rows } = await sql<DueNotice>`
    SELECT id, file_number, client_id, company_id, appraiser_id, status, milestone, milestone_started_at,
           milestone_due_at, milestone_notice_at, milestone_noticed
      FROM orders
     WHERE milestone_notice_at <= ${now}
     ORDER BY milestone_notice_at LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
  return rows[0];
}

/**
 * Tells of the next due milestone notice, in the caller's transaction; answers when it had
 * waited since, or null when none was due.
 */
export async function sendNextMilestoneNotice(trx: Trx, timeZone: string, now: Date): Promise<Date | null> {
  const order = await nextDueNotice(trx, now);
  if (!order) return null;
  const calendar = new BusinessCalendar(await findCompanyCalendar(trx, order.company_id, timeZone));
  const overdueAt = calendar.addBusinessMinutes(order.milestone_due_at, calendar.dayMinutes);
  const stage: MilestoneStage =
    now >= overdueAt ? 'overdue' : now >= order.milestone_due_at ? 'late' : 'at_risk';
  const definition = MILESTONES.find((milestone) => milestone.id === order.milestone)!;
  const data = {
    milestone: order.milestone,
    milestone_name: definition.name,
    stage,
    started_at: order.milestone_started_at.toISOString(),
    due_at: order.milestone_due_at.toISOString(),
  };
  const patch = {
    milestone_noticed: stage,
    milestone_notice_at: stage === 'at_risk' ? order.milestone_due_at : stage === 'late' ? overdueAt : null,
  };
  await changeOrder(trx, order, patch, null, [
    {
      action: `milestone_${stage}`,
      from: order.status,
      to: order.status,
      details: data,
      // The appraiser reads of the milestones that are theirs; the others are the company's.
      audience: APPRAISER_MILESTONES.has(order.milestone) && order.appraiser_id ? 'appraiser' : 'internal',
      event: { type: 'order.milestone_alert', data },
    },
  ]);
  return order.milestone_notice_at;
}
