import type { WebhookEvent } from './client.ts';
import { verifyWebhook } from './webhooks.ts';

/**
 * The SDK for Node.js and other servers: the typed client (client.ts, which browsers import
 * alone) and webhook verification.
 */
export * from './client.ts';
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks.ts';

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
