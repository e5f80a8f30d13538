import { IDEMPOTENCY_KEY } from './idempotency.ts';
import { REQUEST_ID } from './request-context.ts';
import { applyExamples, type ApiExamples } from './openapi-examples.ts';

/**
 * The last touches of the OpenAPI document, applied to the generated object:
 * - the headers every /api/v1 operation reads (X-Api-Email, X-User-Email, X-Request-Id;
 *   Idempotency-Key on POST; the invitation headers on POST /me) and answers (X-Request-Id,
 *   the RateLimit-* headers, Retry-After on 429, Idempotent-Replayed on a replayed POST);
 * - form and multipart bodies described with the field names they really use, Rails-style
 *   (`files[][attachment]`, `attachments[]`, `party[emails][]`), since that is what the
 *   service reads from those encodings; JSON bodies keep their nested shape. Each file part of
 *   a multipart body has its `encoding`: any Content-Type, the file's own.
 */
type Json = Record<string, unknown>;

/** The shapes the service holds these headers to (http/idempotency.ts, http/request-context.ts). */
const IDEMPOTENCY_KEY_PATTERN = IDEMPOTENCY_KEY.source;
const REQUEST_ID_PATTERN = REQUEST_ID.source;

const PARAMETERS: Record<string, Json> = {
  XApiEmail: {
    name: 'X-Api-Email',
    in: 'header',
    required: false,
    description:
      "Act for this user (their permissions apply): only a user the key's owner administers; otherwise 403 cannot_act_as. On POST /me with X-Api-First-Name and X-Api-Last-Name, an unknown email is invited",
    schema: { type: 'string', format: 'email' },
  },
  XUserEmail: {
    name: 'X-User-Email',
    in: 'header',
    required: false,
    description: 'The same as X-Api-Email (either name is read)',
    schema: { type: 'string', format: 'email' },
  },
  XRequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description:
      'Your id for the request, answered back in X-Request-Id and request_id and in every log line of it: kept when it is 1 to 128 letters, digits, . _ : or -; any other value is replaced by a new id (the request is never refused for it)',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: the same key with the same request answers the first answer again (Idempotent-Replayed: true) and does nothing twice; kept 24 hours. 1 to 255 visible ASCII characters, no spaces; any other value answers 422 naming Idempotency-Key',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN },
  },
  XApiFirstName: {
    name: 'X-Api-First-Name',
    in: 'header',
    required: false,
    description: "Invitations: the invited user's first name",
    schema: { type: 'string', maxLength: 100 },
  },
  XApiLastName: {
    name: 'X-Api-Last-Name',
    in: 'header',
    required: false,
    description: "Invitations: the invited user's last name",
    schema: { type: 'string', maxLength: 100 },
  },
  XApiRole: {
    name: 'X-Api-Role',
    in: 'header',
    required: false,
    description: 'Invitations into a company: staff (default) or appraiser',
    schema: { type: 'string', enum: ['staff', 'appraiser', 'client'] },
  },
};

/** The error answers, each a shared response (components.responses) with the Error body. */
export const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'The URL or the body could not be read (broken JSON or multipart)',
  },
  401: { name: 'Unauthenticated', description: 'No API key, or an unknown or revoked one' },
  402: { name: 'PaymentDeclined', description: 'The card was declined; nothing changed' },
  403: {
    name: 'Forbidden',
    description:
      'Not allowed: your role may not do this, you may not act for the X-Api-Email user, or a signed link is expired or altered',
  },
  404: { name: 'NotFound', description: "Unknown id, or another tenant's (exactly like a missing one)" },
  409: {
    name: 'Conflict',
    description:
      "The order's status does not allow it now (allowed_transitions lists what does), a concurrent change won, or the Idempotency-Key is in use",
  },
  413: { name: 'PayloadTooLarge', description: 'The body or the files are over the limit' },
  415: { name: 'UnsupportedMediaType', description: 'A Content-Type this endpoint does not take' },
  422: { name: 'ValidationFailed', description: 'Input that fails validation: details name each field' },
  429: { name: 'RateLimited', description: 'Too many requests: retry after Retry-After seconds' },
  431: {
    name: 'HeadersTooLarge',
    description:
      'The request line and headers together are over 16 KiB (a long query string counts): search with fewer or shorter q[...] terms',
  },
  500: {
    name: 'InternalError',
    description:
      'Something failed on the service side; nothing was half done, and request_id finds it in the log',
  },
  503: { name: 'ServiceUnavailable', description: 'The database does not answer' },
};

