/**
 * The request headers the API reads values from, declared once: CORS allows them, the text
 * guard checks them, and the OpenAPI document describes them.
 */
export const VALUE_HEADERS = [
  'x-api-key',
  'x-api-email',
  'x-user-email',
  'x-api-first-name',
  'x-api-last-name',
  'x-api-role',
  'idempotency-key',
] as const;

/** Every header a browser may send to the API (CORS preflight). */
export const REQUEST_HEADERS = ['content-type', ...VALUE_HEADERS, 'x-request-id'] as const;

/** The response headers a browser may read (CORS). */
export const EXPOSED_HEADERS = [
  'x-request-id',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
] as const;
