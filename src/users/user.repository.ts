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

export async function findNoticesOff(db: Db, userId: string): Promise<string[]> {
  const row = await db.selectFrom('users').select('notices_off').where('id', '=', userId).executeTakeFirst();
  return row?.notices_off ?? [];
}

export async function setNoticesOff(db: Db, userId: string, kinds: string[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ notices_off: kinds, updated_at: new Date() })
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
  const revoked = await trx
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return revoked.map((key) => key.id);
}
