import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { CountScope } from './order.list.repository.ts';

/** The SQL of the staff pipeline: queue counts (the picker's figures are the panel's facts, panel/selection.repository.ts). */

/**
 * For each set of statuses (a queue), in one statement: how many orders it holds, from the
 * running totals (order_counts) of the caller's scope; and how many visible orders of it are
 * overdue (due before `now`) and due soon (before `soon`), each counted up to `cap + 1` only:
 * one short range of the (company, status, due_date) index per count, however many orders are
 * late. A queue of a hundred thousand orders, half of them late, costs what one of a hundred does.
 */
export async function countQueues(
  db: Db,
  scope: CountScope,
  visible: Expression<SqlBool>,
  queues: readonly (readonly string[])[],
  window: { now: Date; soon: Date; cap: number },
): Promise<{ count: number; overdue: number; due_soon: number }[]> {
  const limit = window.cap + 1;
  const list = (statuses: readonly string[]) => sql.join(statuses.map((status) => sql`${status}`));
  const total = (statuses: readonly string[]) => sql<string>`(
    SELECT coalesce(sum(n), 0) FROM order_counts
     WHERE scope = ${scope.scope} AND scope_id = ${scope.id} AND status IN (${list(statuses)}))`;
  const late = (statuses: readonly string[], from: Date | null, to: Date) => sql<string>`(
    SELECT count(*) FROM (
      SELECT 1 FROM orders
       WHERE ${visible} AND orders.status IN (${list(statuses)})
         AND orders.due_date < ${to} ${from ? sql`AND orders.due_date >= ${from}` : sql``}
       LIMIT ${sql.lit(limit)}) AS late)`;
  const { rows } = await sql<Record<string, string>>`SELECT ${sql.join(
    queues.flatMap((statuses, index) => [
      sql`${total(statuses)} AS ${sql.ref(`count_${index}`)}`,
      sql`${late(statuses, null, window.now)} AS ${sql.ref(`overdue_${index}`)}`,
      sql`${late(statuses, window.now, window.soon)} AS ${sql.ref(`due_soon_${index}`)}`,
    ]),
  )}`.execute(db);
  const row = rows[0]!;
  return queues.map((_, index) => ({
    count: Number(row[`count_${index}`]),
    overdue: Number(row[`overdue_${index}`]),
    due_soon: Number(row[`due_soon_${index}`]),
  }));
}
