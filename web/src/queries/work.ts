import type { components } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/** An order of the appraiser's as the work it needs (GET /api/v1/me/work). */
export type WorkItem = components['schemas']['WorkItem'];
export type NextStep = WorkItem['next_step'];

/**
 * The appraiser's work, one query for the inbox, my work, the agenda and money. Its key starts
 * with 'orders', so that live updates (live.ts) and every action's refetch of the lists refresh it.
 */
export const workQuery = {
  queryKey: ['orders', 'my-work'],
  queryFn: async () => unwrap(await api.GET('/api/v1/me/work')).data,
};

/**
 * The open offers alone, for the inbox and the count on its tab: a few orders, where the whole
 * work list may be hundreds (on a phone's slow connection, a quarter of a megabyte to wait for).
 */
export const offersQuery = {
  queryKey: ['orders', 'my-work', 'answer_offer'],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/me/work', { params: { query: { next_step: 'answer_offer' } } })).data,
};

/** Asks for the offers again (an offer ran out: the service times it out on its own). */
export const refreshOffers = () => queryClient.invalidateQueries({ queryKey: offersQuery.queryKey });
