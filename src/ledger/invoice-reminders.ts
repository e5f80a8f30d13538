import { BusinessCalendar } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Trx } from '../db/connection.ts';

/**
 * When a lender is next reminded of an invoice (docs/money.md, "Reminders"): the client's schedule
 * is days from the due day (-3: three days before; 0: on it; 15: fifteen days after), each at the
 * opening of the company's business day. A reminder whose moment passed while a later one's has
 * passed too is skipped: a lender hears of an invoice once, not of every day it missed.
 */
const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) + days * DAY_MS)
    .toISOString()
    .slice(0, 10);

export interface ReminderPlan {
  remind_at: Date | null;
  /** The place in the schedule of the reminder planned (as reminders_sent counts). */
  index: number;
}

export async function planReminder(
  trx: Trx,
  invoice: { company_id: string; client_id: string; due_on: string },
  sent: number,
  now: Date,
  fallbackZone: string,
): Promise<ReminderPlan> {
  const row = await trx
    .selectFrom('company_clients')
    .select('invoice_reminder_days')
    .where('company_id', '=', invoice.company_id)
    .where('client_id', '=', invoice.client_id)
    .executeTakeFirst();
  const days = [...new Set(row?.invoice_reminder_days ?? [])].sort((a, b) => a - b);
  if (sent >= days.length) return { remind_at: null, index: sent };
  const settings = await findCompanyCalendar(trx, invoice.company_id, fallbackZone);
  const calendar = new BusinessCalendar(settings);
  const moment = (offset: number) => calendar.at(addDays(invoice.due_on, offset), settings.opens_at);
  let index = sent;
  while (index + 1 < days.length && moment(days[index + 1]!) <= now) index += 1;
  const at = moment(days[index]!);
  return { remind_at: at > now ? at : now, index };
}
