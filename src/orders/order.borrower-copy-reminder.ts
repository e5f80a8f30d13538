import { sql } from 'kysely';
import { BusinessCalendar } from '../calendar/business-calendar.ts';
import { findCompanyCalendar, type StoredCalendar } from '../calendar/calendar-settings.repository.ts';
import { borrowerCopyDue } from '../calendar/reg-b.ts';
import type { Trx } from '../db/connection.ts';
import type { Status } from '../workflow/statuses.ts';
import type { OrderPatch } from '../workflow/types.ts';
import { changeOrder } from './order.store.ts';

/**
 * The reminder of the borrower's copy (docs/turn-times.md, "The borrower's copy"): when a report
 * is delivered, the lender is to be reminded at the opening of the business day before the copy
 * is due (at once, when that has passed) unless it is recorded as given by then. The timers send
 * it: a history entry for the lender and the company, and the `borrower_copy_due` notice.
 */
export function borrowerCopyReminder(
  settings: StoredCalendar,
  closingDate: string | null,
  now: Date,
): OrderPatch {
  const due = borrowerCopyDue(settings, { deliveredAt: now, closingDate });
  const calendar = new BusinessCalendar(settings);
  const remindAt = calendar.at(calendar.previousOpenDay(due!.due_on), settings.opens_at);
  return { borrower_copy_remind_at: remindAt > now ? remindAt : now };
}

interface DueReminder {
  id: string;
  file_number: string;
  client_id: string;
  company_id: string;
  status: Status;
  completed_at: Date | null;
  closing_date: string | null;
  borrower_copy_sent_at: Date | null;
  borrower_copy_remind_at: Date;
}

/**
 * Sends the reminder that has waited longest, in the caller's transaction; answers when it was
 * due, or null when none is. An order reopened since (a revision) or whose copy was given is
 * passed over without a word: its next delivery sets a new reminder.
 */
export async function sendNextBorrowerCopyReminder(
  trx: Trx,
  timeZone: string,
  now: Date,
): Promise<Date | null> {
  const { rows } = await sql<DueReminder>`
    SELECT id, file_number, client_id, company_id, status, completed_at, closing_date, borrower_copy_sent_at,
           borrower_copy_remind_at
      FROM orders
     WHERE borrower_copy_remind_at <= ${now}
     ORDER BY borrower_copy_remind_at LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
  const order = rows[0];
  if (!order) return null;
  const cleared = { borrower_copy_remind_at: null };
  if (order.completed_at === null || order.borrower_copy_sent_at !== null) {
    await trx.updateTable('orders').set(cleared).where('id', '=', order.id).execute();
    return order.borrower_copy_remind_at;
  }
  const settings = await findCompanyCalendar(trx, order.company_id, timeZone);
  const due = borrowerCopyDue(settings, {
    deliveredAt: order.completed_at,
    closingDate: order.closing_date,
  })!;
  await changeOrder(trx, order, cleared, null, [
    {
      action: 'borrower_copy_due',
      from: order.status,
      to: order.status,
      details: { due_on: due.due_on, basis: due.basis },
      audience: 'client',
    },
  ]);
  return order.borrower_copy_remind_at;
}
