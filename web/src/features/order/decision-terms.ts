import type { ActionName, Order } from '../../../../sdk/src/client.ts';

/** Proposed terms beside the current ones, as the decision card shows them. */
export interface Terms {
  title: string;
  feeLabel: string;
  currentFee: string | null;
  proposedFee: string | null;
  currentDue: string | null;
  proposedDue: string | null;
  comments: string | null;
  proposedBy: string | null;
  proposedAt: string | null;
  approve: ActionName;
  refuse: ActionName;
}

/** An appraiser's condition of acceptance, or a negotiation of the lender's fee and due date (or nothing to decide). */
export function termsOf(order: Order): Terms | null {
  const condition = order.assignment_condition;
  const negotiation = order.negotiation;
  return condition
    ? {
        title: "The appraiser's condition",
        feeLabel: "Appraiser's fee",
        currentFee: condition.current_appraiser_fee,
        proposedFee: condition.appraiser_fee,
        currentDue: condition.current_due_date,
        proposedDue: condition.due_date,
        comments: condition.comments,
        proposedBy: condition.proposed_by?.name ?? null,
        proposedAt: condition.proposed_at,
        approve: 'approve_assignment_condition',
        refuse: 'reject_assignment_condition',
      }
    : negotiation
      ? {
          title: 'New terms proposed',
          feeLabel: 'Fee',
          currentFee: negotiation.current_total_fee,
          proposedFee: negotiation.total_fee,
          currentDue: negotiation.current_due_date,
          proposedDue: negotiation.due_date,
          comments: negotiation.comments,
          proposedBy: negotiation.proposed_by?.name ?? null,
          proposedAt: negotiation.proposed_at,
          approve: 'approve_negotiation',
          refuse: 'refuse_negotiation',
        }
      : null;
}
