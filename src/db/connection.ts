import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint (int8) and numeric stay strings: money and counts never go through floating point.
// A DATE stays its YYYY-MM-DD text: pg would otherwise make it local midnight, a time zone bug.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export type Db = Kysely<Database>;

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
  });
  // An idle client that loses its connection (database restart) emits here; without a
  // listener the process would crash. The pool replaces the client on next use.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** A connection string with another database name, same server and credentials. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
