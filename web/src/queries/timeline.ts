import type { components } from '../../../sdk/src/client.ts';
import { orderKey } from './order.ts';
import { api, unwrap } from './sdk.ts';

export type TimelineItem = components['schemas']['TimelineItem'];
export type TimelineSort = 'newest' | 'oldest';
export const TIMELINE_PER_PAGE = 25;

/**
 * An order's timeline (GET /orders/{id}/timeline): its status changes, notes, files, emails and
 * payments, as this person may see them. Under the order's key: anything that changes the order
 * marks it stale.
 */
export const timelineQuery = (orderId: string, page = 1, sort: TimelineSort = 'newest') => ({
  queryKey: [...orderKey(orderId), 'timeline', sort, page],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/orders/{order_id}/timeline', {
        params: { path: { order_id: orderId }, query: { page, per_page: TIMELINE_PER_PAGE, sort } },
      }),
    ),
});
