import { sql, type Insertable, type Selectable } from 'kysely';
import { type Db, type Trx } from '../db/connection.ts';
import type { OrdersTable, SubmissionFeesTable } from '../db/schema.ts';
import { CLOSED } from '../workflow/statuses.ts';
import type { PartyRow } from './order.parties.ts';

/**
 * The read models of orders, and the lookups around them: the detail (the order with its
 * names, products and parties, assembled by PostgreSQL in one query), the history,
 * and what creating an order checks. Writes go through the aggregate (order.store.ts).
 */
export type OrderDetailRow = Selectable<OrdersTable> & {
  client_name: string;
  company_name: string;
  lender_name: string | null;
  branch_name: string | null;
  appraiser_name: string | null;
  condition_proposer_name: string | null;
  negotiation_proposer_name: string | null;
  property_type: { id: string; name: string; slug: string } | null;
  products: { id: string; name: string }[];
  parties: PartyRow[];
  /** The report: its latest submission, the latest the company released, and whether release waits for payment. */
  latest_submission: number | null;
  released_submission: number | null;
  release_after_payment: boolean;
  /** The company's setting for the client: the lender and the appraiser write to the company only. */
  messages_through_company: boolean;
};

/**
 * An order's parties (rows of order_parties named `pa`) as the detail shows them, in the order
 * they were added: the detail's read and the create's answer (order.store.ts) both use it.
 */
export const PARTIES_JSON = sql<PartyRow[]>`json_agg(json_build_object('id', pa.id, 'name', pa.name,
  'first_name', pa.first_name, 'last_name', pa.last_name, 'role', pa.role, 'role_key', pa.role_key,
  'poc', pa.poc, 'emails', pa.emails, 'phones', pa.phones, 'user_id', pa.user_id) ORDER BY pa.created_at, pa.id)`;

/** The order's detail, by id: the caller has found the order visible (order.store.ts). */
export async function findOrderDetail(db: Db, orderId: string): Promise<OrderDetailRow | undefined> {
  const result = await sql<OrderDetailRow>`
    SELECT orders.*, client.name AS client_name, company.name AS company_name,
           lender.name AS lender_name,
           (SELECT b.name FROM branches b WHERE b.id = orders.branch_id) AS branch_name,
           appraiser.first_name || ' ' || appraiser.last_name AS appraiser_name,
           (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = orders.condition_proposed_by) AS condition_proposer_name,
           (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = orders.negotiation_proposed_by) AS negotiation_proposer_name,
           CASE WHEN pt.id IS NULL THEN NULL ELSE json_build_object('id', pt.id, 'name', pt.name, 'slug', pt.slug) END AS property_type,
           coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY op.position)
                       FROM order_products op JOIN products p ON p.id = op.product_id
                      WHERE op.order_id = orders.id), '[]') AS products,
           coalesce((SELECT ${PARTIES_JSON} FROM order_parties pa WHERE pa.order_id = orders.id), '[]') AS parties,
           (SELECT max(f.submission_no) FROM order_files f WHERE f.order_id = orders.id) AS latest_submission,
           (SELECT max(f.submission_no) FROM order_files f
             WHERE f.order_id = orders.id AND f.released_at IS NOT NULL) AS released_submission,
           coalesce(settings.report_release_after_payment, false) AS release_after_payment,
           coalesce(settings.messages_through_company, true) AS messages_through_company
      FROM orders
      JOIN organizations client ON client.id = orders.client_id
      JOIN organizations company ON company.id = orders.company_id
      LEFT JOIN organizations lender ON lender.id = orders.lender_id
      LEFT JOIN users appraiser ON appraiser.id = orders.appraiser_id
      LEFT JOIN property_types pt ON pt.id = orders.property_type_id
      LEFT JOIN company_clients settings
        ON settings.company_id = orders.company_id AND settings.client_id = orders.client_id
     WHERE orders.id = ${orderId}`.execute(db);
  return result.rows[0];
}

export async function orderProductIds(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('order_products')
    .select('product_id')
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.product_id);
}

/** The oldest offer past its deadline, claimed (FOR UPDATE SKIP LOCKED) so no other process takes it. */
export async function nextExpiredOffer(trx: Trx): Promise<{ id: string; due_at: Date } | undefined> {
  const { rows } = await sql<{ id: string; due_at: Date }>`
    SELECT id, offer_expires_at AS due_at FROM orders
     WHERE status = 'Pending assignment' AND offer_expires_at <= now()
     ORDER BY offer_expires_at LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
  return rows[0];
}

/** The order waiting longest for auto-assignment, claimed like nextExpiredOffer. */
export async function nextAutoAssignment(
  trx: Trx,
): Promise<{ id: string; company_id: string; due_date: Date; due_at: Date } | undefined> {
  const { rows } = await sql<{ id: string; company_id: string; due_date: Date; due_at: Date }>`
    SELECT id, company_id, due_date, updated_at AS due_at FROM orders
     WHERE status = 'Auto assign processing'
     ORDER BY updated_at LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
  return rows[0];
}

