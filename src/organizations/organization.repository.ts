import type { Db } from '../db/connection.ts';
import type { OrganizationKind } from '../db/schema.ts';
import { isUuid } from '../db/ids.ts';

export interface NewOrganization {
  kind: OrganizationKind;
  name: string;
  clientTypeId?: string | null;
}

export async function insertOrganization(
  db: Db,
  input: NewOrganization,
): Promise<{ id: string; name: string }> {
  return db
    .insertInto('organizations')
    .values({ kind: input.kind, name: input.name, client_type_id: input.clientTypeId ?? null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** Records that the company serves the client; doing it twice changes nothing. */
export async function linkCompanyToClient(db: Db, companyId: string, clientId: string): Promise<void> {
  await db
    .insertInto('company_clients')
    .values({ company_id: companyId, client_id: clientId })
    .onConflict((oc) => oc.columns(['company_id', 'client_id']).doNothing())
    .execute();
}

export async function findOrganization(
  db: Db,
  id: string,
): Promise<{ id: string; kind: OrganizationKind; name: string } | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom('organizations')
    .select(['id', 'kind', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function findClientTypeId(db: Db, nameOrId: string): Promise<string | null> {
  const query = db.selectFrom('client_types').select('id');
  const row = isUuid(nameOrId)
    ? await query.where('id', '=', nameOrId).executeTakeFirst()
    : await query.where((eb) => eb(eb.fn('lower', ['name']), '=', nameOrId.toLowerCase())).executeTakeFirst();
  return row?.id ?? null;
}

/** The names of organizations, by id. */
export async function organizationNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The fee the company charges its appraisers for each report submitted; null: none. */
export async function companySubmissionFee(db: Db, companyId: string): Promise<bigint | null> {
  const row = await db
    .selectFrom('organizations')
    .select('submission_fee_cents')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.submission_fee_cents ? BigInt(row.submission_fee_cents) : null;
}

/** Whether the id names a company (an appraisal management company's organization). */
export async function isCompany(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', 'company')
    .executeTakeFirst();
  return row !== undefined;
}
