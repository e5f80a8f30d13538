import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Db, Trx } from '../db/connection.ts';
import type { CompanyClientsTable, OrderVisibility, PaymentMethod } from '../db/schema.ts';
import { orderByClauses, whereClauses, type AttributeMap, type ListQuery } from '../db/list-filter.ts';

/** SQL for clients (lender organizations), client types, and a client's configuration. */
/** The searchable attributes of each list: the q allow-lists. */
export const CLIENT_ATTRIBUTES: AttributeMap = {
  id: { expr: sql.ref('organizations.id'), type: 'uuid' },
  name: { expr: sql.ref('organizations.name'), type: 'text' },
  client_type_id: { expr: sql.ref('organizations.client_type_id'), type: 'uuid' },
  created_at: { expr: sql.ref('organizations.created_at'), type: 'datetime' },
};

export const CLIENT_TYPE_ATTRIBUTES: AttributeMap = {
  id: { expr: sql.ref('client_types.id'), type: 'uuid' },
  name: { expr: sql.ref('client_types.name'), type: 'text' },
};

/** A page of the clients the predicate lets the caller see. */
export async function listClients(
  db: Db,
  visible: (clientId: Expression<string>) => Expression<SqlBool>,
  list: ListQuery,
) {
  let query = db
    .selectFrom('organizations')
    .select(['organizations.id', 'organizations.name'])
    .where('organizations.kind', '=', 'client')
    .where(visible(sql.ref<string>('organizations.id')));
  for (const filter of whereClauses(list, CLIENT_ATTRIBUTES)) query = query.where(filter);
  for (const sort of orderByClauses(list, CLIENT_ATTRIBUTES)) query = query.orderBy(sort);
  return query
    .orderBy(sql`lower(organizations.name)`)
    .orderBy('organizations.id')
    .limit(list.perPage)
    .offset(list.offset)
    .execute();
}

export async function listClientTypes(db: Db, list: ListQuery) {
  let query = db.selectFrom('client_types').select(['client_types.id', 'client_types.name']);
  for (const filter of whereClauses(list, CLIENT_TYPE_ATTRIBUTES)) query = query.where(filter);
  for (const sort of orderByClauses(list, CLIENT_TYPE_ATTRIBUTES)) query = query.orderBy(sort);
  return query
    .orderBy(sql`lower(client_types.name)`)
    .orderBy('client_types.id')
    .limit(list.perPage)
    .offset(list.offset)
    .execute();
}

