import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentContract } from '../helpers/contract.ts';
import { useTestApp } from '../helpers/app.ts';
import { createCompany, createUserWithKey, type UserWithKey } from '../helpers/factories.ts';

/**
 * The edges of the API contract: what the HTTP layer answers around the operations (methods a
 * path does not take, requests Node's parser refuses), and what the OpenAPI document declares
 * about them.
 */
const t = useTestApp({ BODY_LIMIT_BYTES: '2048' });
type Json = Record<string, any>;
let document: Json;
let contract: DocumentContract;
let user: UserWithKey;

beforeAll(async () => {
  document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  contract = new DocumentContract(document);
  user = await createUserWithKey(t.db, 'staff', await createCompany(t.db));
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
});
