import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { OrderParams, ref } from '../schemas/common.ts';
import { BidAnswer, BidBody, BidInvitation, BidRequestParams, BidRound } from './bid.schemas.ts';
import { bidRounds, myBidInvitations, placeBid } from './bid.service.ts';

/** Broadcast offers and bids (docs/assignment.md, "Broadcast and bids"); rounds open with start_bidding. */
export function registerBidRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/me/bid_requests',
    {
      config: { roles: ['appraiser'] },
      schema: {
        operationId: 'listMyBidRequests',
        tags: ['appraisers'],
        summary: 'Rounds of broadcast offers and bids you were invited to (appraisers)',
        description:
          'The last 30 days: those open first, soonest deadline first, then the rest newest first, each with your answer and what became of it.',
        response: { 200: Type.Array(ref(BidInvitation)) },
      },
    },
    (request) => myBidInvitations(db, principalOf(request).user),
  );
  app.post(
    '/bid_requests/:bid_request_id/bids',
    {
      config: { roles: ['appraiser'] },
      schema: {
        operationId: 'placeBid',
        tags: ['appraisers'],
        summary: 'Accept a broadcast offer, or bid (appraisers invited to the round)',
        description:
          'A broadcast: the first to accept takes the order at the terms offered; later answers get 409. Bids: the fee and due date the round leaves open (422 naming the one missing or locked); sent again before the deadline, it replaces your bid. A round closed or past its deadline answers 409. Not invited: 404. Yours alone: nobody acts for you.',
        params: BidRequestParams,
        body: ref(BidBody),
        response: { 200: ref(BidAnswer) },
      },
    },
    (request) =>
      placeBid({ db, config }, principalOf(request), request.params.bid_request_id, request.body ?? {}),
  );
  app.get(
    '/orders/:order_id/bid_requests',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'listOrderBidRequests',
        tags: ['orders'],
        summary:
          "The order's rounds of broadcast and bids, newest first, with whom each invited and their answers",
        description:
          "The company's staff and operators (lenders 403: what appraisers ask is not theirs to see). Award a bid with PUT /orders/{order_id}/award_bid.",
        params: OrderParams,
        response: { 200: Type.Array(ref(BidRound)) },
      },
    },
    (request) => bidRounds(db, principalOf(request).user, request.params.order_id),
  );
}
