import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  PREDICATES,
  type AttributeMap,
  type AttributeSpec,
  type ListQuery,
  type ListSort,
  type ListTerm,
  type Predicate,
} from '../db/list-filter.ts';
import { isUuid } from '../db/ids.ts';
import { parseDateTime, toIsoLocal } from '../format/dates.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';

/**
 * Paging and the Ransack-style `q` of list endpoints, read from the query string:
 * `q[<attribute>_<predicate>]=value`, `q[<attribute>_in][]=a&q[<attribute>_in][]=b`,
 * `q[s]=<attribute> asc|desc` (repeatable). Attributes come from an explicit allow-list per
 * resource (db/list-filter.ts turns the checked search into SQL); an unknown attribute,
 * predicate or sort answers 422, never a silent full list. Blank values are ignored (as
 * Ransack does), except for the null and present predicates.
 */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/**
 * The largest page and per_page accepted. Beyond it the offset no longer fits PostgreSQL's
 * bigint (a 500, before this bound) and no list is that long; it answers 422 instead.
 */
export const MAX_PAGE = 1_000_000;
/** Sort keys one list takes (q[s][]): a few tie-breakers say all there is; hundreds were a 500. */
export const MAX_SORTS = 5;
/** The longest text a search term takes (list-query-document.ts declares it). */
export const MAX_TEXT_VALUE = 500;

const pagingProperties = {
  page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE,
      // No default in the schema: page stays absent unless sent, since it excludes after=.
      description: `Page number, 1 to ${MAX_PAGE} (default 1; not with after=)`,
    }),
  ),
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PER_PAGE,
      default: DEFAULT_PER_PAGE,
      description: `Page size, 1 to ${MAX_PER_PAGE}. A larger whole number is not refused: it reads as ${MAX_PER_PAGE} (clamped, as the interface does; pagination.per_page says what was used)`,
    }),
  ),
};

/**
 * per_page above MAX_PER_PAGE reads as MAX_PER_PAGE, the interface's rule that its clients rely
 * on. The value is clamped before the query string is validated, so that the schema declares
 * the page sizes a caller gets (1 to 100) while a larger one is still not refused.
 */
export function installPerPageClamp(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const schema = request.routeOptions.schema?.querystring as { properties?: object } | undefined;
    const query = request.query as Record<string, unknown> | undefined;
    const value = query?.per_page;
    if (schema?.properties && 'per_page' in schema.properties && typeof value === 'string') {
      const size = Number(value);
      if (value.trim() !== '' && Number.isInteger(size) && size > MAX_PER_PAGE)
        query!.per_page = String(MAX_PER_PAGE);
    }
    done();
  });
}

/** The documented part of a list's query string; q[...] keys are read by parseListQuery. */
export const ListQueryString = Type.Object(pagingProperties, { additionalProperties: true });

/**
 * The longest cursor accepted: a cursor carries the sort keys of one row as text (an address,
 * a borrower's name); a few sorts on long text stay well within it.
 */
const MAX_CURSOR_LENGTH = 8000;

/**
 * A list's query string with keyset paging: `after=<next_cursor of the previous page>` starts
 * the page after the last row of that page, at the cost of the first page however deep it is.
 */
export const CursorListQueryString = Type.Object(
  {
    ...pagingProperties,
    after: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_CURSOR_LENGTH,
        pattern: '^[A-Za-z0-9_.-]+$',
        description:
          'Start after the last order of the page that gave this cursor (its pagination.next_cursor), instead of at a page number: a deep page costs what the first does. Not with page; the same q[s] as that page; per_page and the q[…] filters may change.',
      }),
    ),
  },
  { additionalProperties: true },
);

/** The query string of a list without search: page and per_page only. */
export const PagingQueryString = Type.Object(pagingProperties);

export interface Paging {
  page: number;
  perPage: number;
}

