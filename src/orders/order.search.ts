import { sql } from 'kysely';
import type { AttributeMap } from '../db/list-filter.ts';
import { LOAN_TYPES, TRANSACTION_TYPES } from './order.enums.ts';
import { CLOSED, STATUSES, statusById, statusId } from '../workflow/statuses.ts';
import { findState, listStates } from '../reference/geography.ts';

/** The attributes that name an order's status (by its name, by its key): a search by status. */
export const STATUS_ATTRIBUTES: readonly string[] = ['status_name', 'status_id'];

/** The attributes GET /api/v1/orders searches and sorts on: the q allow-list. */
const borrower = (column: 'first_name' | 'last_name') =>
  sql`(SELECT ${sql.ref(`bp.${column}`)} FROM order_parties bp WHERE bp.order_id = orders.id AND bp.role_key = 'borrower' ORDER BY bp.created_at LIMIT 1)`;

/**
 * The text the search box looks in, one expression with a trigram index of its own behind the
 * company (orders_company_search_idx, migration 0037): written exactly as the index's
 * expression, or the planner would not use it. Plain concatenation, not concat_ws, which PostgreSQL does not hold
 * immutable and so would not index.
 */
const SEARCH_TEXT = sql`(orders.file_number || ' ' || coalesce(orders.loan_number, '') || ' ' || orders.address_one || ' ' || orders.city || ' ' || orders.zip || ' ' || coalesce(orders.borrower_name, ''))`;

export const ORDER_ATTRIBUTES: AttributeMap = {
  id: { expr: sql.ref('orders.id'), type: 'uuid', notNull: true },
  status_name: { expr: sql.ref('orders.status'), type: 'enum', values: STATUSES, notNull: true },
  // The status by its stable key (status.id in every answer: `in_review`), as links name it.
  status_id: {
    expr: sql.ref('orders.status'),
    type: 'enum',
    values: STATUSES.map(statusId),
    stored: (key) => statusById.get(key)!,
    notNull: true,
  },
  file_number: {
    expr: sql.ref('orders.file_number'),
    type: 'text',
    notNull: true,
    within: SEARCH_TEXT,
  },
  loan_number: { expr: sql.ref('orders.loan_number'), type: 'text', within: SEARCH_TEXT },
  loan_type: { expr: sql.ref('orders.loan_type'), type: 'enum', values: LOAN_TYPES, notNull: true },
  transaction_type: {
    expr: sql.ref('orders.transaction_type'),
    type: 'enum',
    values: TRANSACTION_TYPES,
    notNull: true,
  },
  borrower_first_name: { expr: borrower('first_name'), type: 'text' },
  borrower_last_name: { expr: borrower('last_name'), type: 'text' },
  // The first borrower's name, as the order keeps it for the search (migration 0030).
  borrower_name: { expr: sql.ref('orders.borrower_name'), type: 'text', within: SEARCH_TEXT },
  // One box that finds an order by what people remember of it (the web application's search):
  // file number, loan number, street, city, zip, or the borrower's name.
  keywords: { expr: SEARCH_TEXT, type: 'text', notNull: true, within: SEARCH_TEXT },
  address_city: { expr: sql.ref('orders.city'), type: 'text', notNull: true, within: SEARCH_TEXT },
  address_state: {
    expr: sql.ref('orders.state_id'),
    type: 'enum',
    values: listStates().map((s) => s.id),
    transform: (v) => findState(v)?.id ?? null,
    notNull: true,
  },
  address_zip: { expr: sql.ref('orders.zip'), type: 'text', notNull: true, within: SEARCH_TEXT },
  address_street: {
    expr: sql.ref('orders.address_one'),
    type: 'text',
    notNull: true,
    within: SEARCH_TEXT,
  },
  due_date: { expr: sql.ref('orders.due_date'), type: 'datetime', notNull: true },
  created_at: { expr: sql.ref('orders.created_at'), type: 'datetime', notNull: true },
  updated_at: { expr: sql.ref('orders.updated_at'), type: 'datetime', notNull: true },
  completed_at: { expr: sql.ref('orders.completed_at'), type: 'datetime' },
  fulfilled_at: { expr: sql.ref('orders.fulfilled_at'), type: 'datetime' },
  // The dashboard's figures (GET /insight) name their orders with these, as the figures count them.
  // The closed statuses written out, as the partial index of an appraiser's open orders
  // (orders_appraiser_open_due_idx, migration 0024) names them: a statement planned once for
  // every value can then count an appraiser's open orders on that index alone.
  open: {
    expr: sql`(orders.status NOT IN (${sql.join(CLOSED.map((status) => sql.lit(status)))}))`,
    type: 'boolean',
    notNull: true,
  },
  on_time: {
    expr: sql`coalesce(orders.fulfilled_at <= orders.due_date, false)`,
    type: 'boolean',
    notNull: true,
  },
  revised: { expr: sql.ref('orders.revised'), type: 'boolean', notNull: true },
  // The order's first product, as the dashboard counts it, kept on the order (migration 0038).
  product_id: { expr: sql.ref('orders.first_product_id'), type: 'uuid' },
  client_id: { expr: sql.ref('orders.client_id'), type: 'uuid', notNull: true },
  company_id: { expr: sql.ref('orders.company_id'), type: 'uuid', notNull: true },
  appraiser_id: { expr: sql.ref('orders.appraiser_id'), type: 'uuid' },
  // Who placed the order (a lender's user, or staff placing it for a client): "my orders".
  created_by_id: { expr: sql.ref('orders.created_by'), type: 'uuid', notNull: true },
  // The pipeline's offers out: when each offer times out (null unless Pending assignment).
  offer_expires_at: { expr: sql.ref('orders.offer_expires_at'), type: 'datetime' },
  vendor_due_date: { expr: sql.ref('orders.vendor_due_date'), type: 'datetime' },
  payment_method: {
    expr: sql.ref('orders.payment_method'),
    type: 'enum',
    values: ['payment_link', 'invoice', 'credit_card'],
    notNull: true,
  },
};
