import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths, webhooks } from './schema.ts';
import { verifyWebhook } from './webhooks.ts';

export type { components, operations, paths, webhooks } from './schema.ts';
export { formData } from './form-data.ts';
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks.ts';

/** Every named schema of the API, by name: `Schema<'Order'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
export type Order = Schema<'Order'>;
export type OrderListItem = Schema<'OrderListItem'>;
export type OrderStatus = Schema<'OrderStatus'>['name'];
/** The body of every error answer: `error.error.code`, `error.error.details[i].field`. */
export type ApiError = Schema<'Error'>;
/** A webhook delivery's body, one type per event (`event.type` tells them apart). */
export type WebhookEvent = {
  [Type in keyof webhooks]: NonNullable<webhooks[Type]['post']['requestBody']>['content']['application/json'];
}[keyof webhooks];
export type WebhookEventType = WebhookEvent['type'];

export interface ClientOptions {
  /** Where the service answers, e.g. https://appraisals.example.com (no /api/v1). */
  baseUrl: string;
  /** Your API key (sent as X-Api-Key). */
  apiKey: string;
  /** Act for a user you administer (X-Api-Email). */
  actAs?: string;
  /** A fetch of your own (tests, proxies); the global one otherwise. */
  fetch?: typeof globalThis.fetch;
}

export type AomsClient = Client<paths>;

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
      request.headers.set('X-Api-Key', options.apiKey);
      if (options.actAs) request.headers.set('X-Api-Email', options.actAs);
      return request;
    },
  };
  client.use(authenticate);
  return client;
}

/**
 * Reads a webhook delivery: verifies its signature (Standard Webhooks, HMAC-SHA256, within five
 * minutes) and answers the typed event. Throws WebhookVerificationError otherwise. Pass the
 * body exactly as received (the raw text), not a re-serialized object.
 */
export function readWebhook(
  secret: string,
  headers: Parameters<typeof verifyWebhook>[1],
  body: string,
): WebhookEvent {
  verifyWebhook(secret, headers, body);
  return JSON.parse(body) as WebhookEvent;
}
