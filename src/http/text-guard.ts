import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { VALUE_HEADERS } from './headers.ts';

/**
 * Text PostgreSQL cannot store: the NUL character, and UTF-16 halves of a character (lone
 * surrogates). Both are refused where input comes in (body, query, the headers that carry
 * values) with a 422 naming the field, rather than failing later in the database.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function firstUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value)
    ? Array.from(value, (v: unknown, i) => [String(i), v] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const child = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return child;
    const found = firstUnstorable(item, child, depth + 1);
    if (found) return found;
  }
  return null;
}

export function refuse(field: string): AppError {
  return new AppError(
    'validation_failed',
    `${field} contains characters that cannot be stored (NUL or half of a character)`,
    [{ field, message: 'contains a NUL character or a lone surrogate' }],
  );
}

export function installTextGuard(app: FastifyInstance): void {
  // onRequest for what arrives with the request line and headers; preValidation for bodies.
  app.addHook('onRequest', (request, _reply, done) => {
    for (const name of VALUE_HEADERS) {
      const value = request.headers[name];
      if (value !== undefined && firstUnstorable(value, name)) return done(refuse(name));
    }
    const field = firstUnstorable(request.query, '') ?? firstUnstorable(request.params, '');
    done(field ? refuse(field) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const field = firstUnstorable(request.body, '');
    done(field !== null ? refuse(field || 'body') : undefined);
  });
}
