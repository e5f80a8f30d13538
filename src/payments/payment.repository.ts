import type { Db } from '../db/connection.ts';

export interface PayableOrder {
  id: string;
  file_number: string;
  status: string;
  client_id: string;
  company_id: string;
  appraiser_id: string | null;
  payment_method: string;
  total_fee_cents: string;
  paid_cents: string;
  address_one: string;
  address_two: string | null;
  city: string;
  state_id: string;
  zip: string;
  company_name: string;
  client_name: string;
}

export function payableOrderQuery(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('organizations as company', 'company.id', 'orders.company_id')
    .innerJoin('organizations as client', 'client.id', 'orders.client_id')
    .select([
      'orders.id',
      'orders.file_number',
      'orders.status',
      'orders.client_id',
      'orders.company_id',
      'orders.appraiser_id',
      'orders.payment_method',
      'orders.total_fee_cents',
      'orders.paid_cents',
      'orders.address_one',
      'orders.address_two',
      'orders.city',
      'orders.state_id',
      'orders.zip',
      'company.name as company_name',
      'client.name as client_name',
    ]);
}

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