const HEADERS: Record<string, Json> = {
  'X-Request-Id': {
    description: "The request's id: yours, or one made up; in every log line of it",
    schema: { type: 'string', pattern: REQUEST_ID_PATTERN },
  },
  'RateLimit-Limit': { description: 'Requests allowed in the window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window starts again', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
  'Idempotent-Replayed': {
    description:
      'true when the answer is the kept answer of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};

const ref = (kind: 'parameters' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const headerRef = (name: string) => ref('headers', name);

export function completeDocument(document: Json, examples?: ApiExamples): Json {
  const components = (document.components ??= {}) as Json;
  components.parameters = { ...(components.parameters as Json | undefined), ...PARAMETERS };
  components.headers = { ...(components.headers as Json | undefined), ...HEADERS };
  const schemas = (components.schemas ?? {}) as Record<string, Json>;
  components.responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
      name,
      {
        description,
        headers: responseHeaders(status, false),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  const paths = document.paths as Record<string, Record<string, Json>>;
  for (const [path, operations] of Object.entries(paths)) {
    paths[path] = inMethodOrder(operations);
    for (const [method, operation] of Object.entries(paths[path])) {
      placeLinks(operation);
      describeArrayParameters(operation);
      describeHeaders(path, method, operation);
      describeEncodings(operation, schemas);
    }
  }
  dropUnreferencedSchemas(document, schemas);
  if (examples) applyExamples(document, examples, ERROR_RESPONSES);
  return document;
}

/** A path's operations in the usual order (GET first), whatever order the routes were registered in. */
const METHOD_ORDER = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace'];
function inMethodOrder(operations: Record<string, Json>): Record<string, Json> {
  const rank = (method: string) => (METHOD_ORDER.includes(method) ? METHOD_ORDER.indexOf(method) : 99);
  return Object.fromEntries(Object.entries(operations).sort(([a], [b]) => rank(a) - rank(b)));
}

/** An array in the query string repeats its key for each value (q[status_name_in][]=a&…=b). */
function describeArrayParameters(operation: Json): void {
  for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
    if (parameter.in === 'query' && (parameter.schema as Json | undefined)?.type === 'array') {
      parameter.style = 'form';
      parameter.explode = true;
    }
  }
}

/** The route's links (config.links, carried as x-links) on the answers they follow. */
function placeLinks(operation: Json): void {
  const links = operation['x-links'] as Record<string, Json> | undefined;
  if (!links) return;
  delete operation['x-links'];
  const responses = operation.responses as Record<string, Json>;
  for (const [status, byName] of Object.entries(links)) {
    const response = responses[status];
    if (!response)
      throw new Error(`${String(operation.operationId)}: links for an answer it has not (${status})`);
    response.links = byName;
  }
}

function describeHeaders(path: string, method: string, operation: Json): void {
  const parameters = ((operation.parameters as Json[] | undefined) ?? []).slice();
  const add = (name: string) => parameters.push(ref('parameters', name));
  add('XRequestId');
  if (path.startsWith('/api/v1')) {
    add('XApiEmail');
    add('XUserEmail');
    if (method === 'post') add('IdempotencyKey');
    if (method === 'post' && path === '/api/v1/me')
      ['XApiFirstName', 'XApiLastName', 'XApiRole'].forEach(add);
  }
  operation.parameters = parameters;
  const responses = operation.responses as Record<string, Json>;
  for (const [status, response] of Object.entries(responses)) {
    const shared = ERROR_RESPONSES[Number(status)];
    const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
    if (shared && (media?.schema as Json | undefined)?.$ref === '#/components/schemas/Error') {
      responses[status] = { $ref: `#/components/responses/${shared.name}` };
      continue;
    }
    const replayable = method === 'post' && status.startsWith('2') && path.startsWith('/api/v1');
    response.headers = { ...(response.headers as Json | undefined), ...responseHeaders(status, replayable) };
    if (response.description === 'Default Response') response.description = 'Done';
  }
}

/**
 * A named body that only multipart carries is written out field by field (above), so its
 * nested schema is no longer referenced: it leaves components.schemas rather than stand there
 * unused.
 */
function dropUnreferencedSchemas(document: Json, schemas: Record<string, Json>): void {
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  visit(document.webhooks);
  visit((document.components as Json).responses);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** What every answer says in its headers: its id, the rate limit; Retry-After on 429; replays. */
function responseHeaders(status: string, replayable: boolean): Json {
  const headers: Json = { 'X-Request-Id': headerRef('X-Request-Id') };
  for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
    headers[name] = headerRef(name);
  if (status === '429') headers['Retry-After'] = headerRef('Retry-After');
  if (replayable) headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
  return headers;
}

/**
 * Form and multipart bodies as their fields are named on the wire; file parts only in
 * multipart (JSON and form cannot carry them).
 */
function describeEncodings(operation: Json, schemas: Record<string, Json>): void {
  const body = operation.requestBody as Json | undefined;
  const content = body?.content as Record<string, Json> | undefined;
  if (!body || !content) return;
  // The generator shares one media object between the encodings: each gets its own.
  body.content = Object.fromEntries(Object.entries(content).map(([type, media]) => [type, { ...media }]));
  const own = body.content as Record<string, Json>;
  // A body whose fields are all optional may be left out (it reads as {}).
  const first = Object.values(own)[0]?.schema as Json | undefined;
  if (first) {
    const resolved = resolve(first, schemas);
    body.required =
      Array.isArray(resolved.required) && resolved.required.length > 0
        ? true
        : Array.isArray(resolved.anyOf ?? resolved.oneOf);
  }
  const json = own['application/json'];
  if (json?.schema && hasBinary(resolve(json.schema as Json, schemas), schemas))
    json.schema = withoutBinary(resolve(json.schema as Json, schemas), schemas);
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    const media = own[type];
    if (!media?.schema) continue;
    const flat = { properties: {} as Record<string, Json>, required: [] as string[] };
    flatten(resolve(media.schema as Json, schemas), '', true, false, flat, schemas);
    if (type !== 'multipart/form-data') dropBinary(flat);
    else media.encoding = fileEncodings(flat.properties);
    media.schema = {
      type: 'object',
      properties: flat.properties,
      ...(flat.required.length ? { required: flat.required } : {}),
      additionalProperties: false,
      description:
        'Field names follow the Rails convention: a[] repeats for each element of an array, a[b] nests, a[][b] builds an array of objects',
    };
  }
}

const isBinaryField = (schema: Json): boolean =>
  schema.format === 'binary' ||
  (schema.type === 'array' && (schema.items as Json | undefined)?.format === 'binary');

/** Each file part of a multipart body is sent with the file's own media type, whatever it is. */
function fileEncodings(properties: Record<string, Json>): Json {
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, schema]) => isBinaryField(schema))
      .map(([name]) => [name, { contentType: '*/*' }]),
  );
}

