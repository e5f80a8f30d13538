import pg from 'pg';

/**
 * A `timestamptz` as PostgreSQL writes it (DateStyle ISO): `2026-11-27 11:23:20.123456+00`, the
 * offset as `±HH` or `±HH:MM`. pg's own parser (postgres-date) matches three regular
 * expressions per value, and a list page has seven timestamps in each of its 26 orders: its
 * match arrays were 8 % of what the service allocated for a page (docs/performance.md, "The
 * page's own columns"). This reads that common form by character; any other form (a year before
 * 1000 or BC, an offset with seconds, infinity) goes to pg's parser, whose result this gives
 * for the common form too (milliseconds truncated, as Date does with pg's fraction).
 */
const fallback = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date | number;

const ZERO = 48;
const digit = (text: string, at: number) => text.charCodeAt(at) - ZERO;
const two = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);
const four = (text: string, at: number) => two(text, at) * 100 + two(text, at + 2);

export function parseTimestamptz(text: string): Date | number {
  // YYYY-MM-DD HH:MM:SS, a year of four digits from 1000 on (Date.UTC reads 0 to 99 as 19xx).
  if (
    text.length < 22 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(10) !== 32 ||
    text.charCodeAt(0) === ZERO
  )
    return fallback(text);
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    at += 1;
    let places = 0;
    while (at < text.length && digit(text, at) >= 0 && digit(text, at) <= 9) {
      if (places < 3) ms = ms * 10 + digit(text, at);
      places += 1;
      at += 1;
    }
    for (; places < 3; places += 1) ms *= 10;
  }
  const sign = text.charCodeAt(at);
  if (sign !== 43 && sign !== 45) return fallback(text);
  let offsetMinutes = two(text, at + 1) * 60;
  if (text.length === at + 6 && text.charCodeAt(at + 3) === 58) offsetMinutes += two(text, at + 4);
  else if (text.length !== at + 3) return fallback(text);
  const utc = Date.UTC(
    four(text, 0),
    two(text, 5) - 1,
    two(text, 8),
    two(text, 11),
    two(text, 14),
    two(text, 17),
    ms,
  );
  return new Date(utc - (sign === 43 ? 1 : -1) * offsetMinutes * 60_000);
}
