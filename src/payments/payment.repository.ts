import { sql, type Insertable } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';
import type { PaymentMethod, PaymentsTable } from '../db/schema.ts';

/** SQL of payments: the payments table, an order's invoice items, a company's payment methods. */
export async function invoiceItems(db: Db, orderId: string) {
  return db
    .selectFrom('order_products')
    .innerJoin('products', 'products.id', 'order_products.product_id')
    .select(['products.name', 'order_products.fee_cents'])
    .where('order_products.order_id', '=', orderId)
    .orderBy('order_products.position')
    .execute();
}

export async function succeededPayments(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .orderBy('created_at')
    .execute();
}

export type PaymentRow = Awaited<ReturnType<typeof succeededPayments>>[number];

export async function findSucceededPayment(db: Db, paymentId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
}

export async function insertPayment(trx: Trx, payment: Insertable<PaymentsTable>): Promise<{ id: string }> {
  return trx.insertInto('payments').values(payment).returning('id').executeTakeFirstOrThrow();
}

export async function companyTakesMethod(db: Db, companyId: string, method: PaymentMethod): Promise<boolean> {
  const row = await db
    .selectFrom('company_payment_methods')
    .select('method')
    .where('company_id', '=', companyId)
    .where('method', '=', method)
    .executeTakeFirst();
  return row !== undefined;
}

/** The order's payment page lock while it holds (locked_until in the future), or undefined. */
export async function activePageLock(db: Db, orderId: string) {
  return db
    .selectFrom('payment_page_locks')
    .select(['locked_until', 'declined_attempts', 'reason'])
    .where('order_id', '=', orderId)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export type PageLock = NonNullable<Awaited<ReturnType<typeof activePageLock>>>;

/** Declined card payments of the order in the last `minutes`. */
export async function recentDeclines(trx: Trx, orderId: string, minutes: number): Promise<number> {
  const row = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string>().as('declines'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'declined')
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow();
  return Number(row.declines);
}

export async function lockPaymentPage(
  trx: Trx,
  orderId: string,
  lock: { minutes: number; declinedAttempts: number; reason: string },
): Promise<PageLock> {
  const values = {
    order_id: orderId,
    locked_at: sql<Date>`now()`,
    locked_until: sql<Date>`now() + make_interval(mins => ${lock.minutes})`,
    declined_attempts: lock.declinedAttempts,
    reason: lock.reason,
  };
  return trx
    .insertInto('payment_page_locks')
    .values(values)
    .onConflict((oc) => oc.column('order_id').doUpdateSet(values))
    .returning(['locked_until', 'declined_attempts', 'reason'])
    .executeTakeFirstOrThrow();
}

/** What the order's pending payments (their banks still to confirm them) add up to. */
export async function pendingPaymentsTotal(db: Db, orderId: string): Promise<bigint> {
  const row = await db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** The oldest pending payments, to ask the processor about. */
export async function pendingPayments(db: Db, limit: number): Promise<{ id: string }[]> {
  return db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** A pending payment, locked for this transaction; undefined when another process holds it or it ended. */
export async function claimPendingPayment(trx: Trx, paymentId: string) {
  return trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'amount_cents', 'provider_reference'])
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function settlePayment(
  trx: Trx,
  paymentId: string,
  outcome: { status: 'succeeded'; confirmed_at: Date } | { status: 'declined'; failure_message: string },
): Promise<void> {
  await trx.updateTable('payments').set(outcome).where('id', '=', paymentId).execute();
}

/**
 * What an invoice or a receipt names besides the money: the order's loan and borrowers (the
 * point of contact first), and the postal addresses of its company and client.
 */
export async function documentFacts(db: Db, order: { id: string; company_id: string; client_id: string }) {
  const [row, borrowers, addresses, invoice, credits] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['loan_number', 'created_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('order_parties')
      .select('name')
      .where('order_id', '=', order.id)
      .where('role_key', 'in', ['borrower', 'co_borrower'])
      .orderBy('poc', 'desc')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('organization_addresses')
      .selectAll()
      .where('organization_id', 'in', [order.company_id, order.client_id])
      .execute(),
    db
      .selectFrom('invoices')
      .select(['number', 'issued_at', 'due_on'])
      .where('order_id', '=', order.id)
      .executeTakeFirst(),
    db
      .selectFrom('receivable_entries as e')
      .innerJoin('invoices as i', 'i.id', 'e.invoice_id')
      .select(['e.kind', 'e.amount_cents', 'e.reason', 'e.credit_note_number', 'e.created_at'])
      .where('i.order_id', '=', order.id)
      .where('e.kind', 'in', ['credit_note', 'write_off'])
      .orderBy('e.created_at')
      .execute(),
  ]);
  const addressOf = (id: string) => addresses.find((a) => a.organization_id === id) ?? null;
  return {
    loanNumber: row.loan_number,
    placedAt: row.created_at,
    borrowers: borrowers.map((b) => b.name),
    companyAddress: addressOf(order.company_id),
    clientAddress: addressOf(order.client_id),
    /** The invoice as issued (docs/money.md); null until the delivery or the first payment. */
    invoice: invoice ?? null,
    credits,
  };
}
