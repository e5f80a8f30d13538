import type { RouteOptions } from 'fastify';
import { ERROR_RESPONSES } from './openapi-document.ts';

/**
 * What the OpenAPI document says of each route, derived from what the route declares as it is
 * registered (an onRoute hook), so that a new route cannot forget it:
 * - every error the route can answer, each with the `Error` schema: 500 everywhere, 400 (a URL or body that
 *   cannot be read), 401 and 403 (every /api/v1 route: no key; a role or an X-Api-Email it may
 *   not use), 404 (a route with ids in its path), 409 (a change under /api/v1: a status that
 *   does not allow it, a concurrent change, an Idempotency-Key in use), 413 and 415 (a route
 *   with a body), 422 (input that fails validation, headers included), 429 (rate limits), 431
 *   (a request line and headers over Node's limit: any request), and the extra statuses a route
 *   names in `config.errors`;
 * - (413 and 415 apply to every method but GET: a body is read whatever the route declares)
 * - the encodings its body is taken in: JSON and form everywhere, multipart where it takes files;
 * - an operationId and a description, which every documented route must have.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error statuses the route answers beyond those derived from its shape (402 for a declined card). */
    errors?: readonly number[];
    /** The body as documented, where the route reads the body itself (several accepted shapes). */
    documentedBody?: unknown;
    /**
     * OpenAPI links of the route's answers, by status: the operations a client can call next
     * with values of the answer (`$response.body#/id`).
     */
    links?: Record<number, Record<string, ResponseLink>>;
  }
}

/** An OpenAPI link: the operation, and where its parameters come from in the answer. */
export interface ResponseLink {
  operationId: string;
  parameters: Record<string, string>;
  description: string;
}

const errorResponse = (status: number) => ({
  $ref: 'Error#',
  description: ERROR_RESPONSES[status]?.description ?? 'An error',
});

type Schema = {
  hide?: boolean;
  operationId?: string;
  description?: string;
  summary?: string;
  params?: unknown;
  body?: unknown;
  querystring?: unknown;
  consumes?: string[];
  response?: Record<string, unknown>;
};

export function describeRoute(route: RouteOptions): void {
  const schema = route.schema as Schema | undefined;
  if (!schema || schema.hide) return;
  const where = `${[route.method].flat().join(',')} ${route.url}`;
  if (!schema.operationId) throw new Error(`${where}: a documented route needs an operationId`);
  if (!schema.description) throw new Error(`${where}: a documented route needs a description`);
  const methods = [route.method].flat();
  const authenticated = route.url.startsWith('/api/v1');
  const changes = !methods.includes('GET');
  const takesBody = schema.body !== undefined;
  const statuses = new Set<number>([400, 422, 429, 431, 500, ...(route.config?.errors ?? [])]);
  if (authenticated) [401, 403].forEach((s) => statuses.add(s));
  if (schema.params !== undefined) statuses.add(404);
  if (authenticated && changes) statuses.add(409);
  // Any method but GET may carry a body, read (and refused) whatever the route declares.
  if (changes) [413, 415].forEach((s) => statuses.add(s));
  const response = (schema.response ??= {});
  for (const status of [...statuses].sort()) response[status] ??= errorResponse(status);
  if (takesBody) {
    schema.consumes ??= [
      'application/json',
      'application/x-www-form-urlencoded',
      ...(route.config?.uploads ? ['multipart/form-data'] : []),
    ];
  }
}
