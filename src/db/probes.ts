import { sql } from 'kysely';
import type { Db } from './connection.ts';

/** Whether the database answers a trivial query (GET /readyz). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * One primary-key read of an order through the service's own pool: the benchmark's ceiling for
 * a route that reads the database (GET /__bench/pk/{id}, registered only with BENCH_ROUTES=true).
 */
export async function primaryKeyRead(
  db: Db,
  orderId: string,
): Promise<{ id: string; status: string } | null> {
  const { rows } = await sql<{
    id: string;
    status: string;
  }>`SELECT id, status FROM orders WHERE id = ${orderId}`.execute(db);
  return rows[0] ?? null;
}
