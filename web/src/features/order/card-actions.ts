import type { ActionName } from '../../../../sdk/src/client.ts';

/**
 * The actions an order's cards take, each in its card, with the figures it needs beside it;
 * Next steps lists the rest. Apart from the cards, so that the page knows them without loading
 * the cards it does not show.
 */

/** The assignment card: choosing who does the work. */
export const ASSIGNMENT_ACTIONS: ActionName[] = ['assign', 'auto_assign', 'start_bidding', 'award_bid'];

/** The decision card: deciding on proposed terms. */
export const DECISION_ACTIONS: ActionName[] = [
  'approve_assignment_condition',
  'reject_assignment_condition',
  'approve_negotiation',
  'refuse_negotiation',
];

/** The request card: the company's answer to a lender's request. */
export const REQUEST_ACTIONS: ActionName[] = ['forward_request', 'answer_request'];

/** The review card: the review of the submitted report, and its delivery. */
export const REVIEW_ACTIONS: ActionName[] = [
  'start_review',
  'require_action',
  'request_completion',
  'approve_report',
  'fulfill',
];

/** The submission fee card: the appraiser pays the company's fee again, seeing the card charged. */
export const FEE_ACTIONS: ActionName[] = ['retry_submission_fee'];
