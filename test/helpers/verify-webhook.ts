import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifying a delivery exactly as docs/webhooks.md tells integrators to (kept in step with it):
 * HMAC-SHA256 over `${id}.${timestamp}.${body}` with the secret's bytes, compared in constant
 * time with each `v1,` signature of the header; the timestamp within five minutes.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Date.now(),
): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const signatures = String(headers['webhook-signature']).split(' ');
  if (Math.abs(now / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'),
  );
  return signatures.some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
