import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import { findVisibleOrder } from './order.store.ts';
import {
  readsReconsideration,
  toReconsideration,
  type ReconsiderationReader,
} from './reconsideration.mapper.ts';
import { findReconsiderations } from './reconsideration.repository.ts';
import type { ReconsiderationView } from './reconsideration.schemas.ts';

/**
 * The order's reconsiderations of value, oldest first (GET /orders/{order_id}/reconsiderations):
 * the company's staff (and operators) read every one whole; the lender those of its order, with
 * the company's answers but not its words to the appraiser, and the outcome once the revised
 * report is released; the order's appraiser those that reached them, without who wrote them.
 */
export async function listReconsiderations(
  db: Db,
  user: AuthUser,
  orderId: string,
): Promise<ReconsiderationView[]> {
  const order = await findVisibleOrder(db, user, orderId, { columns: ['appraiser_id'] });
  if (user.role === 'appraiser' && order.appraiser_id !== user.id)
    throw new AppError('forbidden', 'Only the appraiser the order is assigned to reads its reconsiderations');
  const reader: ReconsiderationReader =
    user.role === 'client' ? 'lender' : user.role === 'appraiser' ? 'appraiser' : 'company';
  const rows = await findReconsiderations(db, orderId);
  return rows.filter((row) => readsReconsideration(row, reader)).map((row) => toReconsideration(row, reader));
}
