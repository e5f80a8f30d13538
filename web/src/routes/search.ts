/**
 * The pages' search-parameter schemas: each parameter a parser that gives its value, or
 * undefined for a value a person mistyped or an old link carries (the page then opens without
 * that filter, never an error page). A schema is the route's `validateSearch`: it types the
 * page's `useSearch` and every link to the page. (A validation library would add 7 KB to the
 * first page's script for these few shapes.)
 */
type Parser<T> = (value: unknown) => T | undefined;
type Parsed<S> = { [K in keyof S]?: S[K] extends Parser<infer T> ? T : never };

export function searchSchema<S extends Record<string, Parser<unknown>>>(shape: S) {
  return (search: Record<string, unknown>): Parsed<S> => {
    const parsed: Record<string, unknown> = {};
    for (const [name, parse] of Object.entries(shape)) {
      const value = parse(search[name]);
      if (value !== undefined) parsed[name] = value;
    }
    return parsed as Parsed<S>;
  };
}

/** Text matching a pattern, kept to a sane length. */
export const text =
  (max = 200, pattern?: RegExp): Parser<string> =>
  (value) =>
    typeof value === 'string' && value !== '' && value.length <= max && (!pattern || pattern.test(value))
      ? value
      : undefined;

/** One of a few words. */
export const oneOf =
  <const T extends string>(choices: readonly T[]): Parser<T> =>
  (value) =>
    choices.includes(value as T) ? (value as T) : undefined;

/** A calendar day as date inputs give it, YYYY-MM-DD. */
export const day = text(10, /^\d{4}-\d{2}-\d{2}$/);

/** A key of the API's (a queue, a status id): lower case words joined by underscores. */
export const key = text(60, /^[a-z_]+$/);

/** A switch that is on when present (`?mine=true`); off is no parameter. */
export const flag: Parser<true> = (value) => (value === true || value === 'true' ? true : undefined);

/** An id the service gave (a UUID). */
export const id = text(36, /^[0-9a-f-]{36}$/i);

/** A return address inside the application only (the service checks it again). */
export const returnTo = text(2000, /^\/(?!\/)/);

/** A whole number among those allowed (`page` past the first: the first is no parameter). */
export const whole =
  (allowed: (n: number) => boolean): Parser<number> =>
  (value) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    return Number.isInteger(n) && allowed(n) ? n : undefined;
  };
export const page = whole((n) => n >= 2);

/** The API's own search terms, as a dashboard figure names them: attribute names, text values. */
export const terms: Parser<Record<string, string>> = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] =>
      /^[a-z_]{1,60}$/.test(entry[0]) && typeof entry[1] === 'string' && entry[1].length <= 200,
  );
  return entries.length > 0 && entries.length <= 10 ? Object.fromEntries(entries) : undefined;
};
