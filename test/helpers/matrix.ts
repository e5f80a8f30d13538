import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.ts';
import { multipart, type Part } from './multipart.ts';

/**
 * What the matrices of test/security share (access, acting, audience): a request's body in
 * each encoding, an answer read once, and the row counts that a refused request must leave as
 * they were.
 */
export type Body = { json: unknown } | { parts: Part[] } | { form: Record<string, string> };

/** The headers and payload of a body, as a client sends it. */
export function encodeBody(body: Body | undefined): {
  headers: Record<string, string>;
  payload?: string | Buffer;
} {
  if (!body) return { headers: {} };
  if ('json' in body)
    return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body.json) };
  if ('parts' in body) {
    const built = multipart(body.parts);
    return { headers: built.headers, payload: built.payload };
  }
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body.form).toString(),
  };
}

export interface Answer {
  status: number;
  body: string;
  /** The error envelope's code, for a JSON answer that has one. */
  code: string | undefined;
  json: <T>() => T;
}

/** An injected answer as the matrices read it. */
export function readAnswer(response: {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  json: <T>() => T;
}): Answer {
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  return {
    status: response.statusCode,
    body: response.body,
    code: isJson ? response.json<{ error?: { code?: string } }>().error?.code : undefined,
    json: <T>() => response.json<T>(),
  };
}

/** How many rows each table holds, in one statement. */
export async function rowCounts(db: Db, tables: readonly string[]): Promise<Record<string, number>> {
  const selects = tables.map(
    (table) => sql`(SELECT count(*) FROM ${sql.table(table)})::int AS ${sql.ref(table)}`,
  );
  const result = await sql<Record<string, number>>`SELECT ${sql.join(selects)}`.execute(db);
  return result.rows[0]!;
}
