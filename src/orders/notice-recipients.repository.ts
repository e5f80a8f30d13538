import type { Db } from '../db/connection.ts';
import type { NoticeRecipient } from './order.repository.ts';

/**
 * The company's staff who turned an opt-in notice on (events/notice-kinds.ts): every one of
 * them hears of it, save whoever caused it (a staff user who placed the order knows of it).
 * Deactivated users get nothing.
 */
export async function optedInStaff(
  db: Db,
  order: { company_id: string; created_by: string },
  kind: string,
): Promise<NoticeRecipient[]> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.notices_off'])
    .where('users.organization_id', '=', order.company_id)
    .where('users.role', '=', 'staff')
    .where('users.deactivated_at', 'is', null)
    .where('users.id', '!=', order.created_by)
    .where((eb) => eb(eb.val(kind), '=', eb.fn.any('users.notices_on')))
    .orderBy('users.email')
    .execute();
}