/** page and per_page of a list without search; 422 naming each bad one. */
export function parsePaging(query: Record<string, unknown>): Paging {
  const problems: FieldProblem[] = [];
  const paging = readPaging(query, problems);
  if (problems.length > 0) {
    throw new AppError(
      'validation_failed',
      `Invalid paging: ${problems.map((p) => p.field).join(', ')}`,
      problems,
    );
  }
  return paging;
}

function readPaging(query: Record<string, unknown>, problems: FieldProblem[]): Paging {
  const page = positiveInteger(query.page, 'page', 1, problems);
  const perPage = Math.min(
    positiveInteger(query.per_page, 'per_page', DEFAULT_PER_PAGE, problems),
    MAX_PER_PAGE,
  );
  return { page, perPage };
}

export interface ListQueryOptions {
  timeZone: string;
  /** The list takes `after=` (CursorListQueryString); elsewhere it is left aside. */
  cursor?: boolean;
}

export function parseListQuery(
  query: Record<string, unknown>,
  attributes: AttributeMap,
  options: ListQueryOptions,
): ListQuery {
  const problems: FieldProblem[] = [];
  const { page, perPage } = readPaging(query, problems);
  const after = options.cursor === true ? readAfter(query, problems) : undefined;
  const terms: ListTerm[] = [];
  const sorts: ListSort[] = [];

  for (const [rawKey, rawValue] of Object.entries(query)) {
    const key = normalizeKey(rawKey);
    if (key === null) continue;
    if (key === MALFORMED) {
      problems.push({ field: rawKey, message: 'is not of the form q[<attribute>_<predicate>] or q[s]' });
      continue;
    }
    const field = `q[${key}]`;
    if (key === 's' || key === 'sorts') {
      const values = asList(rawValue);
      if (sorts.length + values.length > MAX_SORTS) {
        problems.push({ field, message: `takes at most ${MAX_SORTS} sort keys` });
        continue;
      }
      for (const value of values) {
        const sort = parseSort(value, attributes, field, problems);
        if (sort) sorts.push(sort);
      }
      continue;
    }
    const parsed = splitKey(key, attributes);
    if (!parsed) {
      problems.push({ field, message: unknownAttributeMessage(attributes) });
      continue;
    }
    const term = checkTerm(
      parsed.attribute,
      attributes[parsed.attribute]!,
      parsed.predicate,
      rawValue,
      field,
      problems,
      options.timeZone,
    );
    if (term) terms.push(term);
  }

  if (problems.length > 0) {
    throw new AppError(
      'validation_failed',
      `Invalid list query: ${problems.map((p) => p.field).join(', ')}`,
      problems,
    );
  }
  return {
    page,
    perPage,
    offset: (page - 1) * perPage,
    terms,
    sorts,
    timeZone: options.timeZone,
    ...(after !== undefined ? { after } : {}),
  };
}

/** The cursor as given (its seal is checked by the list that opens it); with page, a 422. */
function readAfter(query: Record<string, unknown>, problems: FieldProblem[]): string | undefined {
  const value = query.after;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_.-]+$/.test(value)) {
    problems.push({
      field: 'after',
      message: 'must be one cursor, as a previous page gave it in next_cursor',
    });
    return undefined;
  }
  if (query.page !== undefined && query.page !== '') {
    problems.push({
      field: 'after',
      message: 'cannot be combined with page: the cursor says where the page starts; send one or the other',
    });
    return undefined;
  }
  return value;
}

function positiveInteger(value: unknown, field: string, fallback: number, problems: FieldProblem[]): number {
  if (value === undefined || value === '') return fallback;
  const text = String(Array.isArray(value) ? value[0] : value);
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_PAGE) {
    problems.push({ field, message: `must be a whole number from 1 to ${MAX_PAGE}` });
    return fallback;
  }
  return Number(text);
}

const MALFORMED = Symbol('malformed');

