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
 * The zone's offset at an instant, remembered per zone and half hour: Intl's formatToParts is
 * too slow to call for every date of every answer, and zones change offset only on half-hour
 * boundaries (checked against Intl minute by minute over three years in several zones).
 */
const offsets = new Map<string, number>();

function cachedOffset(utcMs: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const key = `${timeZone}|${Math.floor(utcMs / 1_800_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = offsetAt(utcMs, timeZone);
    offsets.set(key, offset);
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
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  const local = new Date(ms + cachedOffset(ms, timeZone));
  return `${String(local.getUTCMonth() + 1).padStart(2, '0')}/${String(local.getUTCDate()).padStart(2, '0')}/${local.getUTCFullYear()}`;
}

/** MM/DD/YYYY HH:MM of the instant in the zone (24-hour clock), for messages to people. */
export function formatDateTime(value: Date, timeZone: string): string {
  const ms = value.getTime();
  const local = new Date(ms + cachedOffset(ms, timeZone));
  const time = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDate(value, timeZone)!} ${time}`;
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
  let utc = guess - offsetAt(guess, timeZone);
  const corrected = offsetAt(utc, timeZone);
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

/** The input forms of a date, for schema descriptions and error messages. */
export const DATE_INPUT_FORMATS =
  'YYYY-MM-DD or MM/DD/YYYY, with an optional time (YYYY-MM-DDTHH:MM, MM/DD/YYYY HH:MM) read in the deployment time zone, or ISO 8601 with a zone';
