import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.ts';

/**
 * What every answer of the fuzz tests must respect: no 5xx, the documented error body on 4xx,
 * no internals in any body, and nothing stored by a request that failed.
 */

/** Tables whose row counts a failed request must leave as they were. */
export const COUNTED_TABLES = [
  'orders',
  'order_history',
  'notes',
  'order_files',
  'order_parties',
  'order_products',
  'outbox_messages',
  'payments',
  'webhook_subscriptions',
  'webhook_deliveries',
  'events',
  'users',
  'organizations',
  'contacts',
  'api_keys',
] as const;

/** Tables small enough in the fuzz world to fingerprint whole: a failed request changes no row. */
export const DIGESTED_TABLES = [
  'orders',
  'order_parties',
  'webhook_subscriptions',
  'users',
  'organizations',
  'api_keys',
  'payments',
] as const;

export type DbState = Record<string, string>;

export async function dbState(db: Db): Promise<DbState> {
  const columns = [
    ...COUNTED_TABLES.map(
      (table) => sql`(SELECT count(*) FROM ${sql.table(table)})::text AS ${sql.ref(table)}`,
    ),
    ...DIGESTED_TABLES.map(
      (table) =>
        sql`(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) FROM ${sql.table(table)} x) AS ${sql.ref(`${table} (row digest)`)}`,
    ),
  ];
  const { rows } = await sql<DbState>`SELECT ${sql.join(columns)}`.execute(db);
  return rows[0]!;
}

/** Files under a local storage root (objects and any half-written `.part` files). */
export async function storedFiles(root: string): Promise<number> {
  try {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

/** What changed between two states, as `table: before → after`. */
export function stateChanges(before: DbState, after: DbState): string[] {
  return Object.keys(before)
    .filter((key) => before[key] !== after[key])
    .map((key) =>
      key.endsWith('(row digest)') ? `${key} changed` : `${key}: ${before[key]} → ${after[key]}`,
    );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Internals an answer must not show: [name, pattern]. */
export const LEAKS: [string, RegExp][] = [
  ['a stack trace', / {4}at /],
  ['a file path of the repository', new RegExp(escapeRegExp(process.cwd()))],
  ['a source file name', /\b(?:src|node_modules)\/[\w@./-]+\.(?:ts|js|mjs|cjs)\b/],
  ['a file URL', /file:\/\//],
  [
    'PostgreSQL error text',
    /syntax error at or near|invalid input syntax|violates (?:foreign key|unique|check|not-null|exclusion) constraint|duplicate key value|relation "[^"]*" does not exist|column "[^"]*" (?:does not exist|of relation)|value too long for type|out of range for type|invalid byte sequence for encoding|unsupported Unicode escape sequence|null value in column|current transaction is aborted|operator does not exist|could not determine data type|bind message supplies|SQLSTATE|PostgreSQL|postgres/i,
  ],
  // Catalog and function names are lower case: a random key's "-Pg_N…" is not one of them.
  ['PostgreSQL error text', /\bpg_[a-z_]+/],
  [
    'SQL text',
    /\bselect\b[\s\S]{0,200}?\bfrom\s+"?[a-z_]+"?|\binsert\s+into\s+"?[a-z_]+|\bupdate\s+"?[a-z_]+"?\s+set\b|\bdelete\s+from\s+"?[a-z_]+|"[a-z_]+"\."[a-z_]+"/i,
  ],
  [
    'an internal error class',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|DatabaseError|AggregateError)\b/,
  ],
];

/**
 * The leaks found in an answer. A pattern the request itself contains (an echoed field name or
 * value) does not count: only what the service adds.
 */
export function leaksIn(body: string, request: string): string[] {
  const text = `${body}\n${textOfJson(body)}`;
  const names = LEAKS.filter(([, pattern]) => pattern.test(text) && !pattern.test(request)).map(
    ([name]) => name,
  );
  return [...new Set(names)];
}

/** The strings of a JSON body, unescaped (`relation \"orders\"` reads `relation "orders"`). */
export function textOfJson(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return '';
  }
  // Iterative: bodies nested thousands deep would overflow a recursive walk.
  const out: string[] = [];
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) pending.push(...(value as unknown[]));
    else if (value !== null && typeof value === 'object')
      for (const [key, v] of Object.entries(value)) {
        out.push(key);
        pending.push(v);
      }
  }
  return out.join('\n');
}

/** How a 4xx body departs from `{success: false, error: {code, message, details}, request_id}`. */
export function errorShapeProblem(contentType: string | undefined, body: string): string | null {
  if (!/^application\/json\b/i.test(contentType ?? ''))
    return `the Content-Type is ${contentType ?? 'missing'}, not JSON`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  const b = parsed as {
    success?: unknown;
    error?: { code?: unknown; message?: unknown; details?: unknown };
    request_id?: unknown;
  } | null;
  if (b === null || typeof b !== 'object') return 'the body is not an object';
  if (b.success !== false) return 'success is not false';
  if (!b.error || typeof b.error !== 'object') return 'error is missing';
  if (typeof b.error.code !== 'string' || b.error.code === '') return 'error.code is missing or empty';
  if (typeof b.error.message !== 'string') return 'error.message is missing';
  if (!Array.isArray(b.error.details)) return 'error.details is not an array';
  if (typeof b.request_id !== 'string' || b.request_id === '') return 'request_id is missing';
  return null;
}

/** Nothing the fuzz sent may end up on Object.prototype. */
export function prototypePolluted(): string | null {
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'isAdmin', 'x']) if (key in probe) return key;
  return null;
}
