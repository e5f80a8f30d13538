import Holidays from 'date-holidays';

/**
 * The days the company is closed for a holiday: the US federal holidays with their observed
 * days (Independence Day on a Saturday is observed on Friday 3 July 2026), and the public
 * holidays of the states the company chooses (Texas closes the day after Thanksgiving). Read
 * from date-holidays, which maintains the rules, and kept per year and state once computed.
 */
const federal = new Holidays('US');
const byState = new Map<string, Holidays>();
const computed = new Map<string, ReadonlyMap<string, string>>();

/** The states date-holidays knows holidays for (two-letter codes): the settings' allowed values. */
export const HOLIDAY_STATES: readonly string[] = Object.keys(federal.getStates('US') ?? {}).sort();

/** Public holidays of one calendar: `US`, or a state's (which include the federal ones). */
function publicHolidays(holidays: Holidays, year: number): [day: string, name: string][] {
  return holidays
    .getHolidays(year)
    .filter((holiday) => holiday.type === 'public')
    .map((holiday) => [holiday.date.slice(0, 10), holiday.name]);
}

/** The closed days of `year` (YYYY-MM-DD → the holiday's name) for the federal calendar and `states`. */
export function holidaysOf(year: number, states: readonly string[]): ReadonlyMap<string, string> {
  const key = `${year}:${[...states].sort().join(',')}`;
  const known = computed.get(key);
  if (known) return known;
  const days = new Map(publicHolidays(federal, year));
  for (const state of states) {
    let calendar = byState.get(state);
    if (!calendar) {
      calendar = new Holidays('US', state);
      byState.set(state, calendar);
    }
    for (const [day, name] of publicHolidays(calendar, year)) if (!days.has(day)) days.set(day, name);
  }
  computed.set(key, days);
  return days;
}
