import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../format/html.ts';
import { MONEY_PATTERN } from '../format/money.ts';
import { DAY_PATTERN } from '../format/dates.ts';
import { AppError, errorBody, type FieldProblem } from '../errors/app-error.ts';
import { multipartError } from './multipart.ts';

/**
 * The one place where errors become responses: the JSON error body of the decisions, with
 * the request id, for every failure — ours, Fastify's (parsing, limits, validation), and
 * unknown routes. A 5xx body never carries internals; the log has them under the request id.
 */
/**
 * `pages`: the web application, asked first whether an unknown URL is one of its pages (a
 * browser opening /orders/42 directly); its own router then shows the page or its 404.
 */
export function installErrorHandling(
  app: FastifyInstance,
  pages: () => { servePage(request: FastifyRequest, reply: FastifyReply): boolean } | null = () => null,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    if (appError.retryAfterSeconds !== null) void reply.header('retry-after', appError.retryAfterSeconds);
    if (busyPageAsked(request, appError))
      return reply
        .status(appError.status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send(busyPage(appError, reply.getHeader('retry-after'), request.id));
    return reply.status(appError.status).send(errorBody(appError, request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    if (pages()?.servePage(request, reply)) return reply;
    return reply
      .status(404)
      .send(
        errorBody(
          new AppError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}`),
          request.id,
        ),
      );
  });
}

/**
 * A browser opening a page (GET, asking for HTML) that meets a limit (429) or a busy service
 * (503) is shown a page saying so, which reloads itself when the wait is over, rather than the
 * JSON an integrator reads.
 */
function busyPageAsked(request: FastifyRequest, error: AppError): boolean {
  const accept = String(request.headers.accept ?? '');
  return (
    (error.status === 429 || error.status === 503) &&
    request.method === 'GET' &&
    /text\/html/.test(accept) &&
    !/^application\/json/.test(accept) &&
    !request.url.startsWith('/api/')
  );
}

function busyPage(error: AppError, retryAfter: unknown, requestId: string): string {
  const seconds = Math.min(300, Math.max(1, Number(retryAfter) || 30));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${seconds}"><title>Please wait a moment</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1 style="font-size: 1.4rem">Please wait a moment</h1>
<p>${escapeHtml(error.message)}</p>
<p>This page reloads by itself in ${seconds} seconds.</p>
<p style="color: #666; font-size: 0.85rem">Request ${escapeHtml(requestId)}</p>
</body></html>
`;
}

/**
 * A path the service knows, asked with a method it takes on no route there: 405
 * `method_not_allowed` with `Allow` naming the methods it does take, before the body is read.
 * Installed after the rate limits, which count it like any unknown route.
 */
export function installMethodNotAllowed(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404 && !namesMalformedId(request.params)) return done();
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(app, path);
    if (allowed.length === 0) return done();
    void reply.header('allow', allowed.join(', '));
    done(
      new AppError(
        'method_not_allowed',
        `${request.method} is not allowed on ${path}; it takes ${allowed.join(', ')}`,
      ),
    );
  });
}

/** The methods a route answers on; OPTIONS aside (CORS answers it on every path when enabled). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods some route takes on this path (a concrete path: ids filled in). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !namesMalformedId(route.params);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a route matched a path only by taking a word of it for an id: every `…_id` of the
 * service's paths is a UUID, so PATCH /orders/status_counts is not a correction of an order
 * named "status_counts" but a method /orders/status_counts does not take (405).
 */
function namesMalformedId(params: unknown): boolean {
  if (params === null || typeof params !== 'object') return false;
  return Object.entries(params).some(
    ([name, value]) => name.endsWith('_id') && typeof value === 'string' && !UUID.test(value),
  );
}

/** Fastify's own error codes that concern the request rather than the service. */
const FASTIFY_CODES: Record<string, (error: FastifyError) => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppError('invalid_json', 'The body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new AppError('invalid_json', 'The body is empty but the Content-Type says JSON'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('payload_too_large', 'The request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('unsupported_media_type', 'This endpoint does not take that Content-Type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new AppError('bad_request', 'The Content-Length does not match the body'),
  FST_ERR_CTP_INVALID_TYPE: () => new AppError('unsupported_media_type', 'The Content-Type is not valid'),
  FST_ERR_CTP_INVALID_CHARSET: () =>
    new AppError('unsupported_media_type', 'The body charset is not supported'),
};

export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  // An id in the path that is not a UUID names nothing: 404, exactly like an unknown id.
  if (fastifyError.validation && fastifyError.validationContext === 'params')
    return new AppError('not_found', 'The resource was not found');
  if (fastifyError.validation) {
    const details = withoutUnionNoise(fastifyError.validation).map((issue) =>
      toFieldProblem(fastifyError.validationContext ?? 'body', issue),
    );
    const fields = [...new Set(details.map((d) => d.field))].join(', ');
    return new AppError('validation_failed', `Invalid input: ${fields}`, details);
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return mapped(fastifyError);
  const fromMultipart = multipartError(fastifyError.code);
  if (fromMultipart) return fromMultipart;
  if (fastifyError instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('invalid_json', 'The body is not valid JSON');
  }
  // A value PostgreSQL refused as text or JSON (a safety net behind the text guard).
  const sqlState = (error as { code?: unknown }).code;
  if (sqlState === '22021' || sqlState === '22P05' || sqlState === '22P02') {
    return new AppError('validation_failed', 'A value contains characters that cannot be stored', [
      { field: 'body', message: 'contains characters that cannot be stored' },
    ]);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 429)
    return new AppError('rate_limited', fastifyError.message || 'Too many requests; retry later');
  if (status === 413) return new AppError('payload_too_large', 'The request body is too large');
  if (status === 415)
    return new AppError('unsupported_media_type', 'This endpoint does not take that Content-Type');
  if (status >= 400 && status < 500)
    return new AppError('bad_request', 'The request could not be understood');
  return new AppError(
    'internal_error',
    'Something went wrong on our side; the request id identifies it in our logs',
  );
}

/**
 * A value that fits none of the branches of "X or null" fails each of them and the union:
 * `must be >= 0`, `must be null`, `must match a schema in anyOf`. Only the first says anything
 * to a person; the other two are dropped for a field that has it.
 */
function withoutUnionNoise<I extends ValidationIssue>(issues: I[]): I[] {
  const noise = (issue: I) =>
    issue.keyword === 'anyOf' || (issue.keyword === 'type' && issue.params.type === 'null');
  const explained = new Set(issues.filter((issue) => !noise(issue)).map((issue) => issue.instancePath));
  return issues.filter((issue) => !noise(issue) || !explained.has(issue.instancePath));
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Names the failing field the way an integrator wrote it: `borrower.first_name`,
 * `product_ids[0]`. A missing property is named by itself, not by its parent.
 */
function toFieldProblem(context: string, issue: ValidationIssue): FieldProblem {
  const segments = issue.instancePath.split('/').filter(Boolean).map(decodePointer);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    segments.push(issue.params.missingProperty);
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    segments.push(issue.params.additionalProperty);
  }
  const field = segments.reduce((path, segment) => {
    if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
    return path === '' ? segment : `${path}.${segment}`;
  }, '');
  return { field: field || context, message: describe(issue) };
}

function describe(issue: ValidationIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum':
      return `must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      // A person reads a sentence, not the name of a JSON Schema format.
      if (issue.params.format === 'email') return 'Enter an email address, such as name@example.com.';
      return issue.message ?? 'is not valid';
    case 'pattern':
      // The schema's regular expression means nothing to a person: say what it asks for.
      if (issue.params.pattern === MONEY_PATTERN) return 'must be a decimal amount, e.g. 450.00';
      if (issue.params.pattern === '\\S') return 'must not be blank';
      if (issue.params.pattern === DAY_PATTERN) return 'must be a date, YYYY-MM-DD (2027-06-30)';
      return issue.message ?? 'is not valid';
    default:
      return issue.message ?? 'is not valid';
  }
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
