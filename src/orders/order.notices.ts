import type { NoticeKind } from '../events/notice-kinds.ts';
import type { Status } from '../workflow/statuses.ts';

/** What an order's change tells whom by email (events/notice-kinds.ts lists the kinds). */
export interface NoticeRequest {
  order_id: string;
  kind: NoticeKind;
  /** The reason or comments the change was given with. */
  reason: string | null;
  /** For the appraiser's notices: the appraiser at the time of the change. */
  appraiser_id: string | null;
  /** The change's details as they were (an offer's fee, due date and deadline), for the email. */
  details: Record<string, unknown>;
}

const OFFERED: readonly Status[] = [
  'Pending assignment',
  'Assignment accepted with condition',
  'Under negotiation',
];

/** The notices one change raises. */
export function noticesFor(change: { action: string; from: Status | null; to: Status }): NoticeKind[] {
  const { action, from, to } = change;
  const kinds: NoticeKind[] = [];
  if (action === 'assign' || action === 'auto_assign_completed') kinds.push('new_offer');
  if (['request_revision', 'request_reconsideration_of_value', 'require_action'].includes(action))
    kinds.push('revision_requested');
  if (action === 'hold') kinds.push('order_on_hold');
  if (action === 'resume') kinds.push('order_resumed');
  if (action === 'cancel' || action === 'decline_order') kinds.push('order_cancelled');
  if (to === 'Assigned' && from !== null && OFFERED.includes(from)) kinds.push('appraiser_assigned');
  if (action === 'schedule_inspection') kinds.push('inspection_scheduled');
  if (to === 'Completed' && from !== 'Completed') kinds.push('report_delivered');
  if ((to === 'Completion payment hold' || to === 'Waiting payment') && from !== to)
    kinds.push('payment_due');
  if (to === 'Under negotiation' && from !== to) kinds.push('negotiation_to_decide');
  if (to === 'Assignment accepted with condition') kinds.push('condition_to_decide');
  if (action === 'reject_assignment' || action === 'offer_timeout') kinds.push('offer_declined');
  if (action === 'approve_negotiation' || action === 'refuse_negotiation') kinds.push('negotiation_answered');
  return kinds;
}
