import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

// The benchmark's ceiling routes (npm run bench): only with BENCH_ROUTES=true.
const t = useTestApp({ BENCH_ROUTES: 'true' });
let demo: DemoWorld;
let orderId: string;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  orderId = (await placeOrder(t.app, t.db, demo)).id;
});

describe('the benchmark routes', () => {
  it('read one order by primary key', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/__bench/pk/${orderId}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: orderId, status: 'Unassigned' });
  });

  it('pad the answer to about the bytes asked for', async () => {
    for (const bytes of [3_000, 40_000]) {
      const answer = await t.app.inject({ method: 'GET', url: `/__bench/pk/${orderId}?bytes=${bytes}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ id: string }>().id).toBe(orderId);
      expect(Math.abs(answer.rawPayload.length - bytes)).toBeLessThan(40);
    }
  });

  it('refuse a size that is not a whole number within bounds', async () => {
    for (const bytes of ['-1', '1000001', 'lots', '1.5']) {
      const answer = await t.app.inject({ method: 'GET', url: `/__bench/pk/${orderId}?bytes=${bytes}` });
      expect(answer.statusCode, bytes).toBe(422);
      const body = answer.json<{ error: { code: string; details: { field: string }[] } }>();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details.map((detail) => detail.field)).toContain('bytes');
    }
  });
});

describe('without BENCH_ROUTES', () => {
  const plain = useTestApp();
  it('the routes do not exist', async () => {
    const answer = await plain.app.inject({ method: 'GET', url: '/__bench/bare' });
    expect(answer.statusCode).toBe(404);
  });
});
