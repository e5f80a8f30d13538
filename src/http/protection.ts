import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { EXPOSED_HEADERS, REQUEST_HEADERS } from './headers.ts';
import { addressSubject, RateLimits } from './rate-limits.ts';

/**
 * Rate limits, security headers and CORS.
 * - Limits (http/rate-limits.ts): requests outside the API count per client address here, card
 *   submissions on payment pages too; API requests count in the authentication hook (app.ts),
 *   per key once the key has authenticated, per address when it has not. /healthz and /readyz
 *   are never limited. 429 answers carry Retry-After and the RateLimit-* headers.
 * - Security headers on every response (CSP for the pages the service serves; /docs relaxes it
 *   for its UI).
 * - CORS is off unless CORS_ORIGINS names the origins allowed to call from a browser.
 */
const NEVER_LIMITED = new Set(['/healthz', '/readyz', '/__bench/bare', '/__bench/pk/:id']);

export async function registerProtection(app: FastifyInstance, config: Config): Promise<RateLimits> {
  await app.register(helmet, {
    // The JSON API has no use for a CSP; the HTML pages set their own, and /docs needs its UI's.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: config.publicBaseUrl.startsWith('https://')
      ? { maxAge: 15_552_000, includeSubDomains: true }
      : false,
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [...REQUEST_HEADERS],
      exposedHeaders: [...EXPOSED_HEADERS],
      maxAge: 600,
    });
  }
  const limits = new RateLimits(config);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route !== undefined && (NEVER_LIMITED.has(route) || route.startsWith('/api/v1/'))) return;
    // Outside the API (an unknown route too): whatever key the request carries, it counts for
    // its address. A made-up key per request changes nothing.
    const address = addressSubject(request.ip);
    await limits.take('public', address, reply);
    if (request.method === 'POST' && route === '/pay/:order_id') await limits.take('card', address, reply);
  });
  return limits;
}
