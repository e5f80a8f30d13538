import type { Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * Broadcast offers and bids (docs/assignment.md, "Broadcast and bids"): the appraiser's rounds
 * and their answers; an order's rounds for staff. Keys start with 'orders', so that live updates
 * and every action's refetch of the lists refresh them.
 */
export type BidInvitation = Schema<'BidInvitation'>;
export type BidRound = Schema<'BidRound'>;

export const myBidsQuery = {
  queryKey: ['orders', 'my-bids'],
  queryFn: async () => unwrap(await api.GET('/api/v1/me/bid_requests')),
};

export const orderRoundsQuery = (orderId: string) => ({
  queryKey: ['orders', orderId, 'bid_requests'],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/orders/{order_id}/bid_requests', { params: { path: { order_id: orderId } } }),
    ),
});

/** Accepts a broadcast or places (replaces) a bid; the list is read again after. */
export const placeBidMutation = {
  mutationFn: async ({ roundId, body }: { roundId: string; body: Schema<'BidRequest'> }) =>
    unwrap(
      await api.POST('/api/v1/bid_requests/{bid_request_id}/bids', {
        params: { path: { bid_request_id: roundId } },
        body,
      }),
    ),
  onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
};
