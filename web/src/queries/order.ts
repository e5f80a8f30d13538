import type { Schema } from '../../../sdk/src/client.ts';
import { ApiFailure } from './failure.ts';
import { ORDERS_KEY } from './orders.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * One order and what hangs on it. Every key starts with ['order', id], so that live updates
 * (live.ts) and each action mark the whole order stale at once.
 */
export const orderKey = (orderId: string) => ['order', orderId] as const;

export type HistoryEntry = Schema<'HistoryEntry'>;

/** An order, and its history: asked for by the order's page, and ahead of it by its route. */
const fetchOrder = async (orderId: string) =>
  unwrap(await api.GET('/api/v1/orders/{order_id}', { params: { path: { order_id: orderId } } }));
export const orderQuery = (orderId: string) => ({
  queryKey: orderKey(orderId),
  queryFn: () => fetchOrder(orderId),
});
export const orderHistoryQuery = (orderId: string) => ({
  queryKey: [...orderKey(orderId), 'history'],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/orders/{order_id}/history', { params: { path: { order_id: orderId } } })),
});

/** What a correction sends (PATCH /api/v1/orders/{order_id}): only the fields that changed. */
export type OrderCorrection = Schema<'OrderCorrectionRequest'>;

/**
 * Corrects an order read at `version` (sent as If-Match): a change made by someone else since
 * makes the service refuse it (changedMeanwhile), and nothing is saved.
 */
export const correctOrderMutation = (orderId: string) => ({
  mutationFn: async ({ version, body }: { version: string; body: OrderCorrection }) =>
    unwrap(
      await api.PATCH('/api/v1/orders/{order_id}', {
        params: { path: { order_id: orderId }, header: { 'If-Match': `"${version}"` } },
        body,
      }),
    ),
  onSuccess: async (corrected: Awaited<ReturnType<typeof fetchOrder>>) => {
    queryClient.setQueryData(orderKey(orderId), corrected);
    await queryClient.invalidateQueries({ queryKey: orderKey(orderId) });
    await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  },
});

/**
 * The service refused a change because the order moved on since it was read (If-Match): 409
 * `conflict` naming If-Match, or 412 as HTTP names a failed precondition.
 */
export const changedMeanwhile = (error: unknown) =>
  error instanceof ApiFailure &&
  (error.status === 412 ||
    (error.status === 409 && (error.body?.error.details ?? []).some((d) => d.field === 'If-Match')));

/** The order as it is now, past the cache (after "someone else changed it"). */
export const reloadOrder = (orderId: string) =>
  queryClient.fetchQuery({ ...orderQuery(orderId), staleTime: 0 });
