import type { AuthUser } from '../auth/principal.ts';
import { CLOSED, type Status } from '../workflow/statuses.ts';

/**
 * Which fields of an order a person may correct now (PATCH /orders/{order_id}): the rules the
 * correction applies, in one place, so that the order's detail can say them to the web
 * application (`correctable_fields`) and the page keeps no copy of them.
 */
export const CORRECTABLE_FIELDS = [
  'borrower',
  'loan_number',
  'loan_amount',
  'due_date',
  'special_instructions',
  'access_contact',
  'address',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

interface CorrectableOrder {
  status: string;
  client_id: string;
  company_id: string;
  assigned_at: Date | null;
  negotiation_due_date: Date | null;
}

/** The order's client users and its company's staff correct it; the appraiser never does. */
export const mayCorrect = (user: AuthUser, order: Pick<CorrectableOrder, 'client_id' | 'company_id'>) =>
  (user.role === 'client' && user.organizationId === order.client_id) ||
  (user.role === 'staff' && user.organizationId === order.company_id);

export const isClosedForCorrection = (order: Pick<CorrectableOrder, 'status'>) =>
  CLOSED.includes(order.status as Status);

/** A client's address correction ends when an appraiser accepts the order (they took it for that property). */
export const addressLockedFor = (role: string, order: Pick<CorrectableOrder, 'assigned_at'>) =>
  role === 'client' && order.assigned_at !== null;

/** A due date under negotiation is decided by the negotiation. */
export const dueDateLocked = (order: Pick<CorrectableOrder, 'status' | 'negotiation_due_date'>) =>
  order.status === 'Under negotiation' || order.negotiation_due_date !== null;

/** The fields this person may correct on this order now; none when they may not correct it. */
export function correctableFields(user: AuthUser, order: CorrectableOrder): CorrectableField[] {
  if (!mayCorrect(user, order) || isClosedForCorrection(order)) return [];
  return CORRECTABLE_FIELDS.filter(
    (field) =>
      !(field === 'address' && addressLockedFor(user.role, order)) &&
      !(field === 'due_date' && dueDateLocked(order)),
  );
}
