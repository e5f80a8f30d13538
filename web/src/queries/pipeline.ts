import { keepPreviousData } from '@tanstack/react-query';
import type { OrderStatus, Schema } from '../../../sdk/src/client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * The staff pipeline's data, one query option per read, all through the SDK. Every key starts
 * with 'orders', so that live updates and each action mark them stale with the lists.
 */
export const QUEUE_PAGE_SIZE = 50;

export const queuesQuery = {
  queryKey: ['orders', 'queues'],
  queryFn: async () => unwrap(await api.GET('/api/v1/orders/queues')),
  placeholderData: keepPreviousData,
};

/**
 * A queue's orders, due soonest first: the statuses come from the queue, as the API names them;
 * `clientId` narrows them to one client's.
 */
export const queueOrdersQuery = (statuses: OrderStatus[], page: number, clientId?: string) => ({
  queryKey: ['orders', 'queue', statuses, page, clientId ?? null],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/orders', {
        params: {
          query: {
            page,
            per_page: QUEUE_PAGE_SIZE,
            'q[status_name_in][]': statuses,
            'q[s]': 'due_date asc',
            ...(clientId ? { 'q[client_id_eq]': clientId } : {}),
          },
        },
      }),
    ),
  placeholderData: keepPreviousData,
  enabled: statuses.length > 0,
});

/** The company's counts per status (the board's columns), or one client's. */
export const statusCountsQuery = (clientId?: string) => {
  const terms = clientId ? { 'q[client_id_eq]': clientId } : {};
  return {
    queryKey: ['orders', 'status_counts', terms],
    queryFn: async () => unwrap(await api.GET('/api/v1/orders/status_counts', { params: { query: terms } })),
  };
};

export const panelQuery = {
  queryKey: ['appraisers'],
  queryFn: async () => unwrap(await api.GET('/api/v1/appraisers')),
};

export const candidatesQuery = (orderId: string) => ({
  queryKey: ['order', orderId, 'appraiser_candidates'],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/orders/{order_id}/appraiser_candidates', {
        params: { path: { order_id: orderId } },
      }),
    ),
});

/** An appraiser of the panel as a choice for one order (open orders, next due dates, last fee). */
export type Candidate = Schema<'AppraiserCandidate'>;
