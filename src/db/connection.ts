import { Kysely, sql, type Transaction } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { LiteralLimitPostgresDialect } from './literal-limits.ts';
import { parseTimestamptz } from './timestamps.ts';
import type { Database } from './schema.ts';

// bigint (int8) and numeric stay strings: money and counts never go through floating point.
// A DATE stays its YYYY-MM-DD text: pg would otherwise make it local midnight, a time zone bug.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
// A timestamptz read by character, not by pg's regular expressions (db/timestamps.ts).
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptz);

export type Db = Kysely<Database>;

/**
 * A transaction. Functions whose writes must commit or roll back with the caller's other
 * writes (the outbox, events, history) take this type: the pool does not fit it.
 */
export type Trx = Transaction<Database>;

export interface PoolOptions {
  max?: number;
  applicationName?: string;
}

export function createDb(url: string, options: PoolOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'aoms',
    // A connection that cannot be had within this time fails the request (503) instead of
    // queueing forever behind a stuck database.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // No JIT compilation: every statement here is short, and PostgreSQL compiles any whose
    // estimated cost passes a threshold. Reading a panel of 5,000 appraisers (many correlated
    // index reads, costed high) spent 834 ms compiling for 1,080 ms of work (docs/assignment.md).
    options: '-c jit=off',
  });
  pool.on('connect', (client) => prepareRepeatedStatements(client));
  // An idle client that loses its connection (database restart) emits here; without a
  // listener the process would crash. The pool replaces the client on next use.
  pool.on('error', () => undefined);
  // cursor: query.stream() reads a large result in batches from a server-side cursor (CSV exports).
  const db = new Kysely<Database>({ dialect: new LiteralLimitPostgresDialect({ pool, cursor: Cursor }) });
  pools.set(db, pool);
  roots.set(db.getExecutor().adapter, db);
  return db;
}

const pools = new WeakMap<Db, pg.Pool>();
/** The Db made by createDb, by the adapter it shares with each of its transactions. */
const roots = new WeakMap<object, Db>();

/**
 * The Db made by createDb that a handle comes from: itself, or the pool a transaction was
 * begun on. For reads that must see only what has committed, outside the caller's transaction.
 */
export function poolOf(db: Db): Db {
  return roots.get(db.getExecutor().adapter) ?? db;
}

/**
 * A connection of its own, with the pool's settings but outside the pool: for LISTEN, which
 * needs a connection that stays open and that no query borrows (the pool closes idle ones).
 */
export function dedicatedClient(db: Db, purpose: string): pg.Client {
  const pool = pools.get(db);
  if (!pool) throw new Error('dedicatedClient takes a Db made by createDb');
  const options = pool.options as pg.PoolConfig;
  return new pg.Client({
    connectionString: options.connectionString,
    application_name: `${options.application_name ?? 'aoms'} ${purpose}`,
    connectionTimeoutMillis: options.connectionTimeoutMillis,
    // A connection that silently died (a dropped network) is noticed, and then replaced.
    keepAlive: true,
  });
}

/** The pool behind a Db, as /metrics shows it: connections open, idle, requests waiting, and its size. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = pools.get(db);
  return pool
    ? {
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }
    : null;
}

/**
 * Planning a query can cost PostgreSQL more than running it (the order detail: 1.6 ms to plan,
 * 0.4 ms to run). Every parameterised statement is therefore sent as a named prepared
 * statement, planned once per connection and reused. Statements without parameters (BEGIN,
 * migrations with several commands) go as they are. Names come from a hash of the SQL text;
 * the number of distinct statements is bounded, past which new texts go unnamed.
 */
const MAX_PREPARED = 2000;
const statementNames = new Map<string, string>();

/**
 * A statement whose best plan depends on its values goes unnamed, planned for its values each
 * time: a list search (orders/order.list.repository.ts). Prepared, PostgreSQL plans it generically
 * from the sixth run on a connection, when that plan looks no dearer; for a text search the
 * generic plan takes every pattern for a rare one (it cannot read the value), and a word in every
 * order then read and sorted all of the company's matches: 1,980 buffers a page instead of 285
 * (docs/performance.md, "Search at a million orders"). Planning it costs about a millisecond.
 */
const PLANNED_FOR_ITS_VALUES = '/* planned for its values */';
export const plannedForItsValues = sql.raw(PLANNED_FOR_ITS_VALUES);

function statementName(text: string): string | null {
  if (text.includes(PLANNED_FOR_ITS_VALUES)) return null;
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_PREPARED) return null;
    name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A statement whose one plan serves every value runs on its generic plan from its first run,
 * never planned again on that connection: a list search whose total decides, inside the
 * statement, how its page is found (orders/order.list.repository.ts, boundedPage). Left to
 * itself, PostgreSQL planned it anew on every run, finding the generic plan dearer on paper
 * (its estimates are rules of thumb without the values), though it runs as fast or faster:
 * about a millisecond of planning a list, as much as running it (docs/performance.md, "One plan
 * for every value").
 */
const PLANNED_ONCE = '/* one plan for every value */';
export const plannedOnce = sql.raw(PLANNED_ONCE);

type QueryFunction = (...args: unknown[]) => unknown;

/** The plan_cache_mode a connection is in: PostgreSQL's own (auto), or generic plans only. */
const GENERIC_PLANS = 'SET plan_cache_mode = force_generic_plan';
const OWN_CHOICE = 'RESET plan_cache_mode';

function prepareRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFunction;
  // The connection's mode is switched only when a statement needs the other one: a client runs
  // its statements in the order they are given, so the switch runs before the statement without
  // waiting for it. Lists run outside transactions, where a SET is not undone by a rollback.
  let generic = false;
  const planning = (config: unknown) => {
    const wanted = typeof config === 'string' && config.includes(PLANNED_ONCE);
    if (wanted === generic) return;
    generic = wanted;
    (query(wanted ? GENERIC_PLANS : OWN_CHOICE) as Promise<unknown>).catch(() => undefined);
  };
  (client as unknown as { query: QueryFunction }).query = (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    planning(config);
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(config);
      if (name) return query({ name, text: config, values }, callback);
    }
    return callback === undefined ? query(config, values) : query(config, values, callback);
  };
}

/** A connection string with another database name, same server and credentials. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
