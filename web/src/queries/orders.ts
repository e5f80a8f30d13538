import { keepPreviousData } from '@tanstack/react-query';
import type { components, OrderStatus } from '../../../sdk/src/client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * The order lists. Every key starts with 'orders', so that live updates (live.ts) and each
 * action mark every list stale at once.
 */
export const ORDERS_KEY = ['orders'] as const;
export const ORDERS_PER_PAGE = 25;

/** What a person searches the list by (the order list's URL: routes/orders.ts). */
export interface OrderSearch {
  q?: string;
  /** A status's key (`completed`). */
  status?: string;
  due_from?: string;
  due_to?: string;
  page?: number;
  sort?: 'due_date asc' | 'due_date desc' | 'created_at asc';
  /** The API's own terms (key k stands for q[k]), as a dashboard figure names its orders. */
  terms?: Record<string, string>;
  /** Which dashboard figure the terms are (shown above the list). */
  label?: string;
}

/** The API's q[…] terms of a search, its status aside (the counts beside each status use them). */
export function searchTerms(search: OrderSearch): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(search.terms ?? {}).map(([key, value]) => [`q[${key}]`, value])),
    ...(search.q ? { 'q[keywords_cont]': search.q } : {}),
    ...(search.due_from ? { 'q[due_date_gteq]': search.due_from } : {}),
    ...(search.due_to ? { 'q[due_date_lteq]': search.due_to } : {}),
  };
}

/** How many orders of the search are in each status (each status's choice shows its count). */
export const statusCountsQuery = (search: OrderSearch) => {
  const terms = searchTerms(search);
  return {
    queryKey: [...ORDERS_KEY, 'status_counts', terms],
    queryFn: async () => unwrap(await api.GET('/api/v1/orders/status_counts', { params: { query: terms } })),
    placeholderData: keepPreviousData,
  };
};

/** The list's terms, sort included (the same for the list and for its CSV file). */
export function listTerms(search: OrderSearch, statusName: OrderStatus | null) {
  return {
    'q[s]': search.sort ?? ('created_at desc' as const),
    ...searchTerms(search),
    ...(statusName ? { 'q[status_name_eq]': statusName } : {}),
  };
}

/**
 * The status a list is filtered by, by its name as the API searches it: the name is read from
 * the counts by the key in the URL. A key the counts lack is a status no order of the search is
 * in ('none'): its list is empty without asking.
 */
export type StatusFilter = OrderStatus | 'any' | 'none';

export function statusFilterOf(key: string | undefined, counts: StatusCounts): StatusFilter {
  if (!key) return 'any';
  return counts.data.find((row) => row.status.id === key)?.status.name ?? 'none';
}
type StatusCounts = components['schemas']['OrderStatusCounts'];
type OrderList = components['schemas']['OrderList'];

/** One page of the list. */
export const orderListQuery = (search: OrderSearch, status: StatusFilter) => ({
  queryKey: [...ORDERS_KEY, 'list', search, status],
  queryFn: async (): Promise<OrderList> => {
    if (status === 'none') return emptyPage;
    return unwrap(
      await api.GET('/api/v1/orders', {
        params: {
          query: {
            page: search.page ?? 1,
            per_page: ORDERS_PER_PAGE,
            ...listTerms(search, status === 'any' ? null : status),
          },
        },
      }),
    );
  },
  placeholderData: keepPreviousData,
});

const emptyPage: OrderList = {
  data: [],
  pagination: {
    current_page: 1,
    total_pages: 0,
    total_count: 0,
    total_count_is_estimate: false,
    per_page: ORDERS_PER_PAGE,
    has_next_page: false,
    has_prev_page: false,
    next_cursor: null,
  },
};

/** GET /api/v1/orders/export for the search shown: the file holds what the list finds. */
export function exportHref(search: OrderSearch, status: StatusFilter): string {
  const params = new URLSearchParams(
    listTerms(search, status === 'any' || status === 'none' ? null : status),
  );
  return `/api/v1/orders/export?${params.toString()}`;
}
