import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type {
  AppraiserEoPoliciesTable,
  AppraiserLicensesTable,
  AppraiserProfilesTable,
  LicenseLevel,
} from '../db/schema.ts';

/** The SQL of an appraiser's credentials (panel/credential.service.ts holds the rules). */

export interface AppraiserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  organization_id: string;
}

/** The appraiser a user id names, or undefined when it names no appraiser of a company. */
export async function findAppraiser(db: Db, id: string): Promise<AppraiserRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'organization_id'])
    .where('id', '=', id)
    .where('role', '=', 'appraiser')
    .where('organization_id', 'is not', null)
    .executeTakeFirst();
  return row ? { ...row, organization_id: row.organization_id! } : undefined;
}

/** The appraiser's row locked for the change: changes of one appraiser's credentials go one at a time. */
export async function lockAppraiser(trx: Db, id: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

const verifierName = sql<
  string | null
>`(SELECT v.first_name || ' ' || v.last_name FROM users v WHERE v.id = verified_by)`;

export type LicenseRow = Selectable<AppraiserLicensesTable> & { verified_by_name: string | null };
export type EoPolicyRow = Selectable<AppraiserEoPoliciesTable> & { verified_by_name: string | null };
export type ProfileRow = Pick<Selectable<AppraiserProfilesTable>, 'fha_roster' | 'w9_on_file' | 'capacity'>;

export function findLicenses(db: Db, appraiserId: string): Promise<LicenseRow[]> {
  return db
    .selectFrom('appraiser_licenses')
    .selectAll()
    .select(verifierName.as('verified_by_name'))
    .where('appraiser_id', '=', appraiserId)
    .orderBy('state_id')
    .execute();
}

export function findLicense(db: Db, appraiserId: string, stateId: string): Promise<LicenseRow | undefined> {
  return db
    .selectFrom('appraiser_licenses')
    .selectAll()
    .select(verifierName.as('verified_by_name'))
    .where('appraiser_id', '=', appraiserId)
    .where('state_id', '=', stateId)
    .executeTakeFirst();
}

export interface LicenseValues {
  number: string;
  level: LicenseLevel;
  issued_on: string | null;
  expires_on: string;
}

/**
 * Records the license of a state, replacing the one there. Verification stays only when nothing
 * verified changed (the same number, level and dates sent again).
 */
export async function putLicense(
  trx: Db,
  appraiserId: string,
  stateId: string,
  values: LicenseValues,
  unchanged: boolean,
): Promise<void> {
  const now = new Date();
  await trx
    .insertInto('appraiser_licenses')
    .values({ appraiser_id: appraiserId, state_id: stateId, ...values, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['appraiser_id', 'state_id']).doUpdateSet({
        ...values,
        updated_at: now,
        ...(unchanged ? {} : { verified_at: null, verified_by: null }),
      }),
    )
    .execute();
}

export async function deleteLicense(trx: Db, appraiserId: string, stateId: string): Promise<void> {
  await trx
    .deleteFrom('appraiser_licenses')
    .where('appraiser_id', '=', appraiserId)
    .where('state_id', '=', stateId)
    .execute();
}

export async function verifyLicense(
  trx: Db,
  appraiserId: string,
  stateId: string,
  by: string,
): Promise<void> {
  await trx
    .updateTable('appraiser_licenses')
    .set({ verified_at: new Date(), verified_by: by })
    .where('appraiser_id', '=', appraiserId)
    .where('state_id', '=', stateId)
    .execute();
}

export function findEoPolicy(db: Db, appraiserId: string): Promise<EoPolicyRow | undefined> {
  return db
    .selectFrom('appraiser_eo_policies')
    .selectAll()
    .select(verifierName.as('verified_by_name'))
    .where('appraiser_id', '=', appraiserId)
    .executeTakeFirst();
}

export interface EoPolicyValues {
  carrier: string;
  policy_number: string;
  per_claim_cents: string;
  aggregate_cents: string | null;
  expires_on: string;
}

export async function putEoPolicy(
  trx: Db,
  appraiserId: string,
  values: EoPolicyValues,
  unchanged: boolean,
): Promise<void> {
  const now = new Date();
  await trx
    .insertInto('appraiser_eo_policies')
    .values({ appraiser_id: appraiserId, ...values, updated_at: now })
    .onConflict((oc) =>
      oc.column('appraiser_id').doUpdateSet({
        ...values,
        updated_at: now,
        ...(unchanged ? {} : { verified_at: null, verified_by: null }),
      }),
    )
    .execute();
}

export async function deleteEoPolicy(trx: Db, appraiserId: string): Promise<void> {
  await trx.deleteFrom('appraiser_eo_policies').where('appraiser_id', '=', appraiserId).execute();
}

export async function verifyEoPolicy(trx: Db, appraiserId: string, by: string): Promise<void> {
  await trx
    .updateTable('appraiser_eo_policies')
    .set({ verified_at: new Date(), verified_by: by })
    .where('appraiser_id', '=', appraiserId)
    .execute();
}

/** What the company confirmed of the appraiser; the defaults when nothing was ever set. */
export async function findProfile(db: Db, appraiserId: string): Promise<ProfileRow> {
  const row = await db
    .selectFrom('appraiser_profiles')
    .select(['fha_roster', 'w9_on_file', 'capacity'])
    .where('appraiser_id', '=', appraiserId)
    .executeTakeFirst();
  return row ?? { fha_roster: false, w9_on_file: false, capacity: null };
}

export async function putProfile(trx: Db, appraiserId: string, profile: ProfileRow): Promise<void> {
  const now = new Date();
  await trx
    .insertInto('appraiser_profiles')
    .values({ appraiser_id: appraiserId, ...profile, updated_at: now })
    .onConflict((oc) => oc.column('appraiser_id').doUpdateSet({ ...profile, updated_at: now }))
    .execute();
}

export interface ChangeRecord {
  appraiserId: string;
  change: string;
  changedBy: string;
  actedBy: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function recordChange(trx: Db, record: ChangeRecord): Promise<void> {
  await trx
    .insertInto('appraiser_credential_changes')
    .values({
      appraiser_id: record.appraiserId,
      change: record.change,
      changed_by: record.changedBy,
      acted_by: record.actedBy,
      before: record.before === null ? null : JSON.stringify(record.before),
      after: record.after === null ? null : JSON.stringify(record.after),
    })
    .execute();
}

const nameOf = (column: 'changed_by' | 'acted_by') =>
  sql<
    string | null
  >`(SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = ${sql.ref(column)})`;

/** The appraiser's credential changes, newest first, at most `limit`. */
export function findChanges(db: Db, appraiserId: string, limit: number) {
  return db
    .selectFrom('appraiser_credential_changes')
    .select([
      'id',
      'change',
      'changed_by',
      'acted_by',
      'before',
      'after',
      'created_at',
      nameOf('changed_by').as('changed_by_name'),
      nameOf('acted_by').as('acted_by_name'),
    ])
    .where('appraiser_id', '=', appraiserId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** What the selection of appraisers for an order weighs of each one's credentials (credential.checks.ts; selection.repository.ts reads them). */
export interface SelectionCredentials {
  appraiser_id: string;
  license_level: LicenseLevel | null;
  license_expires_on: string | null;
  eo_expires_on: string | null;
  /** The license's number, and what the ASC registry last gave for it (null: not in the registry). */
  license_number?: string | null;
  registry_status?: 'A' | 'I' | null;
  registry_expires_on?: string | null;
  /** bigint as text; null without a policy. */
  eo_per_claim_cents?: string | null;
  fha_roster: boolean;
  capacity: number | null;
}
