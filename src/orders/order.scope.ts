import type { AuthUser } from '../auth/principal.ts';
import type { CountScope } from './order.repository.ts';

/** Whose running totals (order_counts) match what the user sees. */
export function countScope(user: AuthUser): CountScope {
  switch (user.role) {
    case 'operator':
      return { scope: 'all', id: '00000000-0000-0000-0000-000000000000' };
    case 'staff':
      return { scope: 'company', id: user.organizationId! };
    case 'client':
      return { scope: 'client', id: user.organizationId! };
    case 'appraiser':
      return { scope: 'appraiser', id: user.id };
  }
}
