/**
 * The status notices people get by email, declared once: who gets each kind, and what it says
 * in the settings list. The order's changes raise them (orders/order.notices.ts); each user
 * turns kinds off and on (GET/PATCH /api/v1/me/notification_settings). A kind arrives unless
 * turned off, except an `optIn` kind, which arrives only to those who turned it on: one that
 * goes to every staff user of the company rather than to the order's coordinator, which would
 * otherwise fill every inbox of a large company.
 */
export type NoticeAudience = 'appraiser' | 'lender' | 'staff';

interface NoticeKindDefinition {
  audience: NoticeAudience;
  description: string;
  optIn?: true;
}

export const NOTICE_KINDS = {
  new_offer: {
    audience: 'appraiser',
    description: 'An order is offered to you, with the time left to answer',
  },
  revision_requested: {
    audience: 'appraiser',
    description: 'Your report is sent back: a revision, a reconsideration of value, or action required',
  },
  order_on_hold: { audience: 'appraiser', description: 'An order of yours is put on hold' },
  order_resumed: { audience: 'appraiser', description: 'An order of yours is taken off hold' },
  order_cancelled: { audience: 'appraiser', description: 'An order of yours is cancelled' },
  appraiser_removed: {
    audience: 'appraiser',
    description: 'An order is taken off you: the terms were not agreed, and you no longer work on it',
  },
  condition_rejected: {
    audience: 'appraiser',
    description: 'The company refused the condition you accepted an offer with',
  },
  offer_timed_out: { audience: 'appraiser', description: 'An offer to you timed out before you answered it' },
  milestone_reminder: {
    audience: 'appraiser',
    description:
      'A step of an order of yours is at risk of being late, or is late: answering the offer, first contact, the inspection, the report',
  },
  appraiser_assigned: { audience: 'lender', description: 'An appraiser accepted your order' },
  inspection_scheduled: { audience: 'lender', description: 'The inspection of your order is scheduled' },
  report_delivered: {
    audience: 'lender',
    description: 'The appraisal report of your order is ready for you (released by the company)',
  },
  request_answered: {
    audience: 'lender',
    description: 'The company answered your revision or reconsideration request',
  },
  payment_due: { audience: 'lender', description: 'Your order waits for a payment' },
  report_to_review: {
    audience: 'lender',
    description: 'The report of your order awaits your review before the order is completed',
  },
  info_requested: {
    audience: 'lender',
    description: 'The company needs information from you to go on with your order',
  },
  order_declined: { audience: 'lender', description: 'The company declined an order you placed' },
  lender_order_cancelled: { audience: 'lender', description: 'Your order is cancelled' },
  borrower_copy_due: {
    audience: 'lender',
    description:
      "The borrower's copy of an appraisal is due within a business day and not recorded as given (Regulation B)",
  },
  invoice_reminder: {
    audience: 'lender',
    description:
      "An invoice of your order is due or past due, on the schedule your company's settings choose",
  },
  negotiation_to_decide: {
    audience: 'lender',
    description: 'A change of fee or due date of your order awaits your decision',
  },
  condition_to_decide: {
    audience: 'staff',
    description: "An appraiser accepted an offer with conditions that await the company's decision",
  },
  offer_declined: {
    audience: 'staff',
    description: 'An appraiser declined an offer, or it timed out: the order is to be assigned again',
  },
  negotiation_answered: {
    audience: 'staff',
    description: 'The lender approved or refused a change of fee or due date',
  },
  client_request_to_review: {
    audience: 'staff',
    description:
      'The lender asked for a revision or a reconsideration of value: forward it to the appraiser, or answer it',
  },
  new_order: {
    audience: 'staff',
    optIn: true,
    description:
      'A new order is placed with your company (off unless you turn it on: it goes to every staff user who does)',
  },
  report_submitted: {
    audience: 'staff',
    description: 'An appraiser submitted a report: it awaits your review',
  },
  lender_request_sent: {
    audience: 'staff',
    description:
      'The lender asked for a revision or a reconsideration of value, sent straight to the appraiser (the company does not review them first)',
  },
  cancel_requested: { audience: 'staff', description: 'The lender asked to cancel an order' },
  info_provided: {
    audience: 'staff',
    description: 'The lender answered your request for information: the order goes on',
  },
  payment_received: { audience: 'staff', description: 'A payment of an order was received' },
  milestone_late: {
    audience: 'staff',
    description: "A milestone of an order's turn time is late, and again a business day later",
  },
} as const satisfies Record<string, NoticeKindDefinition>;

export type NoticeKind = keyof typeof NOTICE_KINDS;

/** Whether the kind arrives only to those who turned it on. */
export const isOptIn = (kind: NoticeKind): boolean =>
  (NOTICE_KINDS[kind] as NoticeKindDefinition).optIn === true;
export const NOTICE_KIND_NAMES = Object.keys(NOTICE_KINDS) as NoticeKind[];

/** The notices a user of this role can get. */
export function noticeKindsFor(role: 'client' | 'staff' | 'appraiser' | 'operator'): NoticeKind[] {
  const audience: NoticeAudience | null =
    role === 'client' ? 'lender' : role === 'staff' ? 'staff' : role === 'appraiser' ? 'appraiser' : null;
  return NOTICE_KIND_NAMES.filter((kind) => NOTICE_KINDS[kind].audience === audience);
}
