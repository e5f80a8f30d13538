import { sql } from 'kysely';
import { CLOSED } from '../workflow/statuses.ts';
import type { Db, Trx } from '../db/connection.ts';
import type { Role } from '../db/schema.ts';
import { isUuid } from '../db/ids.ts';

/** Whether the user is an appraiser on the company's panel. */
export async function isCompanyAppraiser(db: Db, userId: string, companyId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role', '=', 'appraiser')
    .where('organization_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The notices a user turned off (those that arrive by default) and on (those that arrive when asked for). */
export async function findNoticeChoices(db: Db, userId: string): Promise<{ off: string[]; on: string[] }> {
  const row = await db
    .selectFrom('users')
    .select(['notices_off', 'notices_on'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { off: row?.notices_off ?? [], on: row?.notices_on ?? [] };
}

export async function setNoticeChoices(
  db: Db,
  userId: string,
  choices: { off: string[]; on: string[] },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ notices_off: choices.off, notices_on: choices.on, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Puts a user in another organization, and revokes every key they hold; answers the revoked keys' ids. */
export async function moveUserRow(
  trx: Trx,
  userId: string,
  change: { organizationId: string; role: Role; isAdmin: boolean },
): Promise<string[]> {
  await trx
    .updateTable('users')
    .set({ organization_id: change.organizationId, role: change.role, is_admin: change.isAdmin })
    .where('id', '=', userId)
    .execute();
  return revokeApiKeys(trx, userId);
}

/** The users of the given organizations, as administrators list them: by organization, then name. */
export async function listOrganizationUsers(db: Db, organizationIds: string[] | 'all') {
  let query = db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.role',
      'users.is_admin',
      'users.deactivated_at',
      'users.invited_at',
      'users.password_hash',
      'users.branch_id',
      sql<string | null>`(SELECT b.name FROM branches b WHERE b.id = users.branch_id)`.as('branch_name'),
      'organizations.id as organization_id',
      'organizations.name as organization_name',
      'organizations.kind as organization_kind',
    ]);
  if (organizationIds !== 'all') {
    if (organizationIds.length === 0) return [];
    query = query.where('users.organization_id', 'in', organizationIds);
  }
  return query
    .orderBy('organizations.kind', 'desc')
    .orderBy('organizations.name')
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .limit(1000)
    .execute();
}
export type ManagedUserRow = Awaited<ReturnType<typeof listOrganizationUsers>>[number];

/** The clients a company serves (ids). */
export async function servedClientIds(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('company_clients')
    .select('client_id')
    .where('company_id', '=', companyId)
    .execute();
  return rows.map((row) => row.client_id);
}

/**
 * Changes a user's role, admin flag or activity. Deactivating revokes every key they hold and
 * ends every web session; answers the revoked keys' ids (for the key cache).
 */
export async function changeUserRow(
  trx: Trx,
  userId: string,
  change: { role?: Role; isAdmin?: boolean; active?: boolean; branchId?: string | null },
): Promise<string[]> {
  await trx
    .updateTable('users')
    .set({
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.branchId !== undefined ? { branch_id: change.branchId } : {}),
      ...(change.isAdmin !== undefined ? { is_admin: change.isAdmin } : {}),
      ...(change.active !== undefined ? { deactivated_at: change.active ? null : new Date() } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
  if (change.active !== false) return [];
  await trx
    .updateTable('web_sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return revokeApiKeys(trx, userId);
}

/** The appraiser's orders not completed, fulfilled or cancelled, from the running totals. */
export async function openOrderCount(db: Db, appraiserId: string): Promise<number> {
  const row = await db
    .selectFrom('order_counts')
    .select(sql<string>`coalesce(sum(n), 0)`.as('n'))
    .where('scope', '=', 'appraiser')
    .where('scope_id', '=', appraiserId)
    .where('status', 'not in', [...CLOSED])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Revokes the user's live API keys; answers their ids (the key cache forgets them by id). */
async function revokeApiKeys(trx: Trx, userId: string): Promise<string[]> {
  const revoked = await trx
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return revoked.map((key) => key.id);
}
