import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { Type } from 'typebox';
import { AppError, type FieldProblem } from './errors.ts';

/**
 * Paging and the Ransack-style `q` of list endpoints:
 * `q[<attribute>_<predicate>]=value`, `q[<attribute>_in][]=a&q[<attribute>_in][]=b`,
 * `q[s]=<attribute> asc|desc` (repeatable). Attributes come from an explicit allow-list per
 * resource; an unknown attribute, predicate or sort answers 422, never a silent full list.
 * Blank values are ignored (as Ransack does), except for the null and present predicates.
 */
export const PREDICATES = [
  'not_eq',
  'not_in',
  'present',
  'start',
  'lteq',
  'gteq',
  'cont',
  'null',
  'end',
  'eq',
  'in',
  'lt',
  'gt',
] as const;
export type Predicate = (typeof PREDICATES)[number];

export type AttributeType =
  'text' | 'uuid' | 'enum' | 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean';

export interface AttributeSpec {
  /** The SQL expression filtered and sorted on. */
  expr: Expression<unknown>;
  type: AttributeType;
  /** For enum attributes: the accepted values. */
  values?: readonly string[];
  /** Turns a value as integrators write it into the stored form (a state code into its id); null: invalid. */
  transform?: (value: string) => string | null;
}

export type AttributeMap = Record<string, AttributeSpec>;

export interface ListQuery {
  page: number;
  perPage: number;
  offset: number;
  filters: Expression<SqlBool>[];
  sorts: RawBuilder<unknown>[];
  /** What was asked, for lists that answer some searches from summaries (order counts). */
  terms: { attribute: string; predicate: Predicate; values: string[] }[];
}

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** The documented part of a list's query string; q[...] keys are read by parseListQuery. */
export const ListQueryString = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, description: 'Page number, from 1 (default 1)' })),
    per_page: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: `Page size (default ${DEFAULT_PER_PAGE}; above ${MAX_PER_PAGE} reads as ${MAX_PER_PAGE})`,
      }),
    ),
  },
  { additionalProperties: true },
);

export interface ListQueryOptions {
  timeZone: string;
}

export function parseListQuery(
  query: Record<string, unknown>,
  attributes: AttributeMap,
  options: ListQueryOptions,
): ListQuery {
  const problems: FieldProblem[] = [];
  const page = positiveInteger(query.page, 'page', 1, problems);
  const perPage = Math.min(
    positiveInteger(query.per_page, 'per_page', DEFAULT_PER_PAGE, problems),
    MAX_PER_PAGE,
  );
  const filters: Expression<SqlBool>[] = [];
  const sorts: RawBuilder<unknown>[] = [];
  const terms: ListQuery['terms'] = [];

  for (const [rawKey, rawValue] of Object.entries(query)) {
    const key = normalizeKey(rawKey);
    if (key === null) continue;
    if (key === MALFORMED) {
      problems.push({ field: rawKey, message: 'is not of the form q[<attribute>_<predicate>] or q[s]' });
      continue;
    }
    const field = `q[${key}]`;
    if (key === 's' || key === 'sorts') {
      for (const value of asList(rawValue)) {
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
    terms.push({ attribute: parsed.attribute, predicate: parsed.predicate, values: asList(rawValue) });
    const filter = buildFilter(
      parsed.attribute,
      attributes[parsed.attribute]!,
      parsed.predicate,
      rawValue,
      field,
      options,
      problems,
    );
    if (filter) filters.push(filter);
  }

  if (problems.length > 0) {
    throw new AppError(
      'validation_failed',
      `Invalid list query: ${problems.map((p) => p.field).join(', ')}`,
      problems,
    );
  }
  return { page, perPage, offset: (page - 1) * perPage, filters, sorts, terms };
}

function positiveInteger(value: unknown, field: string, fallback: number, problems: FieldProblem[]): number {
  if (value === undefined || value === '') return fallback;
  const text = String(Array.isArray(value) ? value[0] : value);
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    problems.push({ field, message: 'must be a positive integer' });
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
): RawBuilder<unknown> | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const [name, direction = 'asc', ...rest] = trimmed.split(/\s+/);
  const spec = Object.hasOwn(attributes, name!) ? attributes[name!] : undefined;
  if (!spec || rest.length > 0 || !/^(asc|desc)$/i.test(direction)) {
    problems.push({
      field,
      message: `must be "<attribute> asc|desc" with one of: ${Object.keys(attributes).join(', ')}`,
    });
    return null;
  }
  return direction.toLowerCase() === 'desc' ? sql`${spec.expr} DESC` : sql`${spec.expr} ASC`;
}

const TRUE = /^(true|t|1|yes)$/i;
const FALSE = /^(false|f|0|no)$/i;

function buildFilter(
  name: string,
  spec: AttributeSpec,
  predicate: Predicate,
  rawValue: unknown,
  field: string,
  options: ListQueryOptions,
  problems: FieldProblem[],
): Expression<SqlBool> | null {
  const values = asList(rawValue)
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length === 0) {
    if (typeof rawValue === 'object' && rawValue !== null && !Array.isArray(rawValue)) {
      problems.push({ field, message: 'must be a value, not an object' });
    }
    return null;
  }
  const { expr } = spec;

  if (predicate === 'null' || predicate === 'present') {
    const flag = values[0]!;
    if (!TRUE.test(flag) && !FALSE.test(flag)) {
      problems.push({ field, message: 'must be true or false' });
      return null;
    }
    const isNull = predicate === 'null' ? TRUE.test(flag) : FALSE.test(flag);
    if (predicate === 'present' && spec.type === 'text') {
      return isNull ? sql<SqlBool>`coalesce(${expr}, '') = ''` : sql<SqlBool>`coalesce(${expr}, '') <> ''`;
    }
    return isNull ? sql<SqlBool>`${expr} IS NULL` : sql<SqlBool>`${expr} IS NOT NULL`;
  }

  if (predicate === 'cont' || predicate === 'start' || predicate === 'end') {
    if (spec.type !== 'text') {
      problems.push({
        field,
        message: `${predicate} applies to text attributes only; ${name} is ${spec.type}`,
      });
      return null;
    }
    const escaped = values[0]!.replace(/[\\%_]/g, (c) => `\\${c}`);
    const pattern =
      predicate === 'cont' ? `%${escaped}%` : predicate === 'start' ? `${escaped}%` : `%${escaped}`;
    return sql<SqlBool>`${expr} ILIKE ${pattern}`;
  }

  const checked = values.map((v) => {
    const value = spec.transform ? spec.transform(v) : v;
    return value === null ? null : checkValue(value, spec);
  });
  const bad = checked.findIndex((c) => c === null);
  if (bad >= 0) {
    problems.push({ field, message: describeType(spec) });
    return null;
  }
  const typed = checked as string[];

  if (predicate === 'in' || predicate === 'not_in') {
    const list = sql.join(typed.map((v) => castValue(v, spec)));
    return predicate === 'in' ? sql<SqlBool>`${expr} IN (${list})` : sql<SqlBool>`${expr} NOT IN (${list})`;
  }
  if (values.length > 1) {
    problems.push({ field, message: `takes one value (use ${name}_in for several)` });
    return null;
  }
  const value = typed[0]!;
  if (spec.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dayComparison(expr, predicate, value, options.timeZone);
  }
  const operand = castValue(value, spec);
  switch (predicate) {
    case 'eq':
      return sql<SqlBool>`${expr} = ${operand}`;
    case 'not_eq':
      return sql<SqlBool>`${expr} IS DISTINCT FROM ${operand}`;
    case 'lt':
      return sql<SqlBool>`${expr} < ${operand}`;
    case 'lteq':
      return sql<SqlBool>`${expr} <= ${operand}`;
    case 'gt':
      return sql<SqlBool>`${expr} > ${operand}`;
    case 'gteq':
      return sql<SqlBool>`${expr} >= ${operand}`;
  }
}

