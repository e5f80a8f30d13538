import net, { type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentContract } from '../helpers/contract.ts';
import { useTestApp } from '../helpers/app.ts';
import { createCompany, createUserWithKey, type UserWithKey } from '../helpers/factories.ts';
import { useDemoWorld } from '../helpers/demo.ts';

/**
 * The edges of the API contract: what the HTTP layer answers around the operations (methods a
 * path does not take, requests Node's parser refuses), and what the OpenAPI document declares
 * about them.
 */
const t = useTestApp({ BODY_LIMIT_BYTES: '2048' });
const world = useDemoWorld(t);
type Json = Record<string, any>;
let document: Json;
let contract: DocumentContract;
let user: UserWithKey;
let port: number;

beforeAll(async () => {
  document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  contract = new DocumentContract(document);
  user = await createUserWithKey(t.db, 'staff', await createCompany(t.db));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const ORDER_ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

/** A documented path with its ids filled in. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, ORDER_ID);

/** An answer is the error envelope, with the request id of its X-Request-Id header. */
function expectEnvelope(status: number, headers: Json, body: Json, code: string): void {
  expect(body).toEqual({
    success: false,
    error: { code, message: expect.any(String), details: [] },
    request_id: headers['x-request-id'],
  });
  expect(body.request_id).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  // The envelope as the document declares it (the shared 404 answer of any route with an id).
  expect(contract.check('GET', '/api/v1/orders/:order_id', 404, 'application/json', body)).toBeNull();
  expect(status).toBeGreaterThanOrEqual(400);
}

/** Sends bytes as they are (what app.inject cannot: a request Node's parser refuses) and reads the answer. */
function sendRaw(request: string): Promise<{ status: number; headers: Json; body: Json }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body || 'null') });
    });
    socket.end(request);
  });
}

describe('405 Method Not Allowed', () => {
  it('every documented path answers a method it does not take with 405, Allow and the envelope', async () => {
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Json>)) {
      const taken = METHODS.filter((method) => method in operations).map((m) => m.toUpperCase());
      const allow = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
        (m) => taken.includes(m) || (m === 'HEAD' && taken.includes('GET')),
      );
      for (const method of METHODS.filter((m) => !(m in operations))) {
        const response = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: concrete(path),
          headers: { 'x-api-key': user.key, 'content-type': 'application/json' },
          // Whatever the body: the method is refused before it is read.
          payload: method === 'get' ? undefined : '{"broken',
        });
        expect(response.statusCode, `${method} ${path}`).toBe(405);
        expect(response.headers.allow, `${method} ${path}`).toBe(allow.join(', '));
        expectEnvelope(405, response.headers, response.json(), 'method_not_allowed');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('an unknown path is still 404 route_not_found, whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'TRACE'] as const) {
      const response = await t.app.inject({ method, url: '/api/v1/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.headers.allow).toBeUndefined();
      expectEnvelope(404, response.headers, response.json(), 'route_not_found');
    }
  });

  it('a method the HTTP parser does not know answers 405 with Allow on a known path, 404 elsewhere', async () => {
    const known = await sendRaw('FROB /api/v1/orders HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(known.status).toBe(405);
    expect(known.headers.allow).toBe('GET, HEAD, POST');
    expectEnvelope(405, known.headers, known.body, 'method_not_allowed');
    const unknown = await sendRaw('FROB /nothing-here HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(unknown.status).toBe(404);
    expectEnvelope(404, unknown.headers, unknown.body, 'route_not_found');
  });
});

describe('errors from before the route answer the envelope with a request id', () => {
  // A schema-valid search, only long: every status, many times over (q[status_name_in][]).
  const longSearch = () =>
    Array.from({ length: 700 }, () => 'q[status_name_in][]=Pending%20assignment').join('&');

  it('431: a query string over the header limit, read by Node before Fastify', async () => {
    const answer = await sendRaw(
      `GET /api/v1/orders?${longSearch()} HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${user.key}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expectEnvelope(431, answer.headers, answer.body, 'headers_too_large');
    // Declared, on every operation, with the envelope.
    expect(contract.check('GET', '/api/v1/orders', 431, 'application/json', answer.body)).toBeNull();
    for (const operations of Object.values(document.paths as Record<string, Json>))
      for (const operation of Object.values(operations))
        expect(operation.responses['431']).toEqual({ $ref: '#/components/responses/HeadersTooLarge' });
  });

  it('431 keeps the caller’s X-Request-Id when it was read before the limit; fetch reads the answer', async () => {
    const answer = await sendRaw(
      `GET /api/v1/orders HTTP/1.1\r\nHost: x\r\nX-Request-Id: lender-42.abc\r\nX-Padding: ${'p'.repeat(40_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.body.request_id).toBe('lender-42.abc');
    const viaFetch = await fetch(`http://127.0.0.1:${port}/api/v1/orders?${longSearch()}`);
    expect(viaFetch.status).toBe(431);
    expectEnvelope(
      431,
      { 'x-request-id': viaFetch.headers.get('x-request-id') },
      (await viaFetch.json()) as Json,
      'headers_too_large',
    );
  });

  it('400: a request the parser cannot read', async () => {
    const answer = await sendRaw('GET /healthz HTTP/1.1\r\nBad Header: x\r\n\r\n');
    expect(answer.status).toBe(400);
    expectEnvelope(400, answer.headers, answer.body, 'bad_request');
  });

  it('413, 415 and an unknown route: the envelope, the request id in the body and the header', async () => {
    const send = (payload: string, contentType: string, url = '/api/v1/api_keys') =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'x-api-key': user.key, 'content-type': contentType },
        payload,
      });
    const tooLarge = await send(JSON.stringify({ label: 'x'.repeat(5000) }), 'application/json');
    expect(tooLarge.statusCode).toBe(413);
    expectEnvelope(413, tooLarge.headers, tooLarge.json(), 'payload_too_large');
    const unsupported = await send('label: ci', 'text/yaml');
    expect(unsupported.statusCode).toBe(415);
    expectEnvelope(415, unsupported.headers, unsupported.json(), 'unsupported_media_type');
    const noRoute = await send('{}', 'application/json', '/api/v1/nothing-here');
    expect(noRoute.statusCode).toBe(404);
    expectEnvelope(404, noRoute.headers, noRoute.json(), 'route_not_found');
  });
});