/**
 * How long the oldest due workflow timer has waited, in seconds (0 when none is due): an
 * expired offer not yet timed out, an order in Auto assign processing not yet offered. For
 * /metrics; both read partial or status indexes.
 */
export async function overdueTimers(db: Db): Promise<{ offerTimeout: number; autoAssign: number }> {
  const { rows } = await sql<{ offer_timeout: number | null; auto_assign: number | null }>`
    SELECT
      (SELECT extract(epoch FROM now() - min(offer_expires_at))::float8 FROM orders
        WHERE status = 'Pending assignment' AND offer_expires_at <= now()) AS offer_timeout,
      (SELECT extract(epoch FROM now() - min(updated_at))::float8 FROM orders
        WHERE status = 'Auto assign processing') AS auto_assign`.execute(db);
  const row = rows[0]!;
  return { offerTimeout: row.offer_timeout ?? 0, autoAssign: row.auto_assign ?? 0 };
}

/** What an order's create names, as the client's configuration knows it (order.create.ts). */
export interface CreateLookups {
  /** The client the order is for: the one named, else the only client the staff's company serves. */
  clientId: string | null;
  clientName: string | null;
  /** The companies that serve the client, by id. */
  companies: { id: string; name: string }[];
  /** The named products that the configuration offers this client, with their company. */
  products: {
    id: string;
    name: string;
    company_id: string;
    fee_cents: string;
    /** The company's lender fee schedule has lines for the product that may apply to the client. */
    scheduled: boolean;
  }[];
  /** The named users that are client users of the client. */
  users: { id: string; first_name: string; last_name: string; email: string; title: string | null }[];
  /** The companies (serving the client) that take the payment method. */
  methodCompanies: string[];
  /** The named lender's name, and the companies that serve it. */
  lenderName: string | null;
  lenderCompanies: string[];
  /** The companies (serving the client) whose orders for it wait for payment before assignment. */
  paysFirstCompanies: string[];
  propertyType: { id: string; name: string; slug: string } | null;
  /** The branch named (or the caller's), if it is one of the client's. */
  branch: { id: string; name: string } | null;
  /** The companies (serving the client) whose lender and appraisers write to the company only. */
  messagesThroughCompany: string[];
}

/**
 * Everything the create checks against the configuration, in one statement, with the names
 * its answer shows: the client (the one named, or the only one `servedBy` serves when none
 * is), its companies, the products, client users, payment method, lender and property type.
 * Ids that are not uuids were left out by the caller, so every cast here succeeds.
 */
export async function createLookups(
  db: Db,
  input: {
    clientId: string | null;
    servedBy: string | null;
    lenderId: string | null;
    productIds: string[];
    userIds: string[];
    paymentMethod: string;
    propertyTypeId: string | null;
    branchId: string | null;
  },
): Promise<CreateLookups> {
  const { rows } = await sql<CreateLookups>`
    WITH served AS (SELECT client_id FROM company_clients WHERE company_id = ${input.servedBy}::uuid
                     ORDER BY client_id LIMIT 2),
         client AS (SELECT coalesce(${input.clientId}::uuid,
                                    (SELECT client_id FROM served WHERE (SELECT count(*) FROM served) = 1)) AS id),
         links AS (SELECT cc.company_id, cc.payment_before_assignment, cc.messages_through_company
                     FROM company_clients cc
                    WHERE cc.client_id = (SELECT id FROM client))
    SELECT
      (SELECT id FROM client) AS "clientId",
      (SELECT name FROM organizations WHERE id = (SELECT id FROM client)) AS "clientName",
      coalesce((SELECT json_agg(json_build_object('id', o.id, 'name', o.name) ORDER BY o.id)
                  FROM links JOIN organizations o ON o.id = links.company_id), '[]') AS companies,
      coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'company_id', p.company_id,
                                                  'fee_cents', coalesce(cp.fee_cents, p.fee_cents)::text,
                                                  'scheduled', EXISTS (SELECT 1 FROM lender_fee_schedule f
                                                                        WHERE f.product_id = p.id
                                                                          AND (f.client_id IS NULL OR f.client_id = cp.client_id))))
                  FROM products p JOIN client_products cp ON cp.product_id = p.id AND cp.client_id = (SELECT id FROM client)
                 WHERE p.id = ANY(${input.productIds}::uuid[])), '[]') AS products,
      coalesce((SELECT json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name,
                                                  'email', u.email, 'title', u.title))
                  FROM users u
                 WHERE u.organization_id = (SELECT id FROM client) AND u.role = 'client'
                   AND u.id = ANY(${input.userIds}::uuid[])), '[]') AS users,
      coalesce((SELECT array_agg(pm.company_id) FROM company_payment_methods pm
                 WHERE pm.method = ${input.paymentMethod} AND pm.company_id IN (SELECT company_id FROM links)), '{}')
        AS "methodCompanies",
      (SELECT name FROM organizations WHERE id = ${input.lenderId}::uuid) AS "lenderName",
      coalesce((SELECT array_agg(company_id) FROM company_clients WHERE client_id = ${input.lenderId}::uuid), '{}')
        AS "lenderCompanies",
      coalesce((SELECT array_agg(company_id) FROM links WHERE payment_before_assignment), '{}') AS "paysFirstCompanies",
      coalesce((SELECT array_agg(company_id) FROM links WHERE messages_through_company), '{}')
        AS "messagesThroughCompany",
      (SELECT json_build_object('id', pt.id, 'name', pt.name, 'slug', pt.slug) FROM property_types pt
        WHERE pt.id = ${input.propertyTypeId}::uuid) AS "propertyType",
      (SELECT json_build_object('id', b.id, 'name', b.name) FROM branches b
        WHERE b.id = ${input.branchId}::uuid AND b.client_id = (SELECT id FROM client)) AS branch`.execute(
    db,
  );
  return rows[0]!;
}

