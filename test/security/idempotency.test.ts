import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { sandboxProvider } from '../../src/cards/card-processor.ts';
import { createTimers } from '../../src/workers.ts';
import { useTestApp } from '../helpers/app.ts';
import { multipart } from '../helpers/multipart.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';

const t = useTestApp();
let demo: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
});

const count = async (table: 'orders' | 'notes' | 'order_parties' | 'organizations') =>
  (await t.db.selectFrom(table).select('id').execute()).length;
const postOrder = async (key: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { 'X-Api-Key': demo.users.client.api_key, 'Idempotency-Key': key },
    payload: body,
  });

describe('Idempotency-Key', () => {
  it('answers a retried POST with the first answer and creates nothing twice', async () => {
    const body = await orderBody(t.db, demo);
    const before = await count('orders');
    const first = await postOrder('order-retry-1', body);
    expect(first.statusCode).toBe(201);
    const retry = await postOrder('order-retry-1', body);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await count('orders')).toBe(before + 1);
    // Another key is another request.
    expect((await postOrder('order-retry-2', body)).json().id).not.toBe(first.json().id);
  });

  it('refuses the same key for a different request (422), and a malformed key', async () => {
    const body = await orderBody(t.db, demo);
    await postOrder('reused-key', body);
    const different = await postOrder('reused-key', { ...body, loan_number: 'OTHER' });
    expect(different.statusCode).toBe(422);
    expect(different.json().error.details[0].field).toBe('Idempotency-Key');
    const malformed = await postOrder('has spaces in it', body);
    expect(malformed.statusCode).toBe(422);
  });

  it('keeps nothing for a failed request, so the corrected retry runs', async () => {
    const body = await orderBody(t.db, demo);
    const failed = await postOrder('fix-and-retry', { ...body, loan_type: 'spaceship' });
    expect(failed.statusCode).toBe(422);
    const fixed = await postOrder('fix-and-retry', body);
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lets one of several simultaneous requests with a key run', async () => {
    const body = await orderBody(t.db, demo);
    const before = await count('orders');
    const answers = await Promise.all(Array.from({ length: 6 }, () => postOrder('simultaneous', body)));
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(
      new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json<{ id: string }>().id)).size,
    ).toBe(1);
    expect(await count('orders')).toBe(before + 1);
  });

  it('covers notes (multipart), parties and clients too', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    const notesBefore = await count('notes');
    for (let i = 0; i < 2; i++) {
      const { payload, headers } = multipart([['content', 'Once only']]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/notes`,
        headers: { ...headers, 'X-Api-Key': demo.users.client.api_key, 'Idempotency-Key': 'note-1' },
        payload,
      });
      expect(response.statusCode).toBe(201);
    }
    expect(await count('notes')).toBe(notesBefore + 1);

    const partiesBefore = await count('order_parties');
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/parties`,
        headers: { 'X-Api-Key': demo.users.client.api_key, 'Idempotency-Key': 'party-1' },
        payload: { party: { name: 'Al Agent', role: 'buyer_agent', poc: false } },
      });
    }
    expect(await count('order_parties')).toBe(partiesBefore + 1);

    const clientType = await t.db.selectFrom('client_types').select('id').executeTakeFirstOrThrow();
    const clientsBefore = await count('organizations');
    const clientBody = {
      organization: {
        name: 'Once Bank',
        client_type_id: clientType.id,
        add_all_products: false,
        address_attributes: { address_one: '1 Main', city: 'Austin', state: 'TX', zip: '78701' },
        contacts_attributes: [],
      },
    };
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/clients',
        headers: { 'X-Api-Key': demo.users.staff.api_key, 'Idempotency-Key': 'client-1' },
        payload: clientBody,
      });
      expect(response.statusCode).toBe(201);
    }
    expect(await count('organizations')).toBe(clientsBefore + 1);
  });

  it("is forgotten after a day, by every process's timers", async () => {
    const body = await orderBody(t.db, demo);
    expect((await postOrder('order-old-key', body)).statusCode).toBe(201);
    await sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'order-old-key'`.execute(
      t.db,
    );
    await createTimers(t.db, t.config, sandboxProvider).runOnce();
    const kept = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', 'order-old-key')
      .execute();
    expect(kept).toEqual([]);
    // The key is free again: the same request runs anew.
    const again = await postOrder('order-old-key', body);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});
