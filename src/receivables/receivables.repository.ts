import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';

/**
 * The SQL of receivables (docs/money.md). An invoice's figures come from its ledger entries; the
 * order's own columns (total, paid, credited) move with them in the same transactions, so a list
 * reads the balance from the order, and the ledger's property test holds the two equal.
 */
const invoiceRows = (db: Db) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('orders', 'orders.id', 'i.order_id')
    .innerJoin('organizations as client', 'client.id', 'i.client_id')
    .select([
      'i.id',
      'i.number',
      'i.order_id',
      'i.company_id',
      'i.client_id',
      'i.issued_at',
      'i.issued_on',
      sql<string>`i.due_on::text`.as('due_on'),
      'orders.file_number',
      'orders.total_fee_cents',
      'orders.paid_cents',
      'orders.credited_cents',
      'client.name as client_name',
    ]);

export type InvoiceRow = Awaited<ReturnType<typeof findInvoice>> & object;

const openBalance = sql<SqlBool>`orders.total_fee_cents - orders.paid_cents - orders.credited_cents > 0`;

export const findInvoice = (db: Db, invoiceId: string, visible: Expression<SqlBool>) =>
  invoiceRows(db).where('i.id', '=', invoiceId).where(visible).executeTakeFirst();

export async function listInvoices(
  db: Db,
  filter: {
    visible: Expression<SqlBool>;
    clientId?: string;
    companyId?: string;
    state: 'open' | 'paid' | 'all';
  },
  page: { page: number; perPage: number },
) {
  let query = invoiceRows(db).where(filter.visible);
  if (filter.clientId) query = query.where('i.client_id', '=', filter.clientId);
  if (filter.companyId) query = query.where('i.company_id', '=', filter.companyId);
  if (filter.state === 'open') query = query.where(openBalance);
  if (filter.state === 'paid') query = query.where(sql<SqlBool>`NOT ${openBalance}`);
  const [rows, count] = await Promise.all([
    query
      .orderBy('i.issued_at', 'desc')
      .orderBy('i.number', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    query
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const ledgerEntries = (db: Db, invoiceId: string) =>
  db
    .selectFrom('receivable_entries as e')
    .leftJoin('payments as p', 'p.id', 'e.payment_id')
    .leftJoin('users as u', 'u.id', 'e.recorded_by')
    .select([
      'e.id',
      'e.kind',
      'e.amount_cents',
      'e.created_at',
      'e.credit_note_number',
      'e.reason',
      'e.payment_id',
      'p.method as payment_method',
      'p.provider_reference',
      'p.receipt_id',
      'u.id as recorder_id',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('recorder_name'),
    ])
    .where('e.invoice_id', '=', invoiceId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();

/** An invoice with its order locked, for a change of its balance. */
export const lockInvoice = (trx: Trx, invoiceId: string) =>
  trx
    .selectFrom('invoices as i')
    .innerJoin('orders', 'orders.id', 'i.order_id')
    .select([
      'i.id',
      'i.number',
      'i.company_id',
      'i.client_id',
      'i.order_id',
      'orders.status',
      'orders.total_fee_cents',
      'orders.paid_cents',
      'orders.credited_cents',
    ])
    .where('i.id', '=', invoiceId)
    .forUpdate('orders')
    .executeTakeFirst();

/**
 * What each client owes a company as of the end of a day, by how long past due: the ledger's
 * entries up to that moment, so that a past day's aging is what it was then.
 */
export async function agingSums(db: Db, companyId: string, asOf: string, endOfDay: Date, clientId?: string) {
  const { rows } = await sql<{
    client_id: string;
    client_name: string;
    current: string;
    days_1_30: string;
    days_31_60: string;
    days_61_90: string;
    days_over_90: string;
    total: string;
    open_invoices: string;
  }>`
    WITH balances AS (
      SELECT e.invoice_id, sum(e.amount_cents) AS balance
        FROM receivable_entries e
       WHERE e.company_id = ${companyId} AND e.created_at < ${endOfDay}
         ${clientId ? sql`AND e.client_id = ${clientId}` : sql``}
       GROUP BY e.invoice_id
      HAVING sum(e.amount_cents) > 0
    ), aged AS (
      SELECT i.client_id, b.balance, (${asOf}::date - i.due_on) AS late
        FROM balances b JOIN invoices i ON i.id = b.invoice_id
    )
    SELECT a.client_id, o.name AS client_name,
           coalesce(sum(a.balance) FILTER (WHERE a.late <= 0), 0) AS current,
           coalesce(sum(a.balance) FILTER (WHERE a.late BETWEEN 1 AND 30), 0) AS days_1_30,
           coalesce(sum(a.balance) FILTER (WHERE a.late BETWEEN 31 AND 60), 0) AS days_31_60,
           coalesce(sum(a.balance) FILTER (WHERE a.late BETWEEN 61 AND 90), 0) AS days_61_90,
           coalesce(sum(a.balance) FILTER (WHERE a.late > 90), 0) AS days_over_90,
           sum(a.balance) AS total,
           count(*) AS open_invoices
      FROM aged a JOIN organizations o ON o.id = a.client_id
     GROUP BY a.client_id, o.name
     ORDER BY sum(a.balance) DESC, o.name`.execute(db);
  return rows;
}
