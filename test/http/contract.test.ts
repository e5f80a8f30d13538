import { describe, expect, it } from 'vitest';
import { DocumentContract } from '../helpers/contract.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * The check every answer of the suite goes through (helpers/contract.ts) catches what it is
 * there to catch: an undocumented status, an undocumented Content-Type, a body that does not
 * match its schema, an error body that is not the envelope.
 */
const t = useTestApp();
const world = useDemoWorld(t);

const contractOf = async () =>
  new DocumentContract((await t.app.inject({ method: 'GET', url: '/openapi.json' })).json());

describe('the answers contract', () => {
  it('passes a real answer and refuses one that differs from the document', async () => {
    const contract = await contractOf();
    const order = await placeOrder(t.app, t.db, world.demo);
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: { 'x-api-key': world.client },
    });
    const route = '/api/v1/orders/:order_id';
    expect(contract.check('GET', route, 200, 'application/json; charset=utf-8', answer.json())).toBeNull();
    // A field of the wrong type, a field missing.
    const { file_number: _missing, ...withoutFileNumber } = answer.json();
    expect(contract.check('GET', route, 200, 'application/json', { ...withoutFileNumber, id: 42 })).toMatch(
      /file_number|id/,
    );
    // A status the operation does not document, a Content-Type it does not answer.
    expect(contract.check('GET', route, 418, 'application/json', {})).toMatch(/status 418 is not documented/);
    expect(contract.check('GET', route, 200, 'text/html', '<p>')).toMatch(/Content-Type text\/html/);
    // Errors answer the envelope, wherever the shared response is used.
    expect(contract.check('GET', route, 404, 'application/json', { message: 'nope' })).toMatch(
      /success|error/,
    );
    expect(
      contract.check('GET', route, 404, 'application/json', {
        success: false,
        error: { code: 'not_found', message: 'The order was not found', details: [] },
        request_id: 'r1',
      }),
    ).toBeNull();
  });

  it('leaves undocumented routes (hosted pages, the document itself) alone', async () => {
    const contract = await contractOf();
    expect(contract.check('GET', '/pay/:order_id', 200, 'text/html', '<html>')).toBeNull();
  });
});
