import { keepPreviousData } from '@tanstack/react-query';
import type { components, operations } from '../../../sdk/src/client.ts';
import { ApiFailure } from './failure.ts';
import type { ViewSearch } from './order-lists.ts';
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
  /** A status's key (`completed`), searched as q[status_id_eq]. */
  status?: string;
  due_from?: string;
  due_to?: string;
  page?: number;
  sort?: 'due_date asc' | 'due_date desc' | 'created_at asc';
  /** The built-in view "My orders". */
  mine?: true;
  /** The saved view shown (its columns show while its search does). */
  view?: string;
  /** The API's own terms (key k stands for q[k]), as a dashboard figure names them. */
  terms?: Record<string, string>;
  /** Which dashboard figure the terms are (shown above the list). */
  label?: string;
}

/** Who looks at the list: "my orders" are those they placed, or an appraiser's own. */
export interface Viewer {
  id: string;
  role: string;
}

/** The q[…] term of "my orders" for this person. */
export const mineTerm = (viewer: Viewer | null): Record<string, string> =>
  viewer === null
    ? {}
    : viewer.role === 'appraiser'
      ? { 'q[appraiser_id_eq]': viewer.id }
      : { 'q[created_by_id_eq]': viewer.id };

/** The API's q[…] terms of a search, its status aside (the counts beside each status use them). */
export function searchTerms(search: OrderSearch, viewer: Viewer | null): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(search.terms ?? {}).map(([key, value]) => [`q[${key}]`, value])),
    ...(search.q ? { 'q[keywords_cont]': search.q } : {}),
    ...(search.due_from ? { 'q[due_date_gteq]': search.due_from } : {}),
    ...(search.due_to ? { 'q[due_date_lteq]': search.due_to } : {}),
    ...(search.mine ? mineTerm(viewer) : {}),
  };
}

/** How many orders of the search are in each status (each status's choice shows its count). */
export const statusCountsQuery = (search: OrderSearch, viewer: Viewer | null) => {
  const terms = searchTerms(search, viewer);
  return {
    queryKey: [...ORDERS_KEY, 'status_counts', terms],
    queryFn: async () => unwrap(await api.GET('/api/v1/orders/status_counts', { params: { query: terms } })),
    placeholderData: keepPreviousData,
  };
};

/**
 * A status's key as the list takes it. The key comes from a link, so it is any text; the
 * service refuses one that is no status (orderListQuery).
 */
type StatusKey = NonNullable<operations['listOrders']['parameters']['query']>['q[status_id_eq]'];

/** The list's terms, sort and status by its key included (the same for the list and its CSV file). */
export function listTerms(search: OrderSearch, viewer: Viewer | null, status: string | undefined) {
  return {
    'q[s]': search.sort ?? ('created_at desc' as const),
    ...searchTerms(search, viewer),
    ...(status ? { 'q[status_id_eq]': status as StatusKey } : {}),
  };
}

type OrderList = components['schemas']['OrderList'];
/** A page of the list; `unknown_status`: the status of the link is none the service knows. */
export type OrderPage = OrderList & { unknown_status?: string };

/** The service's refusal of a status key it does not know (422 naming q[status_id_eq]). */
const refusesStatus = (error: unknown) =>
  error instanceof ApiFailure &&
  error.status === 422 &&
  (error.body?.error.details ?? []).some((detail) => detail.field === 'q[status_id_eq]');

/** A saved view's search as the list's address carries it (the default sort and no "mine" are no parameter). */
export function searchOfView(view: ViewSearch): OrderSearch {
  const { sort, mine, q, status, due_from, due_to } = view;
  return {
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(due_from ? { due_from } : {}),
    ...(due_to ? { due_to } : {}),
    ...(sort && sort !== 'created_at desc' ? { sort } : {}),
    ...(mine ? { mine: true as const } : {}),
  };
}

/**
 * One page of the list. A status key the service does not know (an old or mistyped link) is
 * refused with its usual 422; the list is then the same search without it, saying so
 * (docs/web.md), rather than an empty page or an error page.
 */
export const orderListQuery = (search: OrderSearch, viewer: Viewer | null) => ({
  queryKey: [...ORDERS_KEY, 'list', search, viewer?.id ?? null],
  queryFn: async (): Promise<OrderPage> => {
    const page = (status: string | undefined) =>
      api.GET('/api/v1/orders', {
        params: {
          query: { page: search.page ?? 1, per_page: ORDERS_PER_PAGE, ...listTerms(search, viewer, status) },
        },
      });
    try {
      return unwrap(await page(search.status));
    } catch (error) {
      if (!search.status || !refusesStatus(error)) throw error;
      return { ...unwrap(await page(undefined)), unknown_status: search.status };
    }
  },
  placeholderData: keepPreviousData,
});

/** GET /api/v1/orders/export for the search shown: the file holds what the list finds. */
export function exportHref(search: OrderSearch, viewer: Viewer | null, statusKnown: boolean): string {
  const params = new URLSearchParams(listTerms(search, viewer, statusKnown ? search.status : undefined));
  return `/api/v1/orders/export?${params.toString()}`;
}
