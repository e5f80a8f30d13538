import { addDays, parseDateTime } from '../format/dates.ts';
import { holidaysOf } from './holidays.ts';

/**
 * A company's business calendar (docs/turn-times.md, "Calendars"): the days it works, its
 * hours, the cut-off after which an order counts from the next business day, and the days it is
 * closed (federal holidays with their observed days, the public holidays of chosen states, and
 * closures of its own), all read in one time zone. Times are wall-clock times of that zone, so
 * a day across a change of daylight saving time is still 9:00 to 17:00.
 */
export interface CalendarSettings {
  /** An IANA zone: America/Chicago. */
  time_zone: string;
  /** ISO weekdays the company works: 1 Monday … 7 Sunday. */
  workdays: number[];
  /** HH:MM, local. */
  opens_at: string;
  closes_at: string;
  /** HH:MM, local: work that arrives after it counts from the next business day. */
  cutoff: string;
  /** Two-letter states whose public holidays close the company besides the federal ones. */
  holiday_states: string[];
  /** YYYY-MM-DD: closures of the company's own. */
  closed_dates: string[];
}

/** A span of local wall-clock time each business day, for clocks that count hours (an offer's). */
export interface DailyWindow {
  from: string;
  to: string;
}

const MINUTE_MS = 60_000;
/** Ten years of days: no sequence of closed days is longer, so a loop that passes it is a fault. */
const MAX_DAYS = 3660;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The local day (YYYY-MM-DD) and minute of the day of an instant in the zone. */
export function localClock(instant: Date, timeZone: string): { day: string; minutes: number } {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export class BusinessCalendar {
  readonly settings: Readonly<CalendarSettings>;
  readonly #workdays: ReadonlySet<number>;
  readonly #closed: ReadonlySet<string>;

  constructor(settings: CalendarSettings) {
    this.settings = settings;
    this.#workdays = new Set(settings.workdays);
    this.#closed = new Set(settings.closed_dates);
  }

  /** The instant a local wall-clock time of a day is, in the calendar's zone. */
  at(day: string, hhmm: string): Date {
    return parseDateTime(`${day}T${hhmm}`, this.settings.time_zone)!;
  }

  /** The instant of `day` at the wall-clock time `instant` has in the calendar's zone. */
  sameTimeOn(instant: Date, day: string): Date {
    const { minutes } = localClock(instant, this.settings.time_zone);
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return this.at(day, hhmm);
  }

  /** Why the company is closed that day (a holiday's name, the weekend, its own closure), or null when open. */
  closedBecause(day: string): string | null {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
    if (!this.#workdays.has(weekday)) return 'not a workday';
    const holiday = holidaysOf(Number(day.slice(0, 4)), this.settings.holiday_states).get(day);
    if (holiday) return holiday;
    if (this.#closed.has(day)) return "the company's closure";
    return null;
  }

  isOpen(day: string): boolean {
    return this.closedBecause(day) === null;
  }

  /** The first business day after `day`. */
  nextOpenDay(day: string): string {
    let next = addDays(day, 1);
    for (let step = 0; !this.isOpen(next); step += 1) {
      if (step > MAX_DAYS) throw new Error('the calendar has no business day in ten years');
      next = addDays(next, 1);
    }
    return next;
  }

  /** The last business day before `day`. */
  previousOpenDay(day: string): string {
    let previous = addDays(day, -1);
    for (let step = 0; !this.isOpen(previous); step += 1) {
      if (step > MAX_DAYS) throw new Error('the calendar has no business day in ten years');
      previous = addDays(previous, -1);
    }
    return previous;
  }

  /** `day` when it is a business day, else the first after it. */
  openOnOrAfter(day: string): string {
    return this.isOpen(day) ? day : this.nextOpenDay(day);
  }

  /** The business day `days` business days after `day` (`day` itself for 0). */
  addBusinessDays(day: string, days: number): string {
    let result = day;
    for (let count = 0; count < days; count += 1) result = this.nextOpenDay(result);
    return result;
  }

  /**
   * The day a turn time of `days` business days ends for work that arrives at `instant`: the
   * day it arrives counts as the first when it is a business day and the work came before the
   * cut-off, else the next business day does (5 days awarded on a Thursday morning: Thursday,
   * Friday, Monday, Tuesday, Wednesday).
   */
  dueDay(instant: Date, days: number): string {
    const { day, minutes } = localClock(instant, this.settings.time_zone);
    const first = this.isOpen(day) && minutes < minutesOf(this.settings.cutoff) ? day : this.nextOpenDay(day);
    return this.addBusinessDays(first, Math.max(days, 1) - 1);
  }

  /** The window of business hours: opens_at to closes_at. */
  get hours(): DailyWindow {
    return { from: this.settings.opens_at, to: this.settings.closes_at };
  }

  /** Minutes of `window` on business days between two instants (0 when `to` is not after `from`). */
  businessMinutesBetween(from: Date, to: Date, window: DailyWindow = this.hours): number {
    if (to <= from) return 0;
    let total = 0;
    let day = localClock(from, this.settings.time_zone).day;
    const last = localClock(to, this.settings.time_zone).day;
    for (let step = 0; day <= last; step += 1, day = addDays(day, 1)) {
      if (step > MAX_DAYS) throw new Error('a span of more than ten years');
      if (!this.isOpen(day)) continue;
      const start = Math.max(from.getTime(), this.at(day, window.from).getTime());
      const end = Math.min(to.getTime(), this.at(day, window.to).getTime());
      if (end > start) total += end - start;
    }
    return Math.round(total / MINUTE_MS);
  }

  /**
   * The instant `minutes` minutes of `window` on business days after `start`: a clock that
   * stops outside the window, on closed days, and runs again when the window opens (an offer
   * of 4 hours made at 22:30 with a window of 9:00–23:00 ends at 12:30 the next business day).
   */
  addBusinessMinutes(start: Date, minutes: number, window: DailyWindow = this.hours): Date {
    if (minutes <= 0) return start;
    let remaining = minutes * MINUTE_MS;
    let cursor = start.getTime();
    let day = localClock(start, this.settings.time_zone).day;
    for (let step = 0; step <= MAX_DAYS; step += 1, day = addDays(day, 1)) {
      if (!this.isOpen(day)) continue;
      const begin = Math.max(cursor, this.at(day, window.from).getTime());
      const end = this.at(day, window.to).getTime();
      if (end <= begin) continue;
      if (remaining <= end - begin) return new Date(begin + remaining);
      remaining -= end - begin;
      cursor = end;
    }
    throw new Error('a clock that runs for more than ten years');
  }

  /**
   * How many business days a pause from `from` to `to` was worth: its business minutes over the
   * length of a business day, to the nearest whole day (half a day or more counts as one). A due
   * date moves by as many business days when the clock starts again.
   */
  businessDaysPaused(from: Date, to: Date): number {
    return Math.floor(this.businessMinutesBetween(from, to) / this.dayMinutes + 0.5);
  }

  /** The length of a business day in minutes: opens_at to closes_at. */
  get dayMinutes(): number {
    return minutesOf(this.settings.closes_at) - minutesOf(this.settings.opens_at);
  }
}
