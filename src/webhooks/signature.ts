import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256>` over
 * `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret's bytes (the base64 part
 * after `whsec_`).
 */
/** What a webhook signing secret is sealed for (auth/secret-box.ts). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secret';

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
