import type { Db } from '../db/connection.ts';
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
