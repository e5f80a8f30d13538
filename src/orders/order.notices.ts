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

/** The actions that bring a report to the company's review (a submission, processed or paid for). */
const SUBMISSIONS = ['request_submission', 'submission_processed', 'retry_submission_fee'];

/**
 * One notice per action, where the action alone says what to tell whom. The appraiser's are
 * sent only where the order had an appraiser (order.store.ts): refuse_negotiation takes the
 * order off the appraiser it was assigned to.
 */
const BY_ACTION: Partial<Record<string, NoticeKind[]>> = {
  request_info: ['info_requested'],
  provide_info: ['info_provided'],
  request_cancel: ['cancel_requested'],
  payment_received: ['payment_received'],
  offer_timeout: ['offer_timed_out'],
  reject_assignment_condition: ['condition_rejected'],
  refuse_negotiation: ['appraiser_removed'],
  decline_order: ['order_declined'],
  cancel: ['lender_order_cancelled'],
};

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
  // Straight to the appraiser, the company hears of it too; held for its review, only the company.
  if (CLIENT_REQUESTS.includes(action))
    kinds.push(
      ...(reaches(audience, 'appraiser')
        ? (['revision_requested', 'lender_request_sent'] as const)
        : (['client_request_to_review'] as const)),
    );
  if ((action === 'create' && to !== 'Draft') || action === 'place') kinds.push('new_order');
  if (SUBMISSIONS.includes(action) && to === 'In review' && from !== to) kinds.push('report_submitted');
  kinds.push(...(BY_ACTION[action] ?? []));
  if (action === 'require_action' || action === 'forward_request') kinds.push('revision_requested');
  if (action === 'answer_request') kinds.push('request_answered');
  if (action === 'hold') kinds.push('order_on_hold');
  if (action === 'resume') kinds.push('order_resumed');
  if (action === 'cancel' || action === 'decline_order') kinds.push('order_cancelled');
  if (to === 'Assigned' && from !== null && OFFERED.includes(from)) kinds.push('appraiser_assigned');
  if (action === 'schedule_inspection') kinds.push('inspection_scheduled');
  // A report released for the lender's review asks for its review, not its download.
  if (action === 'release_report')
    kinds.push(to === 'Client quality assurance' ? 'report_to_review' : 'report_delivered');
  if ((to === 'Completion payment hold' || to === 'Waiting payment') && from !== to)
    kinds.push('payment_due');
  if (to === 'Under negotiation' && from !== to) kinds.push('negotiation_to_decide');
  if (to === 'Assignment accepted with condition') kinds.push('condition_to_decide');
  if (action === 'reject_assignment' || action === 'offer_timeout') kinds.push('offer_declined');
  if (action === 'approve_negotiation' || action === 'refuse_negotiation') kinds.push('negotiation_answered');
  // Milestone notices (order.milestone-notices.ts): the appraiser of theirs (the entry is theirs to
  // read) at risk and late; the coordinator of any late and overdue.
  if ((action === 'milestone_at_risk' || action === 'milestone_late') && audience === 'appraiser')
    kinds.push('milestone_reminder');
  if (action === 'milestone_late' || action === 'milestone_overdue') kinds.push('milestone_late');
  if (action === 'borrower_copy_due') kinds.push('borrower_copy_due');
  if (action === 'invoice_reminder') kinds.push('invoice_reminder');
  return kinds;
}
