import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuthUser } from '../auth/principal.ts';

/**
 * Who sees which order: operators all; staff their company's; client users their client's;
 * appraisers the orders offered or assigned to them. Another tenant's order is "not found",
 * never "forbidden". Written twice, once as SQL and once over a row already read; the store
 * (order.store.ts), the list and the event log of live updates (order.event-log.ts) are
 * their only users.
 */
export function orderVisibleTo(user: AuthUser): Expression<SqlBool> {
  switch (user.role) {
    case 'operator':
      return sql<SqlBool>`true`;
    case 'staff':
      return sql<SqlBool>`orders.company_id = ${user.organizationId}`;
    case 'client':
      return sql<SqlBool>`orders.client_id = ${user.organizationId}`;
    case 'appraiser':
      return sql<SqlBool>`orders.appraiser_id = ${user.id}`;
  }
}

/** orderVisibleTo, for an order already read. */
export function isOrderVisible(
  user: AuthUser,
  order: { client_id: string; company_id: string; appraiser_id: string | null },
): boolean {
  switch (user.role) {
    case 'operator':
      return true;
    case 'staff':
      return order.company_id === user.organizationId;
    case 'client':
      return order.client_id === user.organizationId;
    case 'appraiser':
      return order.appraiser_id === user.id;
  }
}
