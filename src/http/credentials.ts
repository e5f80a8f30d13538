import type { FastifyRequest } from 'fastify';
import type { Credentials } from '../auth/credentials.ts';

/**
 * A request's credentials (auth/credentials.ts), from its headers, in any letter case (Node
 * lower-cases header names), and the api_key query parameter.
 */
const ACT_AS_HEADERS = ['x-api-email', 'x-user-email'] as const;

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : null;
}

export function readApiKey(request: FastifyRequest): string | null {
  const fromHeader = header(request, 'x-api-key');
  if (fromHeader) return fromHeader;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.api_key;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery.trim() : null;
}

export function readCredentials(request: FastifyRequest): Credentials {
  const actAs = ACT_AS_HEADERS.map((name) => header(request, name)).find((value) => value !== null);
  return {
    apiKey: readApiKey(request),
    actAsEmail: actAs ? actAs.toLowerCase() : null,
    invite: {
      firstName: header(request, 'x-api-first-name'),
      lastName: header(request, 'x-api-last-name'),
      role: header(request, 'x-api-role'),
    },
  };
}
