import { describe, expect, it } from 'vitest';
import { formatDate, parseDateTime } from '../../src/format/dates.ts';

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** The day as Intl writes it in the zone: what formatDate must agree with. */
function intlDay(ms: number, timeZone: string): string {
  let format = intlFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    intlFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('month')}/${part('day')}/${part('year')}`;
}

const ZONES = [
  'America/Chicago',
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'UTC',
];

describe('formatDate', () => {
  it('agrees with Intl every 13 minutes of a year, across its changes of offset, in several zones', () => {
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    for (const zone of ZONES) {
      const misses: string[] = [];
      for (let ms = start; ms < end; ms += 13 * 60_000) {
        // Twice: the first call fills what the zone remembers, the second reads it.
        const first = formatDate(new Date(ms), zone);
        const again = formatDate(new Date(ms).toISOString(), zone);
        const expected = intlDay(ms, zone);
        if (first !== expected || again !== expected)
          misses.push(`${new Date(ms).toISOString()}: ${first} ${again}, Intl ${expected}`);
        if (misses.length > 3) break;
      }
      expect(misses, zone).toEqual([]);
    }
  });

  it('writes a date without a time as it is, keeps null and undefined as null', () => {
    expect(formatDate('2026-12-01', 'America/Chicago')).toBe('12/01/2026');
    expect(formatDate(null, 'America/Chicago')).toBeNull();
    expect(formatDate(undefined, 'UTC')).toBeNull();
  });

  it('writes the last and the first instant of a local day on their own days', () => {
    const lastOfDay = parseDateTime('2026-03-08T23:59:59', 'America/Chicago')!;
    expect(formatDate(lastOfDay, 'America/Chicago')).toBe('03/08/2026');
    expect(formatDate(new Date(lastOfDay.getTime() + 1000), 'America/Chicago')).toBe('03/09/2026');
    expect(formatDate(lastOfDay, 'UTC')).toBe('03/09/2026');
  });
});

describe('parseDateTime', () => {
  it('reads a local time in the zone as Intl writes it back, every 47 minutes of a year, in several zones', () => {
    const wall = new Map<string, Intl.DateTimeFormat>();
    for (const zone of ZONES) {
      let format = wall.get(zone);
      if (!format) {
        format = new Intl.DateTimeFormat('sv-SE', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        });
        wall.set(zone, format);
      }
      const misses: string[] = [];
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 47 * 60_000) {
        // The local wall clock of an instant (YYYY-MM-DD HH:MM), read back in the zone: the same
        // instant, except in the hour a change of offset repeats, where either reading is right.
        const local = format.format(new Date(ms)).replace(' ', 'T');
        const read = parseDateTime(local, zone);
        if (read === null || format.format(read).replace(' ', 'T') !== local)
          misses.push(`${zone} ${local}: ${read?.toISOString() ?? 'null'}`);
        if (misses.length > 3) break;
      }
      expect(misses, zone).toEqual([]);
    }
  });

  it('refuses impossible dates and times', () => {
    expect(parseDateTime('2026-02-30', 'America/Chicago')).toBeNull();
    expect(parseDateTime('02/30/2026', 'America/Chicago')).toBeNull();
    expect(parseDateTime('2026-12-01T24:00', 'America/Chicago')).toBeNull();
  });
});
