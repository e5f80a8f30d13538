import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { Role } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** POST /api/v1/me: an unknown X-Api-Email with name headers is an invitation. */
    allowInvite?: boolean;
    /** The roles the route is for; any other answers 403 before the body is read or validated. */
    roles?: readonly Role[];
  }
  interface FastifyRequest {
    /** Set by the authentication hook on every /api/v1 route; null elsewhere. */
    principal: Principal | null;
  }
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route reached without authentication');
  return request.principal;
}

/**
 * The route's roles (config.roles), checked as soon as the caller is known: before the body is
 * read or validated, so that a role the route is not for learns nothing from validation.
 */
export function checkRouteRoles(request: FastifyRequest, principal: Principal): void {
  const roles = request.routeOptions.config.roles;
  if (!roles || roles.includes(principal.user.role)) return;
  throw new AppError(
    'forbidden',
    `Your role (${principal.user.role}) may not ${request.method} ${request.routeOptions.url ?? request.url}; it is for: ${roles.join(', ')}`,
  );
}

/** The X-Request-Id kept from a caller (any other is replaced): the document declares it for answers. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's X-Request-Id when it is sane, so that ids match across systems. */
export function requestIdFrom(header: string | string[] | undefined, generate: () => string): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : generate();
}
