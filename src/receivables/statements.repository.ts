import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** The SQL of monthly statements (docs/money.md, "Statements"): sums and lines of the ledger in a period. */
export async function statementLines(db: Db, companyId: string, clientId: string, from: Date, to: Date) {
  return db
    .selectFrom('receivable_entries as e')
    .innerJoin('invoices as i', 'i.id', 'e.invoice_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('payments as p', 'p.id', 'e.payment_id')
    .select([
      'e.created_at',
      'e.kind',
      'e.amount_cents',
      'e.reason',
      'e.credit_note_number',
      'i.number',
      'o.file_number',
      'o.borrower_name',
      'o.loan_number',
      'p.method as payment_method',
      'p.provider_reference',
      'p.card_brand',
      'p.card_last4',
    ])
    .where('e.company_id', '=', companyId)
    .where('e.client_id', '=', clientId)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}

export type StatementLineRow = Awaited<ReturnType<typeof statementLines>>[number];

/** Per client of the company: the balance before the period, and its charges, payments and credits in it. */
export async function statementSums(db: Db, companyId: string, from: Date, to: Date, clientId?: string) {
  const { rows } = await sql<{
    client_id: string;
    client_name: string;
    opening: string;
    charges: string;
    payments: string;
    credits: string;
    lines: string;
  }>`
    SELECT e.client_id, o.name AS client_name,
           coalesce(sum(e.amount_cents) FILTER (WHERE e.created_at < ${from}), 0) AS opening,
           coalesce(sum(e.amount_cents) FILTER (WHERE e.created_at >= ${from} AND e.kind IN ('charge', 'adjustment')), 0) AS charges,
           coalesce(sum(e.amount_cents) FILTER (WHERE e.created_at >= ${from} AND e.kind = 'payment'), 0) AS payments,
           coalesce(sum(e.amount_cents) FILTER (WHERE e.created_at >= ${from} AND e.kind IN ('credit_note', 'write_off')), 0) AS credits,
           count(*) FILTER (WHERE e.created_at >= ${from}) AS lines
      FROM receivable_entries e JOIN organizations o ON o.id = e.client_id
     WHERE e.company_id = ${companyId} AND e.created_at < ${to}
       ${clientId ? sql`AND e.client_id = ${clientId}` : sql``}
     GROUP BY e.client_id, o.name
     ORDER BY o.name, e.client_id`.execute(db);
  return rows;
}
