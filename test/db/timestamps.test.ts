import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDb } from '../../src/db/connection.ts';
import { parseTimestamptz } from '../../src/db/timestamps.ts';
import { useTestDatabase } from '../helpers/database.ts';

/**
 * A timestamptz is read by character in its common form, and by pg's own parser otherwise; the
 * two give the same instant for every form PostgreSQL writes.
 */
const t = useTestDatabase();
// pg-types' parser for the type, which connection.ts replaced: postgres-date.
const pgParser = pg.types.getTypeParser(pg.types.builtins.TIMESTAMP) as (text: string) => Date | number;
const time = (value: Date | number) => (value instanceof Date ? value.getTime() : value);

describe('a timestamptz read from its text', () => {
  it("gives pg's own instant for each form PostgreSQL writes", () => {
    const forms = [
      '2026-11-27 11:23:20.123456+00',
      '2026-11-27 11:23:20.999999+00',
      '2026-11-27 11:23:20.1+00',
      '2026-11-27 11:23:20.12+00',
      '2026-11-27 11:23:20+00',
      '2026-03-08 01:59:59.5-05',
      '2026-06-30 23:59:59.000001+05:30',
      '2026-12-31 23:45:00+05:45',
      '2026-01-01 00:00:00-09:30',
      '1883-11-18 12:00:00-07:52:58',
      '0099-06-01 10:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      '12026-01-01 00:00:00+00',
    ];
    for (const form of forms) {
      const offsetWritten = /[+-]\d{2}(:\d{2}){0,2}( BC)?$/.test(form);
      expect(offsetWritten, form).toBe(true);
      // pg's timestamptz parser is the timestamp one fed an offset: the same function.
      expect(time(parseTimestamptz(form)), form).toBe(time(pgParser(form)));
    }
    expect(parseTimestamptz('infinity')).toBe(Infinity);
    expect(parseTimestamptz('-infinity')).toBe(-Infinity);
  });

  it('reads what PostgreSQL writes in several session zones, to the millisecond', async () => {
    const db = createDb(t.url, { max: 1 });
    try {
      for (const zone of ['UTC', 'America/Chicago', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Marquesas']) {
        await sql`SELECT set_config('TimeZone', ${zone}, false)`.execute(db);
        const { rows } = await sql<{ at: Date; text: string }>`
          SELECT at, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS text
            FROM (VALUES (timestamptz '2026-11-27 11:23:20.123456+00'), (timestamptz '2026-07-04 00:00:00.5+00'),
                         (timestamptz '1999-12-31 23:59:59.999999+00')) AS v(at)`.execute(db);
        for (const row of rows) expect(row.at.toISOString(), zone).toBe(row.text);
      }
    } finally {
      await db.destroy();
    }
  });
});
