import type { AuthUser } from '../auth/principal.ts';
import { clientVisibleTo } from '../auth/access.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import type { OrderVisibility } from '../db/schema.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { findOrderVisibility, findVisibleClient, updateOrderVisibility } from './client.repository.ts';

/**
 * Who of a client sees which of its orders: the client's own setting, `order_visibility`, for
 * its users who are not admins (its admins see every order): `all` of the client's orders (the
 * default), those of their `branch` and those they are on, or only their `own` (placed by them,
 * or naming them as a party). The client's users read it; its admins change it, as do the admins
 * of a company that serves it (who often keep the lender's accounts) and operators. Another
 * client is "not found". A change reaches every process within the key cache's 5 seconds.
 */
async function accessOf(db: Db, user: AuthUser, clientId: string) {
  if (!isUuid(clientId) || !(await findVisibleClient(db, clientId, (id) => clientVisibleTo(user, id))))
    throw notFound('client');
  const row = await findOrderVisibility(db, clientId);
  if (!row) throw notFound('client');
  return { client_id: row.id, order_visibility: row.order_visibility };
}

export const getClientAccess = accessOf;

export async function changeClientAccess(
  db: Db,
  user: AuthUser,
  clientId: string,
  body: { order_visibility: OrderVisibility },
) {
  const current = await accessOf(db, user, clientId);
  if (user.role !== 'operator' && !user.isAdmin)
    throw new AppError('forbidden', "Only the client's admins, its company's admins and operators change it");
  if (body.order_visibility !== current.order_visibility)
    await updateOrderVisibility(db, clientId, body.order_visibility);
  return { ...current, order_visibility: body.order_visibility };
}