describe('closed sets are enums', () => {
  it('error.code: every code the service has, each with its status, meaning and documented anchor', async () => {
    const { ERROR_STATUS } = await import('../../src/errors/app-error.ts');
    const fs = await import('node:fs/promises');
    const doc = await fs.readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const code = document.components.schemas.Error.properties.error.properties.code;
    expect([...code.enum].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    expect(code.enum).toContain('method_not_allowed');
    for (const [name, status] of Object.entries(ERROR_STATUS)) {
      expect(code['x-enumDescriptions'][name]).toMatch(
        new RegExp(`^${status}: .+\\(docs/api\\.md#error-${name}\\)$`),
      );
      expect(doc, name).toContain(`<a id="error-${name}"></a>**\`${name}\`** (${status})`);
    }
    // An answer with a code the document does not declare breaks the contract.
    const unknown = { success: false, error: { code: 'oops', message: 'x', details: [] }, request_id: 'r' };
    expect(contract.check('GET', '/api/v1/orders/:order_id', 404, 'application/json', unknown)).toMatch(
      /enum|allowed/,
    );
  });

  it('the other closed sets: statuses, actions, payment methods, event types, roles, queues', async () => {
    const { STATUSES } = await import('../../src/workflow/statuses.ts');
    const { ENDPOINT_ACTIONS } = await import('../../src/workflow/transitions.ts');
    const { PAYMENT_METHODS, ROLES } = await import('../../src/db/schema.ts');
    const { EVENT_TYPE_NAMES } = await import('../../src/events/event-types.ts');
    const { LOAN_TYPES, TRANSACTION_TYPES } = await import('../../src/orders/order.enums.ts');
    const schemas = document.components.schemas as Record<string, Json>;
    const named = (node: Json): Json =>
      typeof node.$ref === 'string' ? named(schemas[node.$ref.split('/').pop()!]!) : node;
    const at = (path: string): Json =>
      named(
        path.split('.').reduce((node: Json, key) => (key === '[]' ? node.items : node[key]) as Json, schemas),
      );
    const data = (event: string, field: string) => `${event}.properties.data.properties.${field}`;
    const expected: [string, readonly string[]][] = [
      ['Order.properties.allowed_transitions.[]', ENDPOINT_ACTIONS.map((a) => a.action)],
      ['Order.properties.payment_method', PAYMENT_METHODS],
      ['Order.properties.loan_type', LOAN_TYPES],
      ['OrderListItem.properties.loan_type', LOAN_TYPES],
      ['OrderListItem.properties.transaction_type', TRANSACTION_TYPES],
      ['OrderStatus.properties.name', STATUSES],
      ['HistoryEntry.properties.to', STATUSES],
      [data('OrderStatusChangedEvent', 'from'), STATUSES],
      [data('OrderStatusChangedEvent', 'to'), STATUSES],
      [data('OrderCreatedEvent', 'status'), STATUSES],
      [data('OrderCreatedEvent', 'loan_type'), LOAN_TYPES],
      ['WebhookDelivery.properties.event_type', EVENT_TYPE_NAMES],
      ['WebhookDelivery.properties.status', ['pending', 'delivered', 'failed']],
      ['Webhook.properties.event_types.[]', EVENT_TYPE_NAMES],
      ['CreateWebhookRequest.properties.event_types.[]', [...EVENT_TYPE_NAMES, '*']],
      ['Session.properties.user.properties.role', ROLES],
      ['ClientConfiguration.properties.companies.[].properties.payment_methods.[]', PAYMENT_METHODS],
      ['UpdatePaymentMethodRequest.properties.payment_method', PAYMENT_METHODS],
    ];
    for (const [path, values] of expected) expect(at(path).enum, path).toEqual([...values]);
    expect(at('OrderQueues.properties.data.[].properties.id').enum).toContain('offers');
    expect(at('HistoryEntry.properties.from').anyOf.map(named)).toContainEqual(
      expect.objectContaining({ enum: [...STATUSES] }),
    );
  });

  it('the events an order goes through match their webhook payloads, for the company and the client', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const { default: ajvFormats } = await import('ajv-formats');
    const { eventSchemaName } = await import('../../src/events/event-types.ts');
    const { eventDataSeenBy } = await import('../../src/policy/records.ts');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajvFormats.default(ajv);
    ajv.addSchema(document, 'openapi.json');
    const order = await world.toInReview();
    const events = await t.db
      .selectFrom('events')
      .select(['id', 'type', 'data', 'audience', 'created_at'])
      .where('order_id', '=', order.id)
      .execute();
    expect(new Set(events.map((e) => e.type)).size).toBeGreaterThanOrEqual(5);
    for (const event of events) {
      const validate = ajv.getSchema(
        `openapi.json#/components/schemas/${eventSchemaName(event.type as never)}`,
      )!;
      for (const party of ['company', 'client'] as const) {
        const data = eventDataSeenBy(event.type, event.audience as never, event.data as Json, party);
        if (data === null) continue;
        const payload = { id: event.id, type: event.type, timestamp: event.created_at.toISOString(), data };
        expect(validate(payload), `${event.type} for ${party}: ${JSON.stringify(validate.errors)}`).toBe(
          true,
        );
      }
    }
  });
});

