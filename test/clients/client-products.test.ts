import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { placeOrder } from '../helpers/orders.ts';

/** Which products a client may order, and its own fees: GET and PUT /clients/{id}/products. */
const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
});

type Products = {
  products: { id: string; name: string; standard_fee: string; offered: boolean; fee: string | null }[];
};
const call = (method: 'GET' | 'PUT', key: string, payload?: object, clientId = demo.client_id) =>
  t.app.inject({
    method,
    url: `/api/v1/clients/${clientId}/products`,
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });

describe("a client's products and fees", () => {
  it('lists every product of the company with what the client is offered', async () => {
    const response = await call('GET', demo.users.staff.api_key);
    expect(response.statusCode).toBe(200);
    const { products } = response.json<Products>();
    expect(products.length).toBeGreaterThan(1);
    expect(products.every((p) => p.offered && p.fee === null)).toBe(true);
    expect(products.find((p) => p.name === 'Full Appraisal (1004)')?.standard_fee).toBe('450.00');
  });

  it("sets a fee of the client's own, which its new orders are charged", async () => {
    const { products } = (await call('GET', demo.users.staff.api_key)).json<Products>();
    const full = products.find((p) => p.name === 'Full Appraisal (1004)')!;
    const rest = products.filter((p) => p.id !== full.id && p.name !== 'Desktop Appraisal (1004 Desktop)');
    const response = await call('PUT', demo.users.staff.api_key, {
      products: [{ product_id: full.id, fee: '395.50' }, ...rest.map((p) => ({ product_id: p.id }))],
    });
    expect(response.statusCode).toBe(200);
    const after = response.json<Products>().products;
    expect(after.find((p) => p.id === full.id)).toMatchObject({
      offered: true,
      fee: '395.50',
      standard_fee: '450.00',
    });
    expect(after.find((p) => p.name === 'Desktop Appraisal (1004 Desktop)')?.offered).toBe(false);
    const order = await placeOrder(t.app, t.db, demo, { product_ids: [full.id] });
    const stored = await t.db
      .selectFrom('orders')
      .select('total_fee_cents')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(String(stored.total_fee_cents)).toBe('39550');
  });

  it('refuses bad input with 422 naming the field, and changes nothing', async () => {
    const before = await t.db
      .selectFrom('client_products')
      .selectAll()
      .where('client_id', '=', demo.client_id)
      .execute();
    const { products } = (
      await call('GET', other.users.staff.api_key, undefined, other.client_id)
    ).json<Products>();
    const foreign = await call('PUT', demo.users.staff.api_key, {
      products: [{ product_id: products[0]!.id }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.details[0].field).toBe('products[0].product_id');
    const badFee = await call('PUT', demo.users.staff.api_key, {
      products: [{ product_id: products[0]!.id, fee: 'ten' }],
    });
    expect(badFee.statusCode).toBe(422);
    expect(badFee.json().error.details[0].field).toBe('products[0].fee');
    expect((await call('PUT', demo.users.staff.api_key, {})).statusCode).toBe(422);
    expect(
      await t.db.selectFrom('client_products').selectAll().where('client_id', '=', demo.client_id).execute(),
    ).toEqual(before);
  });

  it("is for the company's staff (its admins change it); another company's client is not found", async () => {
    expect((await call('GET', other.users.staff.api_key)).statusCode).toBe(404);
    expect((await call('GET', demo.users.client.api_key)).statusCode).toBe(403);
    const plain = await createUserWithKey(t.db, 'staff', { id: demo.company_id, name: 'Demo company' });
    expect((await call('GET', plain.key)).statusCode).toBe(200);
    expect((await call('PUT', plain.key, { products: [] })).statusCode).toBe(403);
  });
});
