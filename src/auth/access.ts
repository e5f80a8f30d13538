import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuthUser } from './principal.ts';

/**
 * Who sees which client (lender) organization, as one SQL predicate over an expression that
 * holds the client's id: operators all; staff the clients their company serves; client users
 * their own. Appraisers see clients only through the orders offered to them.
 */
export function clientVisibleTo(user: AuthUser, clientId: Expression<string>): Expression<SqlBool> {
  switch (user.role) {
    case 'operator':
      return sql<SqlBool>`true`;
    case 'staff':
      return sql<SqlBool>`EXISTS (SELECT 1 FROM company_clients cc WHERE cc.client_id = ${clientId} AND cc.company_id = ${user.organizationId})`;
    case 'client':
      return sql<SqlBool>`${clientId} = ${user.organizationId}`;
    default:
      return sql<SqlBool>`false`;
  }
}