describe('deprecated fields', () => {
  it('are marked deprecated, naming their replacement and their sunset', () => {
    const schemas = document.components.schemas as Record<string, Json>;
    for (const [schema, field, use] of [
      ['Order', 'point_of_contact', 'points_of_contact'],
      ['Party', 'email', 'emails'],
      ['Party', 'phone', 'phones'],
    ] as const) {
      const property = schemas[schema]!.properties[field];
      expect(property.deprecated, `${schema}.${field}`).toBe(true);
      expect(property.description).toMatch(new RegExp(`use ${use}\\. Sunset: .*#deprecated-fields`));
      expect(schemas[schema]!.properties[use].deprecated).toBeUndefined();
    }
  });
});

describe('file parts', () => {
  it('every multipart body types its file parts as bytes and gives each its encoding', () => {
    let parts = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const multipart = operation.requestBody?.content?.['multipart/form-data'];
        if (!multipart) continue;
        for (const [name, property] of Object.entries(multipart.schema.properties as Record<string, Json>)) {
          const part = property.type === 'array' ? property.items : property;
          if (part.format !== 'binary') continue;
          expect(part.contentMediaType, `${method} ${path} ${name}`).toBe('application/octet-stream');
          expect(multipart.encoding?.[name], `${method} ${path} ${name}`).toEqual({ contentType: '*/*' });
          parts += 1;
        }
        // Only the multipart encoding carries files.
        for (const type of ['application/json', 'application/x-www-form-urlencoded'])
          expect(JSON.stringify(operation.requestBody.content[type] ?? {})).not.toContain('"binary"');
      }
    }
    // An upload, a note's attachments, and the workflow actions that take files.
    expect(parts).toBeGreaterThanOrEqual(4);
  });
});

