import { api, unwrap } from './sdk.ts';

/**
 * One order and what hangs on it. Every key starts with ['order', id], so that live updates
 * (live.ts) and each action mark the whole order stale at once.
 */
export const orderKey = (orderId: string) => ['order', orderId] as const;

/** An order, and its history: asked for by the order's page, and ahead of it by its route. */
export const orderQuery = (orderId: string) => ({
  queryKey: orderKey(orderId),
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/orders/{order_id}', { params: { path: { order_id: orderId } } })),
});
export const orderHistoryQuery = (orderId: string) => ({
  queryKey: [...orderKey(orderId), 'history'],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/orders/{order_id}/history', { params: { path: { order_id: orderId } } })),
});
