import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * Query strings that once answered 500: dates PostgreSQL refuses (22007, 22008) and pages whose
 * offset overflows a bigint. Each must be a 422 naming the parameter, before any SQL.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
let demo: DemoWorld;
let webhookId: string;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  await placeOrder(t.app, t.db, demo);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: { 'X-Api-Key': demo.users.client.api_key },
    payload: { url: 'https://hooks.example.com/server-errors' },
  });
  webhookId = created.json<{ id: string }>().id;
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'X-Api-Key': demo.users.staff.api_key } });

function expect422(response: Awaited<ReturnType<typeof get>>, field: string, message: RegExp) {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json<{ error: { code: string; details: { field: string; message: string }[] } }>();
  expect(body.error.code).toBe('validation_failed');
  expect(body.error.details).toContainEqual({ field, message: expect.stringMatching(message) });
}

describe('dates PostgreSQL would refuse', () => {
  const badDates: [string, string][] = [
    ['q[created_at_gt]=2026-01-01%20(foo)', 'q[created_at_gt]'],
    ['q[created_at_gt]=0000-01-01', 'q[created_at_gt]'],
    ['q[created_at_lteq]=2026-01-01T10:00%20(foo)', 'q[created_at_lteq]'],
    ['q[created_at_gteq]=10000-01-01', 'q[created_at_gteq]'],
    ['q[created_at_gteq]=0999-12-31T23:00Z', 'q[created_at_gteq]'],
    ['q[created_at_in][]=2026-01-01&q[created_at_in][]=0000-01-01', 'q[created_at_in]'],
    ['q[created_at_in][]=2026-01-01%20(foo)', 'q[created_at_in]'],
    ['q[created_at_eq]=2026-01-01T10:00:00%2B99:00', 'q[created_at_eq]'],
  ];

  it.each(badDates)('orders: %s answers 422 naming the key', async (query, field) => {
    expect422(await get(`/api/v1/orders?${query}`), field, /date/);
  });

  it('orders: q[due_date_eq]=0000-12-31 answers 422', async () => {
    expect422(await get('/api/v1/orders?q[due_date_eq]=0000-12-31'), 'q[due_date_eq]', /1000 to 9999/);
  });

  it.each(badDates)('clients: %s answers 422 naming the key', async (query, field) => {
    expect422(await get(`/api/v1/clients?${query}`), field, /date/);
  });

  it('still reads good dates, and a date-time without a zone in TIME_ZONE', async () => {
    for (const query of [
      'q[created_at_gteq]=2026-01-01',
      'q[created_at_gteq]=01/01/2037',
      'q[created_at_lt]=2999-12-31T23:59',
      'q[created_at_lt]=2999-12-31T23:59:59.5-06:00',
      'q[created_at_in][]=2026-01-01T10:00&q[created_at_in][]=2026-01-02T10:00Z',
      'q[due_date_lteq]=9999-12-31',
    ]) {
      expect((await get(`/api/v1/orders?${query}`)).statusCode, query).toBe(200);
    }
    // 23:59 in Chicago is 05:59 the next day in UTC: an order created "today" is before it.
    const now = new Date();
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    const found = await get(`/api/v1/orders?q[created_at_lt]=${tomorrow}T23:59`);
    expect(found.json<{ pagination: { total_count: number } }>().pagination.total_count).toBeGreaterThan(0);
  });
});

describe('pages beyond any list', () => {
  const lists = () => [
    '/api/v1/orders',
    '/api/v1/clients',
    '/api/v1/client_types',
    `/api/v1/webhooks/${webhookId}/deliveries`,
  ];

  it('page=400000000000000000 and page=1e20 answer 422 naming page, on every list', async () => {
    for (const list of lists()) {
      for (const page of ['400000000000000000', '1e20', '1000001']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${list}?page=${page}`,
          headers: { 'X-Api-Key': demo.users.client.api_key },
        });
        expect422(response, 'page', /1000000/);
      }
    }
  });

  it('the last allowed page answers an empty list; per_page above 100 reads as 100, however large', async () => {
    for (const list of lists()) {
      for (const perPage of ['500', '99999999999999999999']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${list}?page=1000000&per_page=${perPage}`,
          headers: { 'X-Api-Key': demo.users.client.api_key },
        });
        expect(response.statusCode, list).toBe(200);
      }
    }
  });
});