describe('per_page', () => {
  it('declares its default (25) and its maximum (100), and says that larger values are clamped', () => {
    let lists = 0;
    for (const operations of Object.values(document.paths as Record<string, Json>)) {
      for (const operation of Object.values(operations)) {
        const perPage = (operation.parameters as Json[] | undefined)?.find((p) => p.name === 'per_page');
        if (!perPage) continue;
        expect(perPage.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
        expect(perPage.description ?? perPage.schema.description).toMatch(/reads as 100 \(clamped/);
        lists += 1;
      }
    }
    expect(lists).toBeGreaterThanOrEqual(4);
  });

  it('answers the default without per_page, and 100 for anything larger, never refusing it', async () => {
    const pageSize = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders${query}`,
        headers: { 'x-api-key': world.staff },
      });
      expect(response.statusCode, query).toBe(200);
      return response.json().pagination.per_page as number;
    };
    expect(await pageSize('')).toBe(25);
    expect(await pageSize('?per_page=100')).toBe(100);
    expect(await pageSize('?per_page=101')).toBe(100);
    expect(await pageSize('?per_page=1000000000')).toBe(100);
    const zero = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders?per_page=0',
      headers: { 'x-api-key': world.staff },
    });
    expect(zero.statusCode).toBe(422);
  });
});

describe('the validation rules the server applies are in the schemas', () => {
  const parameter = (name: string) => document.components.parameters[name] as Json;

  it('Idempotency-Key: the declared pattern is the one the server holds keys to', async () => {
    const { schema } = parameter('IdempotencyKey');
    expect(schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
    const pattern = new RegExp(schema.pattern as string);
    for (const key of ['retry-42', 'a'.repeat(255), 'with space', 'é', 'a'.repeat(256)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api_keys',
        headers: { 'x-api-key': user.key, 'idempotency-key': key },
        payload: { label: `key ${key.length}` },
      });
      expect(response.statusCode, key).toBe(pattern.test(key) ? 201 : 422);
      if (!pattern.test(key)) expect(response.json().error.details[0].field).toBe('Idempotency-Key');
    }
  });

  it('X-Request-Id: any value is taken (a bad one replaced); the answered id has the declared shape', async () => {
    expect(parameter('XRequestId').schema).toEqual({ type: 'string' });
    const answered = new RegExp(document.components.headers['X-Request-Id'].schema.pattern as string);
    for (const id of ['lender-42.abc', 'has spaces <and> marks', 'x'.repeat(200)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': id },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toMatch(answered);
      expect(response.headers['x-request-id'] === id).toBe(answered.test(id));
    }
  });

  it('date filters: the declared pattern takes exactly the shapes the list takes', async () => {
    const filter = (document.paths['/api/v1/orders'].get.parameters as Json[]).find(
      (p) => p.name === 'q[due_date_lteq]',
    )!;
    const pattern = new RegExp(filter.schema.pattern as string);
    const shapes = [
      '2037-12-31',
      '12/31/2037',
      '1/5/2026',
      '2037-12-31T17:00',
      '2037-12-31 17:00:59',
      '2037-12-31T17:00:00.123456',
      '2037-12-31T17:00Z',
      '2037-12-31T17:00:00+05:30',
      '2037-12-31T17:00-0500',
      '2037-12-31t17:00z',
      '2037-12-31t17:00',
      '12/31/2037 17:00',
      '12/31/2037 5:00:30',
      '2037-12-31T17',
      '31-12-2026',
      '0999-01-01',
      '2026/12/31',
      'tomorrow',
      '2037-12-31T17:00:00.1234567',
      '12/31/26',
      '2037-12-31Z',
      '2037-12-31T17:00+5',
    ];
    for (const value of shapes) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders?q[due_date_lteq]=${encodeURIComponent(value)}`,
        headers: { 'x-api-key': world.staff },
      });
      expect(response.statusCode, value).toBe(pattern.test(value) ? 200 : 422);
    }
    // The right shape, an impossible date: refused all the same.
    for (const value of ['2026-02-30', '02/30/2037']) expect(pattern.test(value)).toBe(true);
  });

  it('webhook URLs are URIs', () => {
    const schemas = document.components.schemas as Record<string, Json>;
    for (const schema of ['CreateWebhookRequest', 'UpdateWebhookRequest', 'Webhook', 'WebhookWithSecret'])
      expect(schemas[schema]!.properties.url.format, schema).toBe('uri');
  });
});

