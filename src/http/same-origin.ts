import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/**
 * Browsers' changes from other sites, refused outside the API. A session's requests carry its
 * CSRF token (sessions/session.routes.ts), but signing in, asking for a reset and choosing a
 * password carry no session yet: a form on another site could post them, and sign the victim's
 * browser in to the attacker's account (login CSRF). So a POST, PUT, PATCH or DELETE outside
 * /api/v1 whose Origin (or, without one, Referer) names another site is refused with 403.
 * Requests without either header are no browser's form post and pass: integrators' clients
 * and scripts send neither. /api/v1 is left out: it authenticates by key, or by session with
 * its CSRF token, and CORS_ORIGINS may let other sites call it.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installSameOriginCheck(app: FastifyInstance, publicBaseUrl: string): void {
  const serviceOrigin = new URL(publicBaseUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.url.startsWith('/api/')) return done();
    const from = senderOrigin(request);
    if (from === null || from === serviceOrigin || from === ownOrigin(request)) return done();
    done(
      new AppError(
        'csrf_failed',
        'This request came from a page of another site (its Origin or Referer): send it from this service, or without either header',
      ),
    );
  });
}

/** The site a browser says the request comes from: its Origin, else its Referer's; null: neither. */
function senderOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  // "null" is a browser's way of not saying (a sandboxed frame, a file): not this site.
  if (origin !== undefined) return origin;
  const referer = request.headers.referer;
  if (referer === undefined) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** The origin the request was addressed to (its Host, and the scheme as TRUSTED_PROXIES tells it). */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
