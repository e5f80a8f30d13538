/**
 * The status notices people get by email, declared once: who gets each kind, and what it says
 * in the settings list. The order's changes raise them (orders/order.notices.ts); each user
 * turns kinds off and on (GET/PATCH /api/v1/me/notification_settings).
 */
export type NoticeAudience = 'appraiser' | 'lender' | 'staff';

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
} as const satisfies Record<string, { audience: NoticeAudience; description: string }>;

export type NoticeKind = keyof typeof NOTICE_KINDS;
export const NOTICE_KIND_NAMES = Object.keys(NOTICE_KINDS) as NoticeKind[];

/** The notices a user of this role can get. */
export function noticeKindsFor(role: 'client' | 'staff' | 'appraiser' | 'operator'): NoticeKind[] {
  const audience: NoticeAudience | null =
    role === 'client' ? 'lender' : role === 'staff' ? 'staff' : role === 'appraiser' ? 'appraiser' : null;
  return NOTICE_KIND_NAMES.filter((kind) => NOTICE_KINDS[kind].audience === audience);
}