describe('links', () => {
  it('a created order links to its detail, its history and every action, by its id', async () => {
    const { ENDPOINT_ACTIONS } = await import('../../src/workflow/transitions.ts');
    const links = document.paths['/api/v1/orders'].post.responses['201'].links as Record<string, Json>;
    const operations = new Map<string, [string, string]>();
    for (const [path, methods] of Object.entries(document.paths as Record<string, Json>))
      for (const [method, operation] of Object.entries(methods))
        operations.set(operation.operationId, [method, path]);
    expect(Object.keys(links)).toEqual(
      expect.arrayContaining(['getOrder', 'getOrderHistory', 'acceptAssignment', 'cancel', 'place']),
    );
    expect(Object.keys(links)).toHaveLength(2 + ENDPOINT_ACTIONS.length);
    for (const [name, link] of Object.entries(links)) {
      const [, path] = operations.get(link.operationId as string) ?? [];
      expect(path, name).toMatch(/^\/api\/v1\/orders\/\{order_id\}/);
      expect(link.parameters).toEqual({ order_id: '$response.body#/id' });
      expect(link.description).toEqual(expect.any(String));
    }
    // Following the link: the created order's id opens its detail.
    const { placeOrder } = await import('../helpers/orders.ts');
    const created = await placeOrder(t.app, t.db, world.demo);
    const detail = await t.app.inject({
      method: 'GET',
      url: operations.get('getOrder')![1].replace('{order_id}', created.id),
      headers: { 'x-api-key': world.client },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().id).toBe(created.id);
  });
});

describe('examples', () => {
  const pointer = (...segments: string[]) =>
    segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const validator = async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const { default: ajvFormats } = await import('ajv-formats');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajvFormats.default(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(document, 'openapi.json');
    return (at: string, value: unknown): string | null => {
      const validate = ajv.compile({ $ref: `openapi.json#/${at}` });
      return validate(value) ? null : `${at}: ${JSON.stringify(validate.errors?.slice(0, 3))}`;
    };
  };
  const operations = () =>
    (['paths', 'webhooks'] as const).flatMap((section) =>
      Object.entries(document[section] as Record<string, Json>).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          at: pointer(section, path, method),
          operation: operation as Json,
        })),
      ),
    );

  it('every operation shows an example of each body and each answer, and each is valid', async () => {
    const check = await validator();
    const problems: string[] = [];
    let shown = 0;
    for (const { at, operation } of operations()) {
      const media: [string, Json][] = [
        ...Object.entries((operation.requestBody?.content ?? {}) as Record<string, Json>).map(
          ([type, m]): [string, Json] => [`${at}/requestBody/content/${pointer(type)}`, m],
        ),
        ...Object.entries(operation.responses as Record<string, Json>)
          .filter(([status]) => status.startsWith('2'))
          .flatMap(([status, response]) =>
            Object.entries((response.content ?? {}) as Record<string, Json>).map(
              ([type, m]): [string, Json] => [`${at}/responses/${status}/content/${pointer(type)}`, m],
            ),
          ),
      ];
      for (const [where, m] of media) {
        if (m.example === undefined) problems.push(`${where}: no example`);
        else problems.push(check(`${where}/schema`, m.example) ?? '');
        shown += 1;
      }
      for (const [index, parameter] of ((operation.parameters ?? []) as Json[]).entries()) {
        if (parameter.in !== 'path') continue;
        if (parameter.example === undefined) problems.push(`${at} ${parameter.name}: no example`);
        else problems.push(check(`${at}/parameters/${index}/schema`, parameter.example) ?? '');
      }
    }
    for (const [name, parameter] of Object.entries(document.components.parameters as Record<string, Json>)) {
      if (parameter.example === undefined) problems.push(`${name}: no example`);
      else problems.push(check(pointer('components', 'parameters', name, 'schema'), parameter.example) ?? '');
    }
    expect(problems.filter(Boolean)).toEqual([]);
    // Every operation of the API and every webhook, each with at least an answer or a body.
    expect(operations().length).toBeGreaterThanOrEqual(118);
    expect(shown).toBeGreaterThanOrEqual(230);
  });

  it('every shared error answer shows an example of each code of its status, each the envelope', async () => {
    const { ERROR_STATUS } = await import('../../src/errors/app-error.ts');
    const { ERROR_RESPONSES } = await import('../../src/http/openapi-document.ts');
    const check = await validator();
    const shown = new Set<string>();
    for (const [status, { name }] of Object.entries(ERROR_RESPONSES)) {
      const examples = document.components.responses[name].content['application/json'].examples as Record<
        string,
        { value: Json; summary: string }
      >;
      for (const [code, { value, summary }] of Object.entries(examples)) {
        expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], code).toBe(Number(status));
        expect(value.error.code).toBe(code);
        expect(summary).toEqual(expect.any(String));
        expect(
          check(pointer('components', 'responses', name, 'content', 'application/json', 'schema'), value),
        ).toBeNull();
        shown.add(code);
      }
    }
    // The two codes no operation answers (before any operation is found) have no shared answer.
    expect(
      Object.keys(ERROR_STATUS)
        .filter((code) => !shown.has(code))
        .sort(),
    ).toEqual(['method_not_allowed', 'request_timeout']);
  });

  it('come from one set of values: each named example is of a schema the document has, and valid', async () => {
    const { API_EXAMPLES } = await import('../../src/examples/index.ts');
    const check = await validator();
    const schemas = document.components.schemas as Record<string, Json>;
    for (const [name, value] of Object.entries(API_EXAMPLES.schemas)) {
      expect(schemas[name], name).toBeDefined();
      expect(check(pointer('components', 'schemas', name), value)).toBeNull();
    }
    // The document shows the set's values, not others: the created order is the set's order.
    const created = document.paths['/api/v1/orders'].post.responses['201'].content['application/json'];
    expect(created.example).toEqual(API_EXAMPLES.schemas.Order);
    expect(document.paths['/api/v1/orders/{order_id}'].get.parameters[0].example).toBe(
      (API_EXAMPLES.schemas.Order as Json).id,
    );
    // Each scalar property shows a value from the set (what Redocly's scalar-property-missing-example asks).
    const missing: string[] = [];
    const walk = (node: Json, at: string) => {
      for (const [key, property] of Object.entries((node.properties ?? {}) as Record<string, Json>)) {
        if (['string', 'integer', 'number', 'boolean'].includes(property.type as string))
          if (property.examples === undefined) missing.push(`${at}.${key}`);
        walk(property, `${at}.${key}`);
      }
      if (node.items) walk(node.items as Json, `${at}[]`);
      for (const variant of (node.anyOf ?? []) as Json[]) walk(variant, at);
    };
    for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
    expect(missing).toEqual([]);
  });
});