function dropBinary(flat: { properties: Record<string, Json>; required: string[] }): void {
  for (const [name, schema] of Object.entries(flat.properties)) {
    if (!isBinaryField(schema)) continue;
    delete flat.properties[name];
    flat.required = flat.required.filter((r) => r !== name);
  }
}

function hasBinary(schema: Json, schemas: Record<string, Json>): boolean {
  if (isBinaryField(schema)) return true;
  const children = [
    ...Object.values((schema.properties as Record<string, Json> | undefined) ?? {}),
    ...((schema.anyOf ?? schema.oneOf ?? []) as Json[]),
    ...(schema.items ? [schema.items as Json] : []),
  ];
  return children.some((child) => hasBinary(resolve(child, schemas), schemas));
}

/** A JSON body's schema without its file fields (a file travels only in multipart). */
function withoutBinary(schema: Json, schemas: Record<string, Json>): Json {
  if (schema.type === 'object' && schema.properties) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Json>)
        .filter(([, child]) => !isBinaryField(resolve(child, schemas)))
        .map(([key, child]) => [key, withoutBinary(resolve(child, schemas), schemas)]),
    );
    const required = ((schema.required as string[] | undefined) ?? []).filter((key) => key in properties);
    const copy: Json = { ...schema, properties };
    if (required.length) copy.required = required;
    else delete copy.required;
    return copy;
  }
  if (schema.type === 'array' && schema.items)
    return { ...schema, items: withoutBinary(resolve(schema.items as Json, schemas), schemas) };
  return schema;
}

function resolve(schema: Json, schemas: Record<string, Json>): Json {
  const target = schema.$ref;
  if (typeof target !== 'string') return schema;
  const name = target.replace(/^#\/components\/schemas\//, '');
  return resolve(schemas[name] ?? {}, schemas);
}

function flatten(
  schema: Json,
  name: string,
  required: boolean,
  repeated: boolean,
  out: { properties: Record<string, Json>; required: string[] },
  schemas: Record<string, Json>,
): void {
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) {
    const object = variants
      .map((v) => resolve(v, schemas))
      .find((v) => v.type === 'object' || v.type === 'array');
    if (object) return flatten(object, name, required, repeated, out, schemas);
  }
  if (schema.type === 'object' && schema.properties) {
    const own = new Set((schema.required as string[] | undefined) ?? []);
    for (const [key, child] of Object.entries(schema.properties as Record<string, Json>)) {
      flatten(
        resolve(child, schemas),
        name ? `${name}[${key}]` : key,
        required && own.has(key),
        repeated,
        out,
        schemas,
      );
    }
    return;
  }
  if (schema.type === 'array' && schema.items) {
    const items = resolve(schema.items as Json, schemas);
    if (items.type === 'object') return flatten(items, `${name}[]`, required, true, out, schemas);
    out.properties[`${name}[]`] = {
      type: 'array',
      items,
      ...(schema.description ? { description: schema.description } : {}),
    };
    if (required) out.required.push(`${name}[]`);
    return;
  }
  out.properties[name] = repeated ? { type: 'array', items: schema } : schema;
  if (required) out.required.push(name);
}