/** `q[name_cont]` → `name_cont`; `q[type_in][]` and `q[type_in][0]` → `type_in`; keys outside q → null. */
function normalizeKey(key: string): string | typeof MALFORMED | null {
  const match = /^q\[([^\]]*)\](?:\[\d*\])?$/.exec(key);
  if (match) return match[1]!;
  return key.startsWith('q[') || key === 'q' ? MALFORMED : null;
}

function splitKey(key: string, attributes: AttributeMap): { attribute: string; predicate: Predicate } | null {
  for (const predicate of PREDICATES) {
    const suffix = `_${predicate}`;
    if (key.endsWith(suffix)) {
      const attribute = key.slice(0, -suffix.length);
      if (Object.hasOwn(attributes, attribute)) return { attribute, predicate };
    }
  }
  return null;
}

function unknownAttributeMessage(attributes: AttributeMap): string {
  return `is not a known search; attributes: ${Object.keys(attributes).join(', ')}; predicates: ${PREDICATES.join(', ')}`;
}

/** Query values are strings or arrays of strings; anything else (a nested object) reads as no value. */
function asList(value: unknown): string[] {
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items
    .filter((item): item is string | number | boolean =>
      ['string', 'number', 'boolean'].includes(typeof item),
    )
    .map(String);
}

function parseSort(
  value: string,
  attributes: AttributeMap,
  field: string,
  problems: FieldProblem[],
): ListSort | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const [name, direction = 'asc', ...rest] = trimmed.split(/\s+/);
  if (!Object.hasOwn(attributes, name!) || rest.length > 0 || !/^(asc|desc)$/i.test(direction)) {
    problems.push({
      field,
      message: `must be "<attribute> asc|desc" with one of: ${Object.keys(attributes).join(', ')}`,
    });
    return null;
  }
  return { attribute: name!, direction: direction.toLowerCase() === 'desc' ? 'desc' : 'asc' };
}

const TRUE = /^(true|t|1|yes)$/i;
const FALSE = /^(false|f|0|no)$/i;

/** The term with its values checked and in stored form; null when blank (ignored) or invalid. */
function checkTerm(
  name: string,
  spec: AttributeSpec,
  predicate: Predicate,
  rawValue: unknown,
  field: string,
  problems: FieldProblem[],
  timeZone: string,
): ListTerm | null {
  const values = asList(rawValue)
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length === 0) {
    if (typeof rawValue === 'object' && rawValue !== null && !Array.isArray(rawValue)) {
      problems.push({ field, message: 'must be a value, not an object' });
    }
    return null;
  }
  const term = (checked: string[]): ListTerm => ({ attribute: name, predicate, values: checked });

  if (predicate === 'null' || predicate === 'present') {
    const flag = values[0]!;
    if (!TRUE.test(flag) && !FALSE.test(flag)) {
      problems.push({ field, message: 'must be true or false' });
      return null;
    }
    return term([TRUE.test(flag) ? 'true' : 'false']);
  }

  if (predicate === 'cont' || predicate === 'start' || predicate === 'end') {
    if (spec.type !== 'text') {
      problems.push({
        field,
        message: `${predicate} applies to text attributes only; ${name} is ${spec.type}`,
      });
      return null;
    }
    // As the document says (maxLength): no order holds a longer text, and a pattern of
    // thousands of characters costs the trigram index as many lookups.
    if (values[0]!.length > MAX_TEXT_VALUE) {
      problems.push({ field, message: `is too long: at most ${MAX_TEXT_VALUE} characters` });
      return null;
    }
    return term([values[0]!]);
  }

  const checked = values.map((v) => {
    const value = spec.transform ? spec.transform(v) : v;
    return value === null ? null : checkValue(value, spec, timeZone);
  });
  if (checked.some((c) => c === null)) {
    problems.push({ field, message: describeType(spec) });
    return null;
  }
  if (predicate !== 'in' && predicate !== 'not_in' && values.length > 1) {
    problems.push({ field, message: `takes one value (use ${name}_in for several)` });
    return null;
  }
  return term(checked as string[]);
}

