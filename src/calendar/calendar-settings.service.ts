import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { invalid } from '../errors/app-error.ts';
import { addDays, isCalendarDay, localDay } from '../format/dates.ts';
import { companyInReach, requireCompanyAdmin } from '../organizations/company-reach.ts';
import { BusinessCalendar } from './business-calendar.ts';
import {
  findCompanyCalendar,
  putCompanyCalendar,
  type StoredCalendar,
} from './calendar-settings.repository.ts';
import type { CompanyCalendarInput, CompanyCalendarView } from './calendar-settings.schemas.ts';
import { HOLIDAY_STATES } from './holidays.ts';

/** How far ahead the calendar lists its closed workdays. */
const UPCOMING_DAYS = 90;

/**
 * A company's business calendar: its staff read it, its admins change it, operators both;
 * another company is answered as for none. What is refused is refused whole, naming its field.
 */
export async function getCompanyCalendar(
  db: Db,
  user: AuthUser,
  companyId: string,
  defaultZone: string,
  now = new Date(),
): Promise<CompanyCalendarView> {
  const id = await companyInReach(db, user, companyId);
  return view(id, await findCompanyCalendar(db, id, defaultZone), now);
}

export async function changeCompanyCalendar(
  db: Db,
  user: AuthUser,
  companyId: string,
  input: CompanyCalendarInput,
  defaultZone: string,
): Promise<CompanyCalendarView> {
  const id = await companyInReach(db, user, companyId);
  requireCompanyAdmin(user, 'change its business calendar');
  const current = await findCompanyCalendar(db, id, defaultZone);
  const changed: StoredCalendar = {
    ...current,
    ...withoutOfferHours(input),
    offer_hours: { ...current.offer_hours, ...input.offer_hours },
  };
  checkCalendar(changed);
  await putCompanyCalendar(db, id, changed, user.id);
  return view(id, changed, new Date());
}

const withoutOfferHours = ({ offer_hours: _offerHours, ...rest }: CompanyCalendarInput) => rest;

/** What the schema cannot say: a zone that exists, hours in order, states and days that exist. */
function checkCalendar(calendar: StoredCalendar): void {
  if (!isTimeZone(calendar.time_zone))
    throw invalid('time_zone', `is not a time zone: give an IANA zone such as America/Chicago`);
  if (calendar.closes_at <= calendar.opens_at)
    throw invalid('closes_at', `is ${calendar.closes_at}, not after opens_at (${calendar.opens_at})`);
  if (calendar.cutoff <= calendar.opens_at || calendar.cutoff > calendar.closes_at)
    throw invalid(
      'cutoff',
      `is ${calendar.cutoff}: it must fall after opens_at (${calendar.opens_at}) and no later than closes_at (${calendar.closes_at})`,
    );
  const unknown = calendar.holiday_states.find((state) => !HOLIDAY_STATES.includes(state));
  if (unknown)
    throw invalid('holiday_states', `names ${unknown}, which is not a state whose holidays are known`);
  const impossible = calendar.closed_dates.find((day) => !isCalendarDay(day));
  if (impossible) throw invalid('closed_dates', `names ${impossible}, which is not a day of the calendar`);
  if (calendar.offer_hours.to <= calendar.offer_hours.from)
    throw invalid(
      'offer_hours.to',
      `is ${calendar.offer_hours.to}, not after offer_hours.from (${calendar.offer_hours.from})`,
    );
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

function view(companyId: string, calendar: StoredCalendar, now: Date): CompanyCalendarView {
  const business = new BusinessCalendar(calendar);
  const today = localDay(now, calendar.time_zone);
  const upcoming_closures: CompanyCalendarView['upcoming_closures'] = [];
  for (let offset = 0; offset < UPCOMING_DAYS; offset += 1) {
    const day = addDays(today, offset);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
    const reason = business.closedBecause(day);
    // Weekends are the workdays' business: only a workday that closes is worth listing.
    if (reason && calendar.workdays.includes(weekday)) upcoming_closures.push({ date: day, reason });
  }
  return { company_id: companyId, ...calendar, upcoming_closures };
}
