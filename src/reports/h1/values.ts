/**
 * How the rules read the texts of a UAD 3.6 file. The schema has already checked each value's
 * type, but the rules also see what the schema allows and the GSEs do not (a date without its
 * day, a latitude with two decimals), so they read the text as it is written.
 */

/** An xsd:boolean that is true ("true" or "1"). */
export const isTrue = (text: string | undefined): boolean => text === 'true' || text === '1';

/** An xsd:boolean that is false ("false" or "0"); absent is neither true nor false. */
export const isFalse = (text: string | undefined): boolean => text === 'false' || text === '0';

/** A decimal number as the schema writes one (no thousands separators); null otherwise. */
export function decimal(text: string | undefined): number | null {
  if (text === undefined || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Number(text);
}

/** The number of decimal places written: "25.165173" has 6. */
export const decimalPlaces = (text: string): number => {
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
};

/** A calendar date written YYYY-MM-DD (the GSEs' CCYY-MM-DD), and a real day of its month. */
export function isFullDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.getUTCMonth() === Number(match[2]) - 1 && day.getUTCDate() === Number(match[3]);
}

/** A month written YYYY-MM (the GSEs' CCYY-MM). */
export const isYearMonth = (text: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(text);

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date as a day number, to compare and count days; null when not a full date. */
export function dayNumber(text: string | undefined): number | null {
  if (text === undefined || !isFullDate(text)) return null;
  return Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10))) / DAY_MS;
}

/** The day of `asOf` (in UTC, as the file's dates carry no zone) as a day number. */
export const dayOf = (asOf: Date): number => Math.floor(asOf.getTime() / DAY_MS);

/** The year of a date or year text ("2019-09-20", "2019"); null when it has none. */
export function yearOf(text: string | undefined): number | null {
  const match = text === undefined ? null : /^(\d{4})(-|$)/.exec(text);
  return match ? Number(match[1]) : null;
}
