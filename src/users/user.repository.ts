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
