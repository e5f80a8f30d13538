import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { EXPOSED_HEADERS, REQUEST_HEADERS } from './headers.ts';
import { addressSubject, RateLimits } from './rate-limits.ts';

/**
 * Rate limits, security headers and CORS.
 * - Limits (http/rate-limits.ts): requests outside the API count here: a signed-in browser's
 *   for its user, anonymous ones per client address, sign-in, reset and one-time link requests
 *   per address in a budget of their own, card submissions on payment pages too. API requests
 *   count in the authentication hook (app.ts), per user once a key or session has
 *   authenticated, per address when it has not. /healthz, /readyz and the application's built
 *   files (/assets) are never limited. 429 answers carry Retry-After and the RateLimit-* headers.
 * - Security headers on every response (CSP for the pages the service serves; /docs relaxes it
 *   for its UI).
 * - CORS is off unless CORS_ORIGINS names the origins allowed to call from a browser.
 */
const NEVER_LIMITED = new Set(['/healthz', '/readyz', '/assets/*', '/__bench/bare', '/__bench/pk/:id']);

/** Routes that try a credential (a password, a link's token): counted per address, before any lookup. */
const SIGN_IN_ROUTES = new Set([
  '/auth/sign_in',
  '/auth/password/forgot',
  '/auth/password/reset',
  '/sso',
  '/auth/link',
]);

/** Whom a request's session cookie belongs to, for counting (app.ts answers from sessions/). */
export interface SessionUsers {
  /** The user of a session this process saw open lately; undefined: no cookie; null: not known. */
  known(request: FastifyRequest): string | null | undefined;
  /** The user of the cookie's session, read from the database; null: no open session. */
  lookUp(request: FastifyRequest): Promise<string | null>;
}

export async function registerProtection(
  app: FastifyInstance,
  config: Config,
  sessions: SessionUsers,
): Promise<RateLimits> {
  await app.register(helmet, {
    // The JSON API has no use for a CSP; the HTML pages set their own, and /docs needs its UI's.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Same-origin: no address of the service (a link's signature, a reset token) leaves for
    // another site, while the service's own pages' posts say where they come from (Origin;
    // "no-referrer" makes browsers send `Origin: null`, which the check of other sites' posts
    // refuses, http/same-origin.ts).
    referrerPolicy: { policy: 'same-origin' },
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
    const address = addressSubject(request.ip);
    if (route !== undefined && SIGN_IN_ROUTES.has(route)) {
      await limits.take('sign_in_address', address, reply);
      return;
    }
    // Outside the API (an unknown route too) an API key counts for nothing: a made-up key per
    // request changes nothing. A session does: a signed-in person browses on their own budget.
    const userId = await signedInUser(request, reply, address);
    if (userId !== null) {
      await limits.take('user', userId, reply);
      return;
    }
    await limits.take('public', address, reply);
    if (request.method === 'POST' && route === '/pay/:order_id') await limits.take('card', address, reply);
  });

  /**
   * The user of the request's session. A cookie not known here is a credential tried: it costs
   * a lookup only while its address has failures to spare, and counts as one when it opens
   * nothing (the budget of failures the API's keys and cookies count in too).
   */
  async function signedInUser(
    request: FastifyRequest,
    reply: FastifyReply,
    address: string,
  ): Promise<string | null> {
    const known = sessions.known(request);
    if (known !== null) return known ?? null;
    await limits.refuseIfSpent('unauthenticated', address, reply);
    const userId = await sessions.lookUp(request);
    if (userId === null) await limits.take('unauthenticated', address, reply);
    return userId;
  }
  return limits;
}
