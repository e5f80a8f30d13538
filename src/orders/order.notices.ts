import type { NoticeKind } from '../events/notice-kinds.ts';
import { reaches, type Audience } from '../policy/audience.ts';
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

const CLIENT_REQUESTS = ['request_revision', 'request_reconsideration_of_value'];

/**
 * The notices one change raises. A client's request reaches the appraiser only when it is
 * theirs to read (straight to them, or forwarded by the company); waiting for the company's
 * review, it is the company's to read.
 */
export function noticesFor(change: {
  action: string;
  from: Status | null;
  to: Status;
  audience?: Audience;
}): NoticeKind[] {
  const { action, from, to } = change;
  const audience = change.audience ?? 'everyone';
  const kinds: NoticeKind[] = [];
  if (action === 'assign' || action === 'auto_assign_completed') kinds.push('new_offer');
  if (CLIENT_REQUESTS.includes(action))
    kinds.push(reaches(audience, 'appraiser') ? 'revision_requested' : 'client_request_to_review');
  if (action === 'require_action' || action === 'forward_request') kinds.push('revision_requested');
  if (action === 'answer_request') kinds.push('request_answered');
  if (action === 'hold') kinds.push('order_on_hold');
  if (action === 'resume') kinds.push('order_resumed');
  if (action === 'cancel' || action === 'decline_order') kinds.push('order_cancelled');
  if (to === 'Assigned' && from !== null && OFFERED.includes(from)) kinds.push('appraiser_assigned');
  if (action === 'schedule_inspection') kinds.push('inspection_scheduled');
  if (action === 'release_report') kinds.push('report_delivered');
  if ((to === 'Completion payment hold' || to === 'Waiting payment') && from !== to)
    kinds.push('payment_due');
  if (to === 'Under negotiation' && from !== to) kinds.push('negotiation_to_decide');
  if (to === 'Assignment accepted with condition') kinds.push('condition_to_decide');
  if (action === 'reject_assignment' || action === 'offer_timeout') kinds.push('offer_declined');
  if (action === 'approve_negotiation' || action === 'refuse_negotiation') kinds.push('negotiation_answered');
  return kinds;
}
