import type { Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * The company's clients (lenders) and how the company works with each: settings, who sees
 * which orders, products and fees, the configuration a new order is built from.
 */
export type ClientSettings = Schema<'ClientSettings'>;
/** The settings that are switches (on or off). */
export type ClientSetting = {
  [Key in keyof ClientSettings]: ClientSettings[Key] extends boolean ? Key : never;
}[keyof ClientSettings];
export type ClientAccess = Schema<'ClientAccess'>;
export type OrderVisibility = ClientAccess['order_visibility'];
export type ClientProducts = Schema<'ClientProducts'>;

const CLIENTS_KEY = ['clients'] as const;

export const clientsQuery = {
  queryKey: CLIENTS_KEY,
  queryFn: async () => unwrap(await api.GET('/api/v1/clients', { params: { query: { per_page: 100 } } })),
};

/** The kinds of client (bank, credit union…): they change seldom. */
export const clientTypesQuery = {
  queryKey: ['client-types'],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/client_types', { params: { query: { per_page: 100 } } })),
  staleTime: 3_600_000,
};

/** A new client; the list shows it. */
export async function createClient(body: Schema<'CreateClientRequest'>) {
  const created = unwrap(await api.POST('/api/v1/clients', { body }));
  await queryClient.invalidateQueries({ queryKey: CLIENTS_KEY });
  return created;
}

/** The client's configuration (its branches, products, users): a new order is built from it. */
export const clientConfigurationQuery = (clientId: string) => ({
  queryKey: ['configuration', clientId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/clients/{client_id}/configurations', {
        params: { path: { client_id: clientId } },
      }),
    ),
});
export const refreshClientConfiguration = (clientId: string) =>
  queryClient.invalidateQueries({ queryKey: clientConfigurationQuery(clientId).queryKey });

export const clientSettingsQuery = (clientId: string) => ({
  queryKey: ['client-settings', clientId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/clients/{client_id}/settings', { params: { path: { client_id: clientId } } }),
    ),
});

export const changeClientSettings = async (
  clientId: string,
  body: Partial<Record<ClientSetting, boolean>> & { eo_minimum_per_claim?: string | null },
) =>
  unwrap(
    await api.PATCH('/api/v1/clients/{client_id}/settings', {
      params: { path: { client_id: clientId } },
      body,
    }),
  );

export const clientAccessQuery = (clientId: string) => ({
  queryKey: ['client-access', clientId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/clients/{client_id}/access', { params: { path: { client_id: clientId } } }),
    ),
});

export const changeClientAccess = async (clientId: string, order_visibility: OrderVisibility) =>
  unwrap(
    await api.PATCH('/api/v1/clients/{client_id}/access', {
      params: { path: { client_id: clientId } },
      body: { order_visibility },
    }),
  );

export const clientProductsQuery = (clientId: string) => ({
  queryKey: ['client-products', clientId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/clients/{client_id}/products', { params: { path: { client_id: clientId } } }),
    ),
});

/** The products the client may order, each at a fee of its own or the standard one (null). */
export async function saveClientProducts(
  clientId: string,
  products: Schema<'ClientProductsChange'>['products'],
) {
  const saved = unwrap(
    await api.PUT('/api/v1/clients/{client_id}/products', {
      params: { path: { client_id: clientId } },
      body: { products },
    }),
  );
  queryClient.setQueryData(clientProductsQuery(clientId).queryKey, saved);
  return saved;
}
