import http from 'node:http';
import https from 'node:https';
import { BlockedAddressError, guardedLookup, refusedHost } from './address-guard.ts';

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The address guard refused the receiver: retrying cannot help. */
  blocked?: boolean;
}

/**
 * POSTs one delivery. Redirects are not followed (a 3xx is a failed attempt); the whole
 * exchange has a deadline; the response body is read and discarded (at most 64 KiB).
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ statusCode: null, latencyMs: 0, error: 'invalid URL' });
      return;
    }
    const refused = options.allowPrivate ? null : refusedHost(target.hostname);
    if (refused) {
      const host = target.hostname.replace(/^\[|\]$/g, '');
      resolve({
        statusCode: null,
        latencyMs: 0,
        error: `${host} is refused by the private address guard: ${refused}`,
        blocked: true,
      });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'aoms-webhooks/1',
        },
        timeout: options.timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > 65_536) response.destroy();
        });
        response.on('close', () => {
          const status = response.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          resolve({
            statusCode: status,
            latencyMs: elapsed(),
            error: redirect ? 'redirects are not followed' : null,
          });
        });
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      const blocked = error instanceof BlockedAddressError;
      resolve({
        statusCode: null,
        latencyMs: elapsed(),
        error: error.message || 'connection failed',
        ...(blocked ? { blocked } : {}),
      });
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
