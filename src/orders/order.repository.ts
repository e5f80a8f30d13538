import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ListQuery } from '../http/list-query.ts';

/**
 * The only place that reads orders. The detail is assembled by PostgreSQL in one query (the
 * order, its names, products and parties as JSON), so that reading an order is one round trip.
 */
export interface OrderDetailRow {
  id: string;
  file_number: string;
  status: string;
  client_id: string;
  company_id: string;
  appraiser_id: string | null;
  client_name: string;
  company_name: string;
  lender_id: string | null;
  lender_name: string | null;
  appraiser_name: string | null;
  address_one: string;
  address_two: string | null;
  city: string;
  state_id: string;
  county_id: string | null;
  zip: string;
  latitude: string | null;
  longitude: string | null;
  loan_type: string;
  transaction_type: string;
  occupancy_type: string | null;
  estate_held_type: string | null;
  loan_number: string | null;
  loan_amount_cents: string | null;
  contract_price_cents: string | null;
  fha_case_number: string | null;
  green_certified: boolean;
  complex_property: boolean | null;
  special_instructions: string | null;
  payment_method: string;
  total_fee_cents: string;
  paid_cents: string;
  property_type: { id: string; name: string; slug: string } | null;
  products: { id: string; name: string }[];
  parties: PartyRow[];
  due_date: Date;
  original_due_date: Date;
  vendor_due_date: Date | null;
  closing_date: string | null;
  assigned_at: Date | null;
  inspection_scheduled_at: Date | null;
  inspection_completed_at: Date | null;
  submitted_at: Date | null;
  completed_at: Date | null;
  fulfilled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface PartyRow {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
  poc: boolean;
  emails: string[];
  phones: string[];
  user_id: string | null;
}

export async function findOrderDetail(
  db: Db,
  orderId: string,
  visible: Expression<SqlBool>,
): Promise<OrderDetailRow | undefined> {
  const result = await sql<OrderDetailRow>`
    SELECT orders.*, client.name AS client_name, company.name AS company_name,
           lender.name AS lender_name,
           appraiser.first_name || ' ' || appraiser.last_name AS appraiser_name,
           CASE WHEN pt.id IS NULL THEN NULL ELSE json_build_object('id', pt.id, 'name', pt.name, 'slug', pt.slug) END AS property_type,
           coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY op.position)
                       FROM order_products op JOIN products p ON p.id = op.product_id
                      WHERE op.order_id = orders.id), '[]') AS products,
           coalesce((SELECT json_agg(json_build_object('id', pa.id, 'name', pa.name, 'first_name', pa.first_name,
                                     'last_name', pa.last_name, 'role', pa.role, 'poc', pa.poc, 'emails', pa.emails,
                                     'phones', pa.phones, 'user_id', pa.user_id) ORDER BY pa.created_at, pa.id)
                       FROM order_parties pa WHERE pa.order_id = orders.id), '[]') AS parties
      FROM orders
      JOIN organizations client ON client.id = orders.client_id
      JOIN organizations company ON company.id = orders.company_id
      LEFT JOIN organizations lender ON lender.id = orders.lender_id
      LEFT JOIN users appraiser ON appraiser.id = orders.appraiser_id
      LEFT JOIN property_types pt ON pt.id = orders.property_type_id
     WHERE orders.id = ${orderId} AND ${visible}`.execute(db);
  return result.rows[0];
}

export interface OrderListRow {
  id: string;
  file_number: string;
  address_one: string;
  address_two: string | null;
  city: string;
  state_id: string;
  zip: string;
  status: string;
  due_date: Date;
  loan_type: string;
  transaction_type: string;
}

export async function listOrders(
  db: Db,
  visible: Expression<SqlBool>,
  list: ListQuery,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const filters = [visible, ...list.filters];
  let page = db
    .selectFrom('orders')
    .select([
      'orders.id',
      'orders.file_number',
      'orders.address_one',
      'orders.address_two',
      'orders.city',
      'orders.state_id',
      'orders.zip',
      'orders.status',
      'orders.due_date',
      'orders.loan_type',
      'orders.transaction_type',
    ]);
  let count = db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('total'));
  for (const filter of filters) {
    page = page.where(filter);
    count = count.where(filter);
  }
  for (const sort of list.sorts) page = page.orderBy(sort);
  const [rows, total] = await Promise.all([
    page
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(list.perPage)
      .offset(list.offset)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