/**
 * The value in canonical form, or null when it does not fit the attribute's type. Everything
 * that passes here is a value PostgreSQL takes: a date or date-time it would refuse (year 0,
 * "2026-01-01 (foo)", which JavaScript's Date.parse reads) is refused here, never in SQL.
 */
function checkValue(value: string, spec: AttributeSpec, timeZone: string): string | null {
  switch (spec.type) {
    case 'text':
      return value.length <= MAX_TEXT_VALUE ? value : null;
    case 'uuid':
      return isUuid(value) ? value.toLowerCase() : null;
    case 'enum':
      return spec.values?.includes(value) ? (spec.stored?.(value) ?? value) : null;
    case 'integer':
      return /^-?\d{1,15}$/.test(value) ? value : null;
    case 'decimal':
      return /^-?\d{1,13}(\.\d{1,2})?$/.test(value) ? value : null;
    case 'boolean':
      return TRUE.test(value) ? 'true' : FALSE.test(value) ? 'false' : null;
    case 'date': {
      const day = toIsoLocal(value);
      return isDate(day) ? day : null;
    }
    case 'datetime': {
      const text = toIsoLocal(value);
      // A day alone stays a day: db/list-filter.ts compares it as the whole day in TIME_ZONE.
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isDate(text) ? text : null;
      if (!isDate(text.slice(0, 10))) return null;
      // A date-time without a zone is read in TIME_ZONE, as everywhere in the API; the SQL
      // receives the instant in UTC, in a form PostgreSQL always reads.
      const instant = parseDateTime(text, timeZone)?.toISOString();
      return instant && isDate(instant.slice(0, 10)) ? instant : null;
    }
  }
}

/** Years 1000 to 9999: what people search by, and always a date PostgreSQL accepts. */
const DAY = /^[1-9]\d{3}-\d{2}-\d{2}$/;

/**
 * The shapes checkValue takes for date and date-time filters, as the OpenAPI document declares
 * them (list-query-document.ts): a date YYYY-MM-DD or M/D/YYYY; for date-times also a time
 * (HH:MM[:SS[.ffffff]]), read in TIME_ZONE, or with a zone (Z, +HH:MM). A value of that shape
 * can still be an impossible date (02/30/2026): 422 all the same.
 */
const ISO_DAY = '[1-9]\\d{3}-\\d{2}-\\d{2}';
const US_DAY = '\\d{1,2}/\\d{1,2}/[1-9]\\d{3}';
const ISO_TIME = '\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,6})?)?';
export const DATE_FILTER_PATTERN = `^(?:${ISO_DAY}|${US_DAY})$`;
export const DATETIME_FILTER_PATTERN =
  `^(?:${ISO_DAY}(?:[T ]${ISO_TIME})?` +
  `|${ISO_DAY}[Tt ]${ISO_TIME}(?:[Zz]|[+-]\\d{2}:?\\d{2})` +
  `|${US_DAY}(?:[T ]\\d{1,2}:\\d{2}(?::\\d{2})?)?)$`;

function isDate(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function describeType(spec: AttributeSpec): string {
  switch (spec.type) {
    case 'uuid':
      return 'must be an id (UUID)';
    case 'enum':
      return `must be one of: ${(spec.values ?? []).join(', ')}`;
    case 'integer':
      return 'must be a whole number';
    case 'decimal':
      return 'must be a decimal number';
    case 'boolean':
      return 'must be true or false';
    case 'date':
      return 'must be a date from the years 1000 to 9999: YYYY-MM-DD or MM/DD/YYYY';
    case 'datetime':
      return 'must be a date (YYYY-MM-DD or MM/DD/YYYY) or a date-time (YYYY-MM-DDTHH:MM[:SS], with an optional zone: Z or +HH:MM), years 1000 to 9999';
    default:
      return 'is too long';
  }
}
