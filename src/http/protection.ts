import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type { Config } from '../config/config.ts';
import { readApiKey } from './credentials.ts';
import { EXPOSED_HEADERS, REQUEST_HEADERS } from './headers.ts';

/**
 * Rate limits, security headers and CORS.
 * - Limits count per API key (hashed; a key never appears in memory or Redis in clear), or per
 *   client address for requests without one. With REDIS_URL the counters are shared by every
 *   process; without it each process counts on its own (N processes allow N times the limit).
 *   429 answers carry Retry-After and the RateLimit-* headers.
 * - Security headers on every response (CSP for the pages the service serves; /docs relaxes it
 *   for its UI).
 * - CORS is off unless CORS_ORIGINS names the origins allowed to call from a browser.
 */
export async function registerProtection(app: FastifyInstance, config: Config): Promise<() => Promise<void>> {
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
  if (config.rateLimitPerMinute === 0) return () => Promise.resolve();
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const key = readApiKey(request);
      return key ? `key:${createHash('sha256').update(key).digest('hex').slice(0, 32)}` : `ip:${request.ip}`;
    },
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: 'aoms-rate-limit:', skipOnError: true } : {}),
    allowList: (request: FastifyRequest) => request.url === '/healthz' || request.url === '/readyz',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'FST_RATE_LIMITED',
      message: `Rate limit exceeded: ${context.max} requests per minute; retry in ${context.after}`,
    }),
  });
  return async () => {
    await redis?.quit().catch(() => undefined);
  };
}
