import { invalid } from '../errors/app-error.ts';
import { usDay } from '../format/dates.ts';
import { BusinessCalendar, localClock } from './business-calendar.ts';
import type { StoredCalendar } from './calendar-settings.repository.ts';

/**
 * A due date typed at placement, as the company's calendar takes it (closed_day_due_dates): kept
 * as it is; on a closed day, moved to the next business day at the same time; or refused with a
 * 422 naming due_date that says why the day is closed and which day is the next open one.
 */
export function placedDueDate(settings: StoredCalendar, due: Date): Date {
  if (settings.closed_day_due_dates === 'accept') return due;
  const calendar = new BusinessCalendar(settings);
  const { day } = localClock(due, settings.time_zone);
  const reason = calendar.closedBecause(day);
  if (reason === null) return due;
  const next = calendar.nextOpenDay(day);
  if (settings.closed_day_due_dates === 'refuse')
    throw invalid(
      'due_date',
      `is ${usDay(day)}, ${reason === 'not a workday' ? 'a day the company does not work' : `${reason}, a day the company is closed`}: the next business day is ${usDay(next)}`,
    );
  return calendar.sameTimeOn(due, next);
}
