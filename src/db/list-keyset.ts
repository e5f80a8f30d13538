import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import {
  castValue,
  type AttributeMap,
  type AttributeSpec,
  type ListQuery,
  type ListSort,
} from './list-filter.ts';

/**
 * Keyset paging of list searches: a page that starts after a given row, found by comparing
 * the sort keys instead of skipping OFFSET rows, so that a deep page costs what the first does.
 *
 * The keys are the list's sorts (q[s]) followed by its tie-breakers (unique together), in
 * PostgreSQL's default null order: NULL sorts after every value ascending, first descending,
 * which is the order the lists' ORDER BY gives. A row's keys travel as text, each in a form its
 * attribute's type reads back exactly (date-times to the microsecond, in UTC).
 */
export interface SortKey {
  expr: Expression<unknown>;
  spec: AttributeSpec;
  direction: 'asc' | 'desc';
}

/** The keys that order a list: its sorts, then the tie-breakers (attribute names of `attributes`). */
export function sortKeys(list: ListQuery, attributes: AttributeMap, tieBreakers: ListSort[]): SortKey[] {
  return [...list.sorts, ...tieBreakers].map(({ attribute, direction }) => {
    const spec = attributes[attribute]!;
    return { expr: spec.expr, spec, direction };
  });
}

/** What a cursor is bound to: the list's own sorts, as q[s] names them. */
export function sortSignature(list: ListQuery): string {
  return list.sorts.map((s) => `${s.attribute} ${s.direction}`).join(',');
}

export function orderByKeys(keys: SortKey[]): RawBuilder<unknown>[] {
  return keys.map(({ expr, direction }) => (direction === 'desc' ? sql`${expr} DESC` : sql`${expr} ASC`));
}

/** Each key of a row as text that reads back to the same value (selected beside the row). */
export function keyText(key: SortKey): RawBuilder<string | null> {
  return key.spec.type === 'datetime'
    ? sql<string | null>`to_char(${key.expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string | null>`(${key.expr})::text`;
}

/** Whether a key's text, as a cursor carries it, is a value of its type (the cursor is sealed; this is defence). */
export function keyTextFits(key: SortKey, value: string | null): boolean {
  if (value === null) return key.spec.notNull !== true;
  if (value.length > 2000) return false;
  switch (key.spec.type) {
    case 'uuid':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
    case 'datetime':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'integer':
      return /^-?\d{1,19}$/.test(value);
    case 'decimal':
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(value);
    default:
      return true;
  }
}

/**
 * The rows that come after the row whose keys are `values`, in the order of `keys`:
 * (k1 after v1) OR (k1 = v1 AND k2 after v2) OR … When every key is NOT NULL and all go one
 * way, one row comparison, which an index on the keys reads as a range. Otherwise the first
 * key, when NOT NULL, is also bounded on its own (k1 >= v1 ascending), so that an index on it
 * starts at the cursor rather than at the top of the list.
 */
export function afterKeys(keys: SortKey[], values: (string | null)[]): Expression<SqlBool> {
  const operands = keys.map((key, i) =>
    values[i] === null ? null : castValue(values[i]!, key.spec, { text: true }),
  );
  const uniform = keys.every((k) => k.spec.notNull === true && k.direction === keys[0]!.direction);
  if (uniform) {
    const left = sql.join(keys.map((k) => k.expr));
    const right = sql.join(operands.map((o) => o!));
    return keys[0]!.direction === 'asc'
      ? sql<SqlBool>`(${left}) > (${right})`
      : sql<SqlBool>`(${left}) < (${right})`;
  }
  const branches: Expression<SqlBool>[] = [];
  for (let i = 0; i < keys.length; i += 1) {
    const after = strictlyAfter(keys[i]!, operands[i]!);
    if (after === null) continue;
    const equal = keys.slice(0, i).map((k, j) => sameAs(k, operands[j]!));
    branches.push(equal.length === 0 ? after : sql<SqlBool>`(${sql.join([...equal, after], sql` AND `)})`);
  }
  const any = branches.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(branches, sql` OR `)})`;
  const first = keys[0]!;
  const firstValue = operands[0];
  if (first.spec.notNull !== true || firstValue === null || firstValue === undefined) return any;
  const bound =
    first.direction === 'asc'
      ? sql<SqlBool>`${first.expr} >= ${firstValue}`
      : sql<SqlBool>`${first.expr} <= ${firstValue}`;
  return sql<SqlBool>`(${bound} AND ${any})`;
}

/** The key comes strictly after the value (null: no row can, the value being NULL ascending). */
function strictlyAfter(key: SortKey, value: RawBuilder<unknown> | null): Expression<SqlBool> | null {
  const { expr, direction, spec } = key;
  if (direction === 'asc') {
    if (value === null) return null;
    return spec.notNull
      ? sql<SqlBool>`${expr} > ${value}`
      : sql<SqlBool>`(${expr} > ${value} OR ${expr} IS NULL)`;
  }
  return value === null ? sql<SqlBool>`${expr} IS NOT NULL` : sql<SqlBool>`${expr} < ${value}`;
}

function sameAs(key: SortKey, value: RawBuilder<unknown> | null): Expression<SqlBool> {
  return value === null ? sql<SqlBool>`${key.expr} IS NULL` : sql<SqlBool>`${key.expr} = ${value}`;
}

/** What a cursor holds: the sorts it continues, the page it opens, the keys of the row it follows. */
export interface CursorPayload {
  s: string;
  p: number;
  k: (string | null)[];
}

/**
 * The page and keys a sealed cursor's payload gives, checked against the list's sorts and
 * keys: 'other sort' when it continues another sort, 'malformed' when it is not a payload of
 * this shape (a cursor of another list, or of an older form).
 */
export function readCursorPayload(
  payload: unknown,
  signature: string,
  keys: SortKey[],
): { page: number; values: (string | null)[] } | 'malformed' | 'other sort' {
  if (typeof payload !== 'object' || payload === null) return 'malformed';
  const { s, p, k } = payload as Partial<Record<keyof CursorPayload, unknown>>;
  if (typeof s !== 'string' || typeof p !== 'number' || !Number.isSafeInteger(p) || p < 2) return 'malformed';
  if (s !== signature) return 'other sort';
  if (!Array.isArray(k) || k.length !== keys.length) return 'malformed';
  const values = k as unknown[];
  if (!values.every((v, i) => (v === null || typeof v === 'string') && keyTextFits(keys[i]!, v)))
    return 'malformed';
  return { page: p, values: values as (string | null)[] };
}
