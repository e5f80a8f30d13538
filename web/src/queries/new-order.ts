import type { components } from '../../../sdk/src/client.ts';
import { ORDERS_KEY } from './orders.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/** What a new order's form sends (POST /api/v1/orders). */
export type CreateOrder = components['schemas']['CreateOrderRequest'];

/** The clients a staff member orders for (a lender orders for its own organization). */
export const clientsQuery = {
  queryKey: ['clients', 'for-new-order'],
  queryFn: async () => unwrap(await api.GET('/api/v1/clients', { params: { query: { per_page: 100 } } })),
};

/** A client's configuration: its companies with their products and payment methods, its users, the property types. */
export { clientConfigurationQuery as configurationQuery } from './clients.ts';

export const createOrderMutation = {
  mutationFn: async (body: CreateOrder) => unwrap(await api.POST('/api/v1/orders', { body })),
  onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
};

export type Configuration = components['schemas']['ClientConfiguration'];
