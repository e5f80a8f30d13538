import type { Insertable } from 'kysely';
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
