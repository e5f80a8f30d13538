import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { isPrivateAddress, refusedHost } from '../../src/webhooks/address-guard.ts';
import { postJson } from '../../src/webhooks/sender.ts';
import { useTestApp, buildTestApp } from '../helpers/app.ts';

/**
 * The webhook address guard's blind spots: IPv6 forms that reach IPv4, names that only mean
 * something inside a network.
 */
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
let demo: DemoWorld;
let permissive: AppInstance;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  permissive = await buildTestApp({
    config: loadConfig({
      DATABASE_URL: t.url,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    }),
    db: t.db,
    logger: false,
  });
});
afterAll(async () => {
  await permissive.close();
});

const REFUSED = [
  'http://[::127.0.0.1]/hook',
  'http://[::7f00:1]/hook',
  'http://[64:ff9b::7f00:1]/hook',
  'http://[64:ff9b::a00:1]/hook',
  'http://[64:ff9b:1::1]/hook',
  'http://[2002:7f00:1::1]/hook',
  'http://[2001:0:4136:e378::1]/hook',
  'http://[fec0::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:a9fe:a9fe]/hook',
  // IPv4-translated (::ffff:0:0:0/96): once let through (the third attack, finding 7).
  'http://[::ffff:0:7f00:1]/hook',
  'http://[::ffff:0:a00:1]/hook',
  'http://[::]/hook',
  'http://localhost./hook',
  'http://LOCALHOST../hook',
  'http://api.localhost./hook',
  'http://intranet/hook',
  'http://metadata./hook',
  'http://printer.local/hook',
  'http://billing.internal/hook',
  'http://0x7f.1/hook',
  'http://2130706433/hook',
];

const subscribe = (app: AppInstance, url: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: { 'X-Api-Key': demo.users.client.api_key },
    payload: { url },
  });

describe('the webhook address guard', () => {
  it.each(REFUSED)('refuses %s when subscribing (422 naming url), stores nothing', async (url) => {
    const before = await t.db.selectFrom('webhook_subscriptions').select('id').execute();
    const response = await subscribe(t.app, url);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual([{ field: 'url', message: expect.any(String) }]);
    expect(await t.db.selectFrom('webhook_subscriptions').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses them at delivery too, before any connection', async () => {
    for (const url of REFUSED) {
      const result = await postJson(url, '{}', {}, { timeoutMs: 1000, allowPrivate: false });
      expect(result, url).toMatchObject({
        statusCode: null,
        blocked: true,
        error: expect.stringMatching(/private address/),
      });
    }
  });

  it('lets WEBHOOK_ALLOW_PRIVATE_URLS=true subscribe to them', async () => {
    for (const url of ['http://[64:ff9b::7f00:1]/hook', 'http://localhost./hook', 'http://intranet/hook']) {
      expect((await subscribe(permissive, url)).statusCode, url).toBe(201);
    }
  });

  it('still accepts public names and addresses', async () => {
    for (const url of [
      'https://hooks.example.com/x',
      'https://8.8.8.8/x',
      'https://[2001:4860:4860::8888]/x',
    ]) {
      expect((await subscribe(t.app, url)).statusCode, url).toBe(201);
    }
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
    expect(isPrivateAddress('::ffff:808:808')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
    expect(isPrivateAddress('not an address')).toBe(true);
    expect(refusedHost('hooks.example.com.')).toBeNull();
  });
});