export async function clientTypeExists(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('client_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

export async function findVisibleClient(
  db: Db,
  clientId: string,
  visible: (clientId: Expression<string>) => Expression<SqlBool>,
): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('kind', '=', 'client')
    .where('id', '=', clientId)
    .where(visible(sql.ref<string>('organizations.id')))
    .executeTakeFirst();
}

/**
 * The companies serving a client, each with its payment methods and the products attached to
 * this client, in one query. `onlyCompanyId` narrows it to one company (staff see their own).
 */
export async function clientCompanies(db: Db, clientId: string, onlyCompanyId: string | null) {
  const rows = await sql<{
    company_id: string;
    company_name: string;
    payment_methods: PaymentMethod[];
    products: { id: string; name: string; service_type: string; follow_up: boolean }[];
  }>`
    SELECT c.id AS company_id, c.name AS company_name,
      coalesce((SELECT array_agg(pm.method ORDER BY array_position(ARRAY['payment_link','invoice','credit_card'], pm.method))
                  FROM company_payment_methods pm WHERE pm.company_id = c.id), '{}') AS payment_methods,
      coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'service_type', p.service_type,
                                                  'follow_up', p.follow_up) ORDER BY p.follow_up, p.name)
                  FROM products p JOIN client_products cp ON cp.product_id = p.id AND cp.client_id = ${clientId}
                 WHERE p.company_id = c.id), '[]') AS products
      FROM company_clients cc JOIN organizations c ON c.id = cc.company_id
     WHERE cc.client_id = ${clientId} ${onlyCompanyId ? sql`AND c.id = ${onlyCompanyId}` : sql``}
     ORDER BY lower(c.name), c.id`.execute(db);
  return rows.rows;
}

export async function clientBranches(db: Db, clientId: string) {
  return db
    .selectFrom('branches')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .orderBy('name')
    .execute();
}

/** Users of the client that an order can name: its client users. */
export async function clientParties(db: Db, clientId: string) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('organization_id', '=', clientId)
    .where('role', '=', 'client')
    .orderBy('last_name')
    .orderBy('first_name')
    .execute();
  return rows.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}` }));
}

export async function listPropertyTypes(db: Db) {
  return db.selectFrom('property_types').select(['id', 'name', 'slug']).orderBy('position').execute();
}

const SETTING_COLUMNS = [
  'company_id',
  'client_id',
  'client_review_required',
  'payment_before_assignment',
  'lender_requests_reviewed',
  'messages_through_company',
  'report_release_after_payment',
  'eo_minimum_cents',
  'payment_terms_days',
  'invoice_reminder_days',
] as const;

/** The settings a company changes for a client (all but the pair's ids). */
export type ClientSettingChanges = Partial<Omit<ClientSettingsRow, 'company_id' | 'client_id'>>;

export type ClientSettingsRow = Pick<Selectable<CompanyClientsTable>, (typeof SETTING_COLUMNS)[number]>;

/** The company's settings for the client; undefined when the company does not serve it. */
export async function findClientSettings(
  db: Db,
  companyId: string,
  clientId: string,
): Promise<ClientSettingsRow | undefined> {
  return db
    .selectFrom('company_clients')
    .select(SETTING_COLUMNS)
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function updateClientSettings(
  db: Db,
  companyId: string,
  clientId: string,
  changes: ClientSettingChanges,
): Promise<ClientSettingsRow | undefined> {
  if (Object.keys(changes).length === 0) return findClientSettings(db, companyId, clientId);
  return db
    .updateTable('company_clients')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .returning(SETTING_COLUMNS)
    .executeTakeFirst();
}

/** Whether the client reviews the company's reports before they are completed. */
export async function clientReviewRequired(db: Db, companyId: string, clientId: string): Promise<boolean> {
  return (await findClientSettings(db, companyId, clientId))?.client_review_required ?? false;
}

/** Whether the client pays the company before its orders are assigned. */
export async function clientPaysFirst(db: Db, companyId: string, clientId: string): Promise<boolean> {
  return (await findClientSettings(db, companyId, clientId))?.payment_before_assignment ?? false;
}

/** Whether the company reviews the client's revision and reconsideration requests before the appraiser sees them. */
export async function lenderRequestsReviewed(db: Db, companyId: string, clientId: string): Promise<boolean> {
  return (await findClientSettings(db, companyId, clientId))?.lender_requests_reviewed ?? true;
}

/** Whether what the client's users and the appraiser write reaches the other only through the company. */
export async function messagesThroughCompany(db: Db, companyId: string, clientId: string): Promise<boolean> {
  return (await findClientSettings(db, companyId, clientId))?.messages_through_company ?? true;
}

/** The companies that serve the client. */
export async function clientsServingCompanies(db: Db, clientId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('company_clients')
    .select('company_id')
    .where('client_id', '=', clientId)
    .orderBy('company_id')
    .execute();
  return rows.map((r) => r.company_id);
}

/** Every product of the company, with whether the client is offered it and at which fee of its own. */
export async function listClientProducts(db: Db, companyId: string, clientId: string) {
  return db
    .selectFrom('products as p')
    .leftJoin('client_products as cp', (join) =>
      join.onRef('cp.product_id', '=', 'p.id').on('cp.client_id', '=', clientId),
    )
    .select([
      'p.id',
      'p.name',
      'p.fee_cents',
      'cp.fee_cents as client_fee_cents',
      'cp.client_id as offered_to',
    ])
    .where('p.company_id', '=', companyId)
    .orderBy('p.name')
    .execute();
}

/** The client is offered exactly these products of the company, at these fees (null: the standard one). */
export async function replaceClientProducts(
  trx: Trx,
  companyId: string,
  clientId: string,
  products: { productId: string; feeCents: bigint | null }[],
): Promise<void> {
  await trx
    .deleteFrom('client_products')
    .where('client_id', '=', clientId)
    .where('product_id', 'in', (eb) =>
      eb.selectFrom('products').select('id').where('company_id', '=', companyId),
    )
    .execute();
  if (products.length === 0) return;
  await trx
    .insertInto('client_products')
    .values(products.map((p) => ({ client_id: clientId, product_id: p.productId, fee_cents: p.feeCents })))
    .execute();
}

/** Which of the client's orders its users who are not admins see; undefined when no such client. */
export async function findOrderVisibility(db: Db, clientId: string) {
  return db
    .selectFrom('organizations')
    .select(['id', 'order_visibility'])
    .where('kind', '=', 'client')
    .where('id', '=', clientId)
    .executeTakeFirst();
}

export async function updateOrderVisibility(db: Db, clientId: string, visibility: OrderVisibility) {
  await db
    .updateTable('organizations')
    .set({ order_visibility: visibility, updated_at: new Date() })
    .where('id', '=', clientId)
    .execute();
}

/** Whether the branch is one of the client's. */
export async function isClientBranch(db: Db, clientId: string, branchId: string): Promise<boolean> {
  const row = await db
    .selectFrom('branches')
    .select('id')
    .where('id', '=', branchId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}
