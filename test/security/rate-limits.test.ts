import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/auth/api-keys.ts';
import { forgetAllKeys, KEY_CACHE_TTL_MS } from '../../src/auth/key-cache.ts';
import { loadConfig } from '../../src/config/config.ts';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { addressSubject } from '../../src/http/rate-limits.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp, buildTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * Limits that once let floods through: requests without a valid key were answered 401 before
 * any limit counted them (650 × 401, no 429), each made-up key cost a database lookup, and the
 * public pages counted per presented key, so a made-up key per request was never limited.
 */
const t = useTestApp();
const apps: AppInstance[] = [];
let demo: DemoWorld;
let payLink: string;

async function limitedApp(env: Record<string, string>): Promise<AppInstance> {
  const app = await buildTestApp({
    config: loadConfig({
      DATABASE_URL: t.url,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
      RATE_LIMIT_CARD_ATTEMPTS_PER_MINUTE: '1000',
      ...env,
    }),
    db: t.db,
    logger: false,
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  demo = await seedDemo(t.db);
  const order = await placeOrder(t.app, t.db, demo, { payment_method: 'payment_link' });
  const summary = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${order.id}/payments`,
    headers: { 'X-Api-Key': demo.users.client.api_key },
  });
  const link = new URL(summary.json<{ input_credit_card_link: string }>().input_credit_card_link);
  payLink = link.pathname + link.search;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  forgetAllKeys();
});

const madeUpKey = () => `aoms_${randomBytes(32).toString('base64url')}`;
const statuses = (answers: { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>(
    (counts, a) => ({ ...counts, [a.statusCode]: (counts[a.statusCode] ?? 0) + 1 }),
    {},
  );

describe('API requests without a valid key count per client address', () => {
  it('a flood without a key gets 429 after RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE answers', async () => {
    const app = await limitedApp({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '20' });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await app.inject({ method: 'GET', url: '/api/v1/orders' }));
    expect(statuses(answers)).toEqual({ 401: 20, 429: 10 });
    const refused = answers.at(-1)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-limit']).toBe('20');
    expect(refused.json()).toMatchObject({
      success: false,
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/20 requests per minute without a valid API key/),
      },
    });
  });

  it('made-up keys share their address budget; a key that authenticated here lately still works', async () => {
    const app = await limitedApp({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10' });
    const me = (key: string) =>
      app.inject({ method: 'POST', url: '/api/v1/me', headers: { 'X-Api-Key': key } });
    expect((await me(demo.users.staff.api_key)).statusCode).toBe(200);
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await me(madeUpKey()));
    expect(statuses(answers)).toEqual({ 401: 10, 429: 5 });
    // Spent: a key that has not authenticated on this process lately is refused before any
    // lookup, even a valid one; the key that authenticated a moment ago goes on.
    expect((await me(demo.users.staff.api_key)).statusCode).toBe(200);
    expect((await me(demo.users.appraiser.api_key)).statusCode).toBe(429);
    // Still so once the lookup cache has let the key go: it is looked up again, and answered.
    await new Promise((resolve) => setTimeout(resolve, KEY_CACHE_TTL_MS + 200));
    expect((await me(demo.users.staff.api_key)).statusCode).toBe(200);
    // In the query string, under an encoded name, or on another route: the same budget.
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/clients?api%5Fkey=${madeUpKey()}` })).statusCode,
    ).toBe(429);
  });

  it('an unknown key is remembered: presented again, it costs no lookup (the row added meanwhile is not seen)', async () => {
    const app = await limitedApp({});
    const key = madeUpKey();
    const me = () => app.inject({ method: 'POST', url: '/api/v1/me', headers: { 'X-Api-Key': key } });
    expect((await me()).statusCode).toBe(401);
    // The key becomes valid behind the service's back: only a lookup would find it.
    await t.db
      .insertInto('api_keys')
      .values({
        user_id: demo.users.client.id,
        token_hash: hashApiKey(key),
        prefix: key.slice(0, 11),
        label: 'probe',
      })
      .execute();
    expect((await me()).statusCode).toBe(401);
    forgetAllKeys();
    expect((await me()).statusCode).toBe(200);
  });

  it('a key that authenticates counts for its user, not its address (RATE_LIMIT_PER_MINUTE)', async () => {
    const app = await limitedApp({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '3' });
    const get = (key: string) =>
      app.inject({ method: 'GET', url: '/api/v1/orders', headers: { 'X-Api-Key': key } });
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await get(demo.users.client.api_key));
    expect(statuses(first)).toEqual({ 200: 3, 429: 1 });
    expect(first[3]!.json().error.message).toMatch(
      /3 requests per minute for your user, all its API keys and sessions together/,
    );
    expect((await get(demo.users.staff.api_key)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('public pages count per client address, whatever key they carry', () => {
  it('a made-up key per request on /pay, /files, /invoices, /receipts, /docs gets 429 past RATE_LIMIT_PUBLIC_PER_MINUTE', async () => {
    const app = await limitedApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '12' });
    const urls = [
      `${payLink}&api_key=`,
      '/files/00000000-0000-0000-0000-000000000000?expires=1&signature=x&api_key=',
      '/invoices/00000000-0000-0000-0000-000000000000?api_key=',
      '/receipts/00000000-0000-0000-0000-000000000000?api_key=',
      '/openapi.json?api_key=',
      '/nowhere?api_key=',
    ];
    const answers = [];
    for (let i = 0; i < 18; i++)
      answers.push(
        await app.inject({
          method: 'GET',
          url: urls[i % urls.length]! + madeUpKey(),
          headers: { 'X-Api-Key': madeUpKey() },
        }),
      );
    expect(answers.slice(0, 12).every((a) => a.statusCode !== 429)).toBe(true);
    expect(answers.slice(12).map((a) => a.statusCode)).toEqual(Array(6).fill(429));
    expect(answers[12]!.json().error.message).toMatch(/12 requests per minute from your address/);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('card submissions count per address too (RATE_LIMIT_CARD_ATTEMPTS_PER_MINUTE), storing nothing when refused', async () => {
    const app = await limitedApp({ RATE_LIMIT_CARD_ATTEMPTS_PER_MINUTE: '3' });
    const payments = async () => (await t.db.selectFrom('payments').select('id').execute()).length;
    const before = await payments();
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        await app.inject({
          method: 'POST',
          url: `${payLink}&api_key=${madeUpKey()}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            name: 'Card Tester',
            number: '4000000000000002',
            exp_month: '12',
            exp_year: String(new Date().getUTCFullYear() + 2),
            cvc: '123',
          }).toString(),
        }),
      );
    expect(answers.map((a) => a.statusCode)).toEqual([402, 402, 402, 429, 429]);
    expect(await payments()).toBe(before + 3);
  });
});

describe('the client address', () => {
  const flood = async (app: AppInstance, forwardedFor: (i: number) => string, n: number) => {
    const answers = [];
    for (let i = 0; i < n; i++)
      answers.push(
        await app.inject({
          method: 'GET',
          url: '/api/v1/orders',
          headers: { 'x-forwarded-for': forwardedFor(i) },
        }),
      );
    return statuses(answers);
  };

  it('is the socket address by default: a forged X-Forwarded-For per request changes nothing', async () => {
    const app = await limitedApp({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '5' });
    expect(await flood(app, (i) => `203.0.113.${i}`, 8)).toEqual({ 401: 5, 429: 3 });
  });

  it('comes from X-Forwarded-For behind TRUSTED_PROXIES (addresses or a hop count)', async () => {
    for (const trusted of ['127.0.0.1', '127.0.0.0/8, ::1', 'loopback', '1']) {
      const app = await limitedApp({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2', TRUSTED_PROXIES: trusted });
      // Each client its own budget; the rightmost address the trusted proxy saw is the client.
      expect(await flood(app, (i) => `198.51.100.7, 203.0.113.${i}`, 6), trusted).toEqual({ 401: 6 });
      expect(await flood(app, () => '198.51.100.7, 192.0.2.1', 3), trusted).toEqual({ 401: 2, 429: 1 });
    }
  });

  it('counts an IPv6 client by its /64', async () => {
    const app = await limitedApp({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '4', TRUSTED_PROXIES: 'loopback' });
    expect(await flood(app, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`, 6)).toEqual({ 401: 4, 429: 2 });
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('::ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('TRUSTED_PROXIES must be a hop count or addresses and networks', () => {
    for (const bad of ['0', '11', 'proxy.example', '10.0.0.0/33', '2001:db8::/129', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
    }
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32, loopback' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      'loopback',
    ]);
    expect(loadConfig({ TRUSTED_PROXIES: '2' }).trustedProxies).toBe(2);
  });
});
