import type { AuthUser } from '../auth/principal.ts';
import { clientScope } from '../policy/order-access.ts';
import type { CountScope } from './order.list.repository.ts';

/**
 * Whose running totals (order_counts) match what the user sees. A client user whose client
 * lets them see only some of its orders (their branch's, their own) has none: their totals are
 * counted, and their list cursors are sealed for them alone.
 */
export function countScope(user: AuthUser): CountScope {
  switch (user.role) {
    case 'operator':
      return { scope: 'all', id: '00000000-0000-0000-0000-000000000000', counted: true };
    case 'staff':
      return { scope: 'company', id: user.organizationId!, counted: true };
    case 'client':
      return clientScope(user) === 'all'
        ? { scope: 'client', id: user.organizationId!, counted: true }
        : { scope: 'client_user', id: user.id, counted: false };
    case 'appraiser':
      return { scope: 'appraiser', id: user.id, counted: true };
  }
}
