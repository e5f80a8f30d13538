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

/** Whose running totals (order_counts) match the caller's visibility. */
export type CountScope = { scope: 'all' | 'company' | 'client' | 'appraiser'; id: string };

/**
 * A page of orders and the exact total. The page is found on the indexes alone (ids only,
 * so a deep OFFSET skips index entries, not rows), then only its rows are read. The total
 * comes from the running totals when the search is by status alone (or none), else from
 * COUNT(*).
 */
export async function listOrders(
  db: Db,
  visible: Expression<SqlBool>,
  list: ListQuery,
  scope: CountScope,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const filters = [visible, ...list.filters];
  let ids = db.selectFrom('orders').select('orders.id');
  for (const filter of filters) ids = ids.where(filter);
  for (const sort of list.sorts) ids = ids.orderBy(sort);
  ids = ids
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(list.perPage)
    .offset(list.offset);
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
    ])
    .where('orders.id', 'in', ids);
  for (const sort of list.sorts) page = page.orderBy(sort);
  page = page.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc');

  const statuses = statusOnly(list);
  const total =
    statuses === undefined
      ? (() => {
          let count = db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('total'));
          for (const filter of filters) count = count.where(filter);
          return count.executeTakeFirstOrThrow().then((r) => Number(r.total));
        })()
      : db
          .selectFrom('order_counts')
          .select(sql<string>`coalesce(sum(n), 0)`.as('total'))
          .where('scope', '=', scope.scope)
          .where('scope_id', '=', scope.id)
          .$if(statuses !== null, (q) => q.where('status', 'in', statuses!))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.total));
  const [rows, count] = await Promise.all([page.execute(), total]);
  return { rows, total: count };
}

/** The statuses searched for when the search is by status alone; null: no search; undefined: another search. */
function statusOnly(list: ListQuery): string[] | null | undefined {
  if (list.terms.length === 0) return null;
  const values: string[] = [];
  for (const term of list.terms) {
    if (term.attribute !== 'status_name' || (term.predicate !== 'eq' && term.predicate !== 'in'))
      return undefined;
    values.push(...term.values.filter((v) => v.trim() !== ''));
  }
  return values.length > 0 ? values : null;
}