/**
 * A date-only value against a date-time attribute means the whole day in the deployment's
 * time zone: lteq 2026-12-31 includes that day's evening. The bounds are constants, so an
 * index on the attribute still serves.
 */
function dayComparison(
  expr: Expression<unknown>,
  predicate: Predicate,
  day: string,
  timeZone: string,
): Expression<SqlBool> {
  const start = sql`(${day}::date)::timestamp AT TIME ZONE ${timeZone}`;
  const next = sql`((${day}::date) + 1)::timestamp AT TIME ZONE ${timeZone}`;
  switch (predicate) {
    case 'eq':
      return sql<SqlBool>`(${expr} >= ${start} AND ${expr} < ${next})`;
    case 'not_eq':
      return sql<SqlBool>`NOT (${expr} >= ${start} AND ${expr} < ${next})`;
    case 'lt':
      return sql<SqlBool>`${expr} < ${start}`;
    case 'lteq':
      return sql<SqlBool>`${expr} < ${next}`;
    case 'gt':
      return sql<SqlBool>`${expr} >= ${next}`;
    default:
      return sql<SqlBool>`${expr} >= ${start}`;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value in canonical form, or null when it does not fit the attribute's type. */
function checkValue(value: string, spec: AttributeSpec): string | null {
  switch (spec.type) {
    case 'text':
      return value.length <= 500 ? value : null;
    case 'uuid':
      return UUID.test(value) ? value.toLowerCase() : null;
    case 'enum':
      return spec.values?.includes(value) ? value : null;
    case 'integer':
      return /^-?\d{1,15}$/.test(value) ? value : null;
    case 'decimal':
      return /^-?\d{1,13}(\.\d{1,2})?$/.test(value) ? value : null;
    case 'boolean':
      return TRUE.test(value) ? 'true' : FALSE.test(value) ? 'false' : null;
    case 'date':
      return isDate(value) ? value : null;
    case 'datetime':
      return isDate(value.slice(0, 10)) && (value.length === 10 || !Number.isNaN(Date.parse(value)))
        ? value
        : null;
  }
}

function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function castValue(value: string, spec: AttributeSpec): RawBuilder<unknown> {
  switch (spec.type) {
    case 'uuid':
      return sql`${value}::uuid`;
    case 'integer':
      return sql`${value}::bigint`;
    case 'decimal':
      return sql`${value}::numeric`;
    case 'boolean':
      return sql`${value}::boolean`;
    case 'date':
      return sql`${value}::date`;
    case 'datetime':
      return sql`${value}::timestamptz`;
    default:
      return sql`${value}`;
  }
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
      return 'must be a date, YYYY-MM-DD';
    case 'datetime':
      return 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time';
    default:
      return 'is too long';
  }
}
