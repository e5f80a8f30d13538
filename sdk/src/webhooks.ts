import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookHeaders = Record<string, string | string[] | undefined> | Headers;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

const header = (headers: WebhookHeaders, name: string): string => {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/**
 * Verifies a webhook delivery as docs/webhooks.md describes: HMAC-SHA256 with the secret's
 * bytes over `${webhook-id}.${webhook-timestamp}.${body}`, compared in constant time with each
 * `v1,` signature of the webhook-signature header, the timestamp within `toleranceSeconds`.
 * Throws WebhookVerificationError saying what failed.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string,
  { now = Date.now(), toleranceSeconds = 300 }: { now?: number; toleranceSeconds?: number } = {},
): void {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('webhook headers are missing');
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds)
    throw new WebhookVerificationError('the webhook timestamp is too old or too new');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'),
  );
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('no webhook signature matches');
}
