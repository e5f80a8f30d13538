import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import { emitEvent } from '../events/emit.ts';
import { insertOrderParty, partyRoleKey, setPartyPointOfContact, toParty } from '../orders/order.parties.ts';
import { findVisibleOrder, updateOrder } from '../orders/order.store.ts';

interface PartyInput {
  name: string;
  role: string;
  poc: boolean | string;
  emails?: string[];
  phones?: string[];
}

function requireEditor(principal: Principal, order: { client_id: string; company_id: string }): void {
  const { user } = principal;
  const editor =
    (user.role === 'client' && user.organizationId === order.client_id) ||
    (user.role === 'staff' && user.organizationId === order.company_id);
  if (!editor)
    throw new AppError('forbidden', "Only the order's client users and company staff change its parties");
}

export async function addParty(db: Db, principal: Principal, orderId: string, input: PartyInput) {
  const order = await findVisibleOrder(db, principal.user, orderId);
  requireEditor(principal, order);
  const role = input.role.trim();
  const roleKey = partyRoleKey(role);
  if (!roleKey) throw invalid('party.role', 'must be a role title, such as Loan Officer or Seller Agent');
  const name = input.name.trim();
  const [first, ...rest] = name.split(/\s+/);
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertOrderParty(trx, order.id, {
      name,
      first_name: first ?? null,
      last_name: rest.join(' ') || null,
      role,
      role_key: roleKey,
      poc: input.poc === true || input.poc === 'true',
      emails: (input.emails ?? []).map((e) => e.trim().toLowerCase()),
      phones: (input.phones ?? []).map((p) => p.trim()),
      user_id: null,
    });
    // The parties are part of the order (its detail lists them): the order's version moves.
    await updateOrder(trx, order.id, {});
    await emitEvent(trx, 'order.party_added', order, {
      party_id: inserted.id,
      name: inserted.name,
      role: inserted.role,
      poc: inserted.poc,
    });
    return inserted;
  });
  return toParty(row);
}

export async function setPointOfContact(
  db: Db,
  principal: Principal,
  orderId: string,
  partyId: string,
  poc: boolean,
): Promise<void> {
  const order = await findVisibleOrder(db, principal.user, orderId);
  requireEditor(principal, order);
  await db.transaction().execute(async (trx) => {
    if (!(await setPartyPointOfContact(trx, order.id, partyId, poc))) throw notFound('party');
    await updateOrder(trx, order.id, {});
  });
}
