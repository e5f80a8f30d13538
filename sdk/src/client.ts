import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths, webhooks } from './schema.ts';

export type { components, operations, paths, webhooks } from './schema.ts';
export { formData } from './form-data.ts';

/** Every named schema of the API, by name: `Schema<'Order'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
export type Order = Schema<'Order'>;
export type OrderListItem = Schema<'OrderListItem'>;
export type OrderStatus = Schema<'OrderStatus'>['name'];
/** A workflow action, as `allowed_transitions` names it: PUT /api/v1/orders/{order_id}/{action}. */
export type ActionName = Schema<'ActionName'>;
/** The body of every error answer: `error.error.code`, `error.error.details[i].field`. */
export type ApiError = Schema<'Error'>;
/** A webhook delivery's body, one type per event (`event.type` tells them apart). */
export type WebhookEvent = {
  [Type in keyof webhooks]: NonNullable<webhooks[Type]['post']['requestBody']>['content']['application/json'];
}[keyof webhooks];
export type WebhookEventType = WebhookEvent['type'];

export interface ClientOptions {
  /** Where the service answers, e.g. https://appraisals.example.com (no /api/v1); '' for the page's own origin. */
  baseUrl: string;
  /** Your API key (sent as X-Api-Key). Without one, a browser's session cookie authenticates. */
  apiKey?: string;
  /** Act for a user you administer (X-Api-Email). */
  actAs?: string;
  /** With a session cookie: the session's CSRF token, sent on every request but GET. */
  csrfToken?: () => string | null | undefined;
  /** A fetch of your own (tests, proxies); the global one otherwise. */
  fetch?: typeof globalThis.fetch;
}

export type AomsClient = Client<paths>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A typed client of the Appraisal Order Management API: every path, parameter, body and answer
 * is typed from the OpenAPI document. Calls answer `{ data, error, response }`: `error` is the
 * ApiError envelope on a 4xx or 5xx.
 *
 *   const api = createAomsClient({ baseUrl, apiKey });
 *   const { data: order, error } = await api.GET('/api/v1/orders/{order_id}', { params: { path: { order_id } } });
 */
export function createAomsClient(options: ClientOptions): AomsClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const authenticate: Middleware = {
    onRequest({ request }) {
      if (options.apiKey) request.headers.set('X-Api-Key', options.apiKey);
      if (options.actAs) request.headers.set('X-Api-Email', options.actAs);
      const csrf = options.csrfToken?.();
      if (csrf && !SAFE_METHODS.has(request.method)) request.headers.set('X-CSRF-Token', csrf);
      return request;
    },
  };
  client.use(authenticate);
  return client;
}