/** Appraisers with their open orders: one company's panel, or every panel (companyId null). */
export async function listAppraiserPanel(db: Db, companyId: string | null) {
  let query = db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.organization_id',
      eb
        .selectFrom('orders')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('orders.appraiser_id', '=', 'users.id')
        .where('orders.status', 'not in', CLOSED)
        .as('open_orders'),
    ])
    .where('users.role', '=', 'appraiser');
  if (companyId !== null) query = query.where('users.organization_id', '=', companyId);
  return query.orderBy('users.last_name').orderBy('users.first_name').execute();
}

/** The order's history, oldest first, with the names of who acted and for whom. */
export async function findOrderHistory(db: Db, orderId: string) {
  return db
    .selectFrom('order_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('users as k', 'k.id', 'h.key_owner_id')
    .select([
      'h.id',
      'h.action',
      'h.from_status',
      'h.to_status',
      'h.reason',
      'h.details',
      'h.audience',
      'h.created_at',
      'u.id as user_id',
      'u.first_name as user_first',
      'u.last_name as user_last',
      'k.id as key_id',
      'k.first_name as key_first',
      'k.last_name as key_last',
    ])
    .where('h.order_id', '=', orderId)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
}

export type HistoryRow = Awaited<ReturnType<typeof findOrderHistory>>[number];

export interface NoticeRecipient {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  notices_off: string[];
}

const RECIPIENT_COLUMNS = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.notices_off',
] as const;

/** The user the notice names (an appraiser), if they still exist. */
export async function findRecipient(db: Db, userId: string): Promise<NoticeRecipient[]> {
  return db.selectFrom('users').select(RECIPIENT_COLUMNS).where('users.id', '=', userId).execute();
}

/**
 * The lender's people on an order: the client users named on it and the client user who
 * placed it; when there are none, the client's admins.
 */
export async function lenderRecipients(
  db: Db,
  order: { id: string; client_id: string; created_by: string },
): Promise<NoticeRecipient[]> {
  const named = await db
    .selectFrom('users')
    .select(RECIPIENT_COLUMNS)
    .where('users.organization_id', '=', order.client_id)
    .where('users.role', '=', 'client')
    .where((eb) =>
      eb.or([
        eb('users.id', '=', order.created_by),
        eb(
          'users.id',
          'in',
          eb
            .selectFrom('order_parties')
            .select('order_parties.user_id')
            .where('order_parties.order_id', '=', order.id)
            .where('order_parties.user_id', 'is not', null)
            .$narrowType<{ user_id: string }>(),
        ),
      ]),
    )
    .execute();
  if (named.length > 0) return named;
  return organizationAdmins(db, order.client_id, 'client');
}

/** The company's people on an order: the staff user who last assigned it, else the company's admins. */
export async function staffRecipients(
  db: Db,
  order: { id: string; company_id: string },
): Promise<NoticeRecipient[]> {
  const assigner = await db
    .selectFrom('order_history as h')
    .innerJoin('users', 'users.id', 'h.user_id')
    .select(RECIPIENT_COLUMNS)
    .where('h.order_id', '=', order.id)
    .where('h.action', 'in', ['assign', 'auto_assign', 'start_bidding'])
    .where('users.role', '=', 'staff')
    .where('users.organization_id', '=', order.company_id)
    .orderBy('h.created_at', 'desc')
    .limit(1)
    .execute();
  if (assigner.length > 0) return assigner;
  return organizationAdmins(db, order.company_id, 'staff');
}

function organizationAdmins(db: Db, organizationId: string, role: 'client' | 'staff') {
  return db
    .selectFrom('users')
    .select(RECIPIENT_COLUMNS)
    .where('users.organization_id', '=', organizationId)
    .where('users.role', '=', role)
    .where('users.is_admin', '=', true)
    .execute();
}

/** Records a charge of the company's submission fee to the appraiser's card. */
export async function insertSubmissionFee(trx: Trx, fee: Insertable<SubmissionFeesTable>): Promise<void> {
  await trx.insertInto('submission_fees').values(fee).execute();
}

export async function countSubmissionFees(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('submission_fees')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
