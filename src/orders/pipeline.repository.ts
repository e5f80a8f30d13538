import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/connection.ts';
import { CLOSED } from '../workflow/statuses.ts';
import type { CountScope } from './order.list.repository.ts';

/** The SQL of the staff pipeline: queue counts, and the figures of the appraiser picker. */

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

export interface CandidateRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  open_orders: string;
  next_due_dates: Date[] | null;
  last_fee_cents: string | null;
  last_assigned_at: Date | null;
  turned_down: boolean;
}

/**
 * The company's appraisers with what a coordinator weighs before offering an order: their open
 * orders, their next three due dates, the fee they last accepted for the product, and whether
 * they already turned this order down (rejected it, let the offer time out, or had their
 * condition refused).
 */
export async function findAppraiserCandidates(
  db: Db,
  input: { companyId: string; orderId: string; productId: string | null },
): Promise<CandidateRow[]> {
  const closed = sql.join(CLOSED.map((status) => sql`${status}`));
  // Open orders from the running totals (order_counts, per appraiser and status); due dates and
  // the last acceptance from the partial indexes of migration 0022 (pipeline_indexes).
  const { rows } = await sql<CandidateRow>`
    SELECT u.id, u.first_name, u.last_name, u.email,
           (SELECT coalesce(sum(c.n), 0) FROM order_counts c
             WHERE c.scope = 'appraiser' AND c.scope_id = u.id AND c.status NOT IN (${closed})) AS open_orders,
           (SELECT array_agg(d ORDER BY d) FROM (
              SELECT coalesce(o.vendor_due_date, o.due_date) AS d FROM orders o
               WHERE o.appraiser_id = u.id AND o.status NOT IN (${closed})
               ORDER BY coalesce(o.vendor_due_date, o.due_date) LIMIT 3) next) AS next_due_dates,
           last.appraiser_fee_cents AS last_fee_cents, last.assigned_at AS last_assigned_at,
           EXISTS (SELECT 1 FROM order_history h
                    WHERE h.order_id = ${input.orderId}
                      AND h.action IN ('reject_assignment', 'offer_timeout', 'reject_assignment_condition')
                      AND h.details->>'appraiser_id' = u.id::text) AS turned_down
      FROM users u
      LEFT JOIN LATERAL (
        SELECT o.appraiser_fee_cents, o.assigned_at FROM orders o
         WHERE o.appraiser_id = u.id AND o.assigned_at IS NOT NULL AND o.appraiser_fee_cents IS NOT NULL
           AND EXISTS (SELECT 1 FROM order_products op
                        WHERE op.order_id = o.id AND op.product_id = ${input.productId}::uuid)
         ORDER BY o.assigned_at DESC LIMIT 1) last ON true
     WHERE u.organization_id = ${input.companyId} AND u.role = 'appraiser'
     ORDER BY u.last_name, u.first_name, u.id`.execute(db);
  return rows;
}
