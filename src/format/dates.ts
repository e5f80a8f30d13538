/**
 * Dates in and out. Responses show dates as MM/DD/YYYY in the deployment's time zone;
 * date-times without a zone in input (2026-12-01T10:00) are read in that zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(date: Date, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/**
 * What formatDate remembers per zone: the zone's offset per half hour (Intl's formatToParts is
 * too slow to call for every date of every answer, and zones change offset only on half-hour
 * boundaries: checked against Intl minute by minute over three years in several zones), and
 * the text of each local day. A date of an answer is then two lookups by number: no string,
 * no Date and no parts are made for a day already written.
 */
interface ZoneMemory {
  offsets: Map<number, number>;
  days: Map<number, string>;
}
const zones = new Map<string, ZoneMemory>();
const MEMORY_LIMIT = 50_000;
const HALF_HOUR_MS = 1_800_000;
const DAY_MS = 86_400_000;

function zoneMemory(timeZone: string): ZoneMemory {
  let memory = zones.get(timeZone);
  if (!memory) {
    memory = { offsets: new Map(), days: new Map() };
    zones.set(timeZone, memory);
  }
  return memory;
}

function cachedOffset(utcMs: number, timeZone: string, memory: ZoneMemory): number {
  if (timeZone === 'UTC') return 0;
  const halfHour = Math.floor(utcMs / HALF_HOUR_MS);
  let offset = memory.offsets.get(halfHour);
  if (offset === undefined) {
    if (memory.offsets.size > MEMORY_LIMIT) memory.offsets.clear();
    offset = offsetAt(utcMs, timeZone);
    memory.offsets.set(halfHour, offset);
  }
  return offset;
}

/** MM/DD/YYYY of the instant in the zone; null stays null. */
export function formatDate(value: Date | string | null | undefined, timeZone: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${m}/${d}/${y}`;
  }
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) return formatDay(ms);
  const memory = zoneMemory(timeZone);
  const day = Math.floor((ms + cachedOffset(ms, timeZone, memory)) / DAY_MS);
  let text = memory.days.get(day);
  if (text === undefined) {
    if (memory.days.size > MEMORY_LIMIT) memory.days.clear();
    text = formatDay(day * DAY_MS);
    memory.days.set(day, text);
  }
  return text;
}

/** MM/DD/YYYY of a UTC instant (the local wall clock, once the zone's offset is added). */
function formatDay(ms: number): string {
  const local = new Date(ms);
  return `${String(local.getUTCMonth() + 1).padStart(2, '0')}/${String(local.getUTCDate()).padStart(2, '0')}/${local.getUTCFullYear()}`;
}

/** The zone's offset from UTC at that instant, in milliseconds. */
function offsetAt(utcMs: number, timeZone: string): number {
  const p = wallClock(new Date(utcMs), timeZone);
  return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/;
/** MM/DD/YYYY, the format the API writes dates in, with an optional time: 12/15/2026 17:00. */
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS] or MM/DD/YYYY [HH:MM[:SS]] (in the zone), or a full
 * ISO 8601 date-time with a zone. Answers null for anything else, including impossible dates
 * (2026-02-30, 02/30/2026).
 */
export function parseDateTime(value: string, timeZone: string): Date | null {
  const text = toIsoLocal(value.trim());
  if (ZONED.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const match = LOCAL.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const guess = Date.UTC(...fields);
  const check = new Date(guess);
  if (
    check.getUTCMonth() !== fields[1] ||
    check.getUTCDate() !== fields[2] ||
    fields[3] > 23 ||
    fields[4] > 59
  )
    return null;
  const memory = zoneMemory(timeZone);
  let utc = guess - cachedOffset(guess, timeZone, memory);
  const corrected = cachedOffset(utc, timeZone, memory);
  if (guess - corrected !== utc) utc = guess - corrected;
  return new Date(utc);
}

/** MM/DD/YYYY [HH:MM[:SS]] as YYYY-MM-DD[THH:MM[:SS]]; any other text as it is. */
export function toIsoLocal(text: string): string {
  const us = US.exec(text);
  if (!us) return text;
  const [, month, day, year, hour, minute, second] = us;
  const date = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  if (hour === undefined) return date;
  return `${date}T${hour.padStart(2, '0')}:${minute}${second ? `:${second}` : ''}`;
}

/** A calendar day as the API writes it: YYYY-MM-DD (a schema's pattern; isCalendarDay checks the day exists). */
export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Whether YYYY-MM-DD names a day of the calendar (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The calendar day (YYYY-MM-DD) `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from one calendar day (YYYY-MM-DD) to another. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A calendar day (YYYY-MM-DD) as the interface writes dates: MM/DD/YYYY. */
export const usDay = (day: string): string => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The input forms of a date, for schema descriptions and error messages. */
export const DATE_INPUT_FORMATS =
  'YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone';

/** A moment for people to read, in the zone, with the zone shown: "12/15/2026 4:00 PM CST". */
export function formatDateTime(value: Date | string | null | undefined, timeZone: string): string | null {
  if (value === null || value === undefined) return null;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
    .format(new Date(value))
    .replace(',', '');
}

/** The calendar day (YYYY-MM-DD) of an instant in the zone. */
export function localDay(value: Date, timeZone: string): string {
  const [month, day, year] = formatDate(value, timeZone)!.split('/');
  return `${year}-${month}-${day}`;
}

/**
 * Whether an instant falls on a day before today, both read in the zone (the deployment's
 * TIME_ZONE: the day its people live in). "Today" is the process clock's, so that a test can
 * set it (vi.setSystemTime).
 */
export function isBeforeToday(value: Date, timeZone: string, now: Date = new Date()): boolean {
  return localDay(value, timeZone) < localDay(now, timeZone);
}
