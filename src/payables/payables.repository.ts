import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';

/**
 * The SQL of payables (docs/money.md, "Payables"). A payable's figures are sums of its ledger;
 * its state reads its order (reopened after the delivery: held), its hold, its due day and the
 * batches it is in.
 */
const figures = sql<string>`coalesce((SELECT sum(amount_cents) FROM payable_entries e WHERE e.payable_id = p.id AND e.kind IN ('fee', 'adjustment')), 0)`;
const extras = sql<string>`coalesce((SELECT sum(amount_cents) FROM payable_entries e WHERE e.payable_id = p.id AND e.kind = 'extra'), 0)`;
const deducted = sql<string>`coalesce((SELECT -sum(amount_cents) FROM payable_entries e WHERE e.payable_id = p.id AND e.kind = 'submission_fee'), 0)`;
const paid = sql<string>`coalesce((SELECT -sum(amount_cents) FROM payable_entries e WHERE e.payable_id = p.id AND e.kind = 'payout'), 0)`;
const inBatch = sql<boolean>`EXISTS (SELECT 1 FROM payout_lines l JOIN payout_batches b ON b.id = l.batch_id
                                     WHERE l.payable_id = p.id AND b.status <> 'paid')`;
// What is still owed, kept on the payable (migration 0069): the sum of its entries.
const owedSql = sql`p.owed_cents`;

export function payableRows(db: Db, visible: Expression<SqlBool>) {
  return db
    .selectFrom('payables as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('users as u', 'u.id', 'p.appraiser_id')
    .where(visible)
    .select([
      'p.id',
      'p.order_id',
      'p.company_id',
      'p.appraiser_id',
      'p.earned_at',
      sql<string | null>`p.due_on::text`.as('due_on'),
      'p.held_reason',
      'o.file_number',
      'o.status as order_status',
      sql<string>`u.first_name || ' ' || u.last_name`.as('appraiser_name'),
      figures.as('fee_cents'),
      extras.as('extras_cents'),
      deducted.as('deducted_cents'),
      paid.as('paid_cents'),
      inBatch.as('in_batch'),
    ]);
}

export type PayableRow = Awaited<ReturnType<ReturnType<typeof payableRows>['execute']>>[number];

export async function listPayables(
  db: Db,
  visible: Expression<SqlBool>,
  filter: { appraiserId?: string; state: 'owed' | 'paid' | 'all'; today: string },
  page: { page: number; perPage: number },
) {
  let where = visible;
  if (filter.appraiserId) where = sql<SqlBool>`${where} AND p.appraiser_id = ${filter.appraiserId}`;
  if (filter.state === 'owed') where = sql<SqlBool>`${where} AND ${owedSql} > 0`;
  if (filter.state === 'paid') where = sql<SqlBool>`${where} AND ${owedSql} <= 0`;
  const base = () =>
    db.selectFrom('payables as p').innerJoin('orders as o', 'o.id', 'p.order_id').where(where);
  const [rows, totals] = await Promise.all([
    payableRows(db, where)
      .orderBy('p.earned_at', 'desc')
      .orderBy('p.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base()
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(${owedSql}), 0)`.as('owed'),
        sql<string>`coalesce(sum(${owedSql}) FILTER (WHERE p.due_on <= ${filter.today}::date AND p.held_reason IS NULL
                     AND o.status IN ('Completed', 'Fulfilled', 'Cancelled')), 0)`.as('due'),
        sql<string>`coalesce(sum(${paid}), 0)`.as('paid'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totals };
}

/** Who sees which payables: the appraiser their own, the company's staff its, operators all. */
export function payableVisibleTo(user: { role: string; id: string; organizationId: string | null }) {
  if (user.role === 'operator') return sql<SqlBool>`true`;
  if (user.role === 'appraiser') return sql<SqlBool>`p.appraiser_id = ${user.id}`;
  if (user.role === 'staff') return sql<SqlBool>`p.company_id = ${user.organizationId}`;
  return sql<SqlBool>`false`;
}

/** The company's payables due by a day, owed, not held, whose order stands delivered, in no open batch. */
export async function duePayables(trx: Trx | Db, companyId: string, payOn: string) {
  const { rows } = await sql<{
    id: string;
    appraiser_id: string;
    appraiser_name: string;
    owed: string;
    has_account: boolean;
  }>`
    SELECT p.id, p.appraiser_id, u.first_name || ' ' || u.last_name AS appraiser_name,
           p.owed_cents AS owed, (ba.appraiser_id IS NOT NULL) AS has_account
      FROM payables p
      JOIN orders o ON o.id = p.order_id
      JOIN users u ON u.id = p.appraiser_id
      LEFT JOIN bank_accounts ba ON ba.appraiser_id = p.appraiser_id
     WHERE p.company_id = ${companyId} AND p.due_on <= ${payOn}::date AND p.owed_cents > 0
       AND p.held_reason IS NULL
       AND o.status IN ('Completed', 'Fulfilled', 'Cancelled')
       AND NOT EXISTS (SELECT 1 FROM payout_lines l JOIN payout_batches b ON b.id = l.batch_id
                        WHERE l.payable_id = p.id AND b.status <> 'paid')
     ORDER BY u.last_name, u.first_name, p.id`.execute(trx);
  return rows;
}
