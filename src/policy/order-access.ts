import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuthUser } from '../auth/principal.ts';

/**
 * Who sees which order: operators all; staff their company's; appraisers the orders offered or
 * assigned to them; a client's users their client's, within what the client lets each see
 * (`order_visibility`, its admins' setting; its admins see all):
 * - `all`: every order of the client;
 * - `branch`: the orders of their branch, and the orders they are on;
 * - `own`: the orders they are on: placed by them, or naming them as a party.
 * Another tenant's order, or one a scoped user does not see, is "not found", never
 * "forbidden". Written twice, once as SQL and once over a row already read; the order store,
 * the list and the event log of live updates are their users.
 */
export function orderVisibleTo(user: AuthUser): Expression<SqlBool> {
  switch (user.role) {
    case 'operator':
      return sql<SqlBool>`true`;
    case 'staff':
      return sql<SqlBool>`orders.company_id = ${user.organizationId}`;
    case 'appraiser':
      return sql<SqlBool>`orders.appraiser_id = ${user.id}`;
    case 'client': {
      const client = sql<SqlBool>`orders.client_id = ${user.organizationId}`;
      const scope = clientScope(user);
      if (scope === 'all') return client;
      const on = sql<SqlBool>`(orders.created_by = ${user.id} OR EXISTS (SELECT 1 FROM order_parties op WHERE op.order_id = orders.id AND op.user_id = ${user.id}))`;
      return scope === 'branch' && user.branchId !== null
        ? sql<SqlBool>`${client} AND (orders.branch_id = ${user.branchId} OR ${on})`
        : sql<SqlBool>`${client} AND ${on}`;
    }
  }
}

/** Which of the client's orders a client user sees: their admins all, others as the client says. */
export const clientScope = (user: AuthUser): 'all' | 'branch' | 'own' =>
  user.isAdmin ? 'all' : user.orderVisibility;

/** Who an order belongs to, as a visibility check over a row already read needs it. */
export interface OrderOwners {
  client_id: string;
  company_id: string;
  appraiser_id: string | null;
  /** For client users whose client scopes their view: who placed it, its branch, its parties who are users. */
  created_by?: string;
  branch_id?: string | null;
  party_user_ids?: readonly string[];
}

/**
 * orderVisibleTo, for an order already read. A scoped client user's check needs the order's
 * creator, branch and parties; without them it answers from the client alone (the order store's
 * check after a lock, which looks only for a change of hands: parties are never taken off).
 */
export function isOrderVisible(user: AuthUser, order: OrderOwners): boolean {
  switch (user.role) {
    case 'operator':
      return true;
    case 'staff':
      return order.company_id === user.organizationId;
    case 'appraiser':
      return order.appraiser_id === user.id;
    case 'client': {
      if (order.client_id !== user.organizationId) return false;
      const scope = clientScope(user);
      if (scope === 'all' || order.created_by === undefined) return true;
      const on = order.created_by === user.id || (order.party_user_ids ?? []).includes(user.id);
      return on || (scope === 'branch' && user.branchId !== null && order.branch_id === user.branchId);
    }
  }
}
