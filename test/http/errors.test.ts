import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createCompany, createUserWithKey, type UserWithKey } from '../helpers/factories.ts';

// A small body limit so that "too large" is cheap to send.
const t = useTestApp({ BODY_LIMIT_BYTES: '2048' });
let user: UserWithKey;

beforeAll(async () => {
  user = await createUserWithKey(t.db, 'staff', await createCompany(t.db));
});

const issueKey = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/api_keys',
    headers: { 'X-Api-Key': user.key, 'Content-Type': contentType },
    payload,
  });

const keyCount = async () =>
  (await t.db.selectFrom('api_keys').select('id').where('user_id', '=', user.id).execute()).length;

describe('error responses', () => {
  it('broken JSON answers 400 invalid_json and stores nothing', async () => {
    const before = await keyCount();
    const response = await issueKey('{"label": "ci",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'invalid_json' } });
    expect(await keyCount()).toBe(before);
  });

  it('an unknown route answers 404 JSON', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { 'X-Api-Key': user.key },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'route_not_found' } });
  });

  it('an oversized body answers 413', async () => {
    const response = await issueKey(JSON.stringify({ label: 'x'.repeat(5000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('an unsupported content type answers 415', async () => {
    const response = await issueKey('label: ci', 'text/yaml');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('a validation failure answers 422 naming the field, and stores nothing', async () => {
    const before = await keyCount();
    const response = await issueKey(JSON.stringify({ label: 'x'.repeat(101) }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'label', message: expect.stringMatching(/100/) }],
    });
    const wrongType = await issueKey(JSON.stringify({ label: { nested: true } }));
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().error.details[0].field).toBe('label');
    expect(await keyCount()).toBe(before);
  });

  it('form-encoded bodies are read like JSON', async () => {
    const response = await issueKey('label=from+a+form', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      label: 'from a form',
      api_key: expect.stringMatching(/^aoms_/),
    });
  });

  it('an empty JSON body reads as an empty object', async () => {
    const response = await issueKey('');
    expect(response.statusCode).toBe(201);
  });

  it("another user's key id answers 404, a malformed one too", async () => {
    const other = await createUserWithKey(t.db, 'staff', await createCompany(t.db));
    for (const id of [other.keyId, 'not-a-uuid']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/api_keys/${id}`,
        headers: { 'X-Api-Key': user.key },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const stillWorks = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: { 'X-Api-Key': other.key },
    });
    expect(stillWorks.statusCode).toBe(200);
  });

  it("lists a user's keys without the keys themselves", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/api_keys',
      headers: { 'X-Api-Key': user.key },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(user.key);
    expect(response.json()[0]).toMatchObject({
      id: expect.any(String),
      prefix: expect.stringMatching(/^aoms_/),
    });
  });
});

describe('request ids', () => {
  it('every response carries X-Request-Id, and a sane incoming one is kept', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'X-Request-Id': 'lender-42.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('lender-42.abc');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'X-Request-Id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).not.toContain('<');
  });
});

describe('operations endpoints', () => {
  it('/healthz and /readyz answer ok', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('/openapi.json is an OpenAPI 3.1 document generated from the routes, and /docs serves', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/me', '/api/v1/api_keys', '/healthz']),
    );
    expect(document.components.securitySchemes.apiKeyHeader).toMatchObject({
      in: 'header',
      name: 'X-Api-Key',
    });
    // "Try it out" calls the host the page was opened on.
    expect(document.servers).toEqual([{ url: '/', description: 'This service' }]);
    // Every operation is named once, described, tagged with a declared tag, and answers errors
    // with the shared envelope.
    const declaredTags = new Set(document.tags.map((tag: { name: string }) => tag.name));
    const operations = Object.values(
      document.paths as Record<string, Record<string, Record<string, unknown>>>,
    ).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      expect(operation.description, String(operation.operationId)).toEqual(expect.any(String));
      for (const tag of operation.tags as string[]) expect(declaredTags.has(tag), tag).toBe(true);
      expect((operation.responses as Record<string, unknown>)['500']).toEqual({
        $ref: '#/components/responses/InternalError',
      });
    }
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Order',
        'OrderListItem',
        'Pagination',
        'Error',
        'Note',
        'File',
        'Party',
        'PaymentSummary',
        'Webhook',
        'WebhookDelivery',
        'OrderStatusChangedEvent',
      ]),
    );
    expect(
      document.paths['/api/v1/orders/{order_id}'].get.responses['200'].content['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/Order',
    });
    // A submission sends its files as multipart, under the field names the service reads; files
    // uploaded before are named by id, which JSON and forms can carry too.
    const submission = document.paths['/api/v1/orders/{order_id}/request_submission'].put.requestBody.content;
    expect(Object.keys(submission).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    expect(Object.keys(submission['multipart/form-data'].schema.properties)).toEqual(
      expect.arrayContaining(['files[][attachment]', 'files[][file_id]', 'files[][file_type]']),
    );
    expect(Object.keys(submission['application/x-www-form-urlencoded'].schema.properties)).not.toContain(
      'files[][attachment]',
    );
    // The download documents its binary content and the 403 of a bad link.
    const download = document.paths['/files/{file_id}'].get.responses;
    expect(download['200'].content['*/*'].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(download['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toMatch(/swagger/i);
  });
});

describe('text that cannot be stored, and malformed URLs', () => {
  it('refuses NUL characters and lone surrogates with 422 naming the field, storing nothing', async () => {
    const before = await keyCount();
    const nul = await issueKey(JSON.stringify({ label: 'a\u0000b' }));
    expect(nul.statusCode).toBe(422);
    expect(nul.json().error.details).toEqual([{ field: 'label', message: expect.stringMatching(/NUL/) }]);
    const surrogate = await issueKey('{"label": "half \\udfff"}');
    expect(surrogate.statusCode).toBe(422);
    const inQuery = await t.app.inject({
      method: 'GET',
      url: '/api/v1/clients?q[name_eq]=a%00',
      headers: { 'X-Api-Key': user.key },
    });
    expect(inQuery.statusCode).toBe(422);
    expect(inQuery.json().error.details[0].field).toBe('q[name_eq]');
    const inHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: { 'X-Api-Key': user.key, 'X-Api-Email': 'a\u0000@b.example' },
    });
    expect(inHeader.statusCode).toBe(422);
    expect(await keyCount()).toBe(before);
  });

  it('answers malformed URLs and over-long ids in the JSON error format', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/%zz',
      headers: { 'X-Api-Key': user.key },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      error: { code: 'bad_request' },
      request_id: expect.any(String),
    });
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${'a'.repeat(150)}`,
      headers: { 'X-Api-Key': user.key },
    });
    expect(long.statusCode).toBe(404);
    expect(long.json().error.code).toBe('not_found');
  });
});
