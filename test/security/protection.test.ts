import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { loadConfig } from '../../src/config/config.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { createCompany, createUserWithKey, type UserWithKey } from '../helpers/factories.ts';
import { buildTestApp } from '../helpers/app.ts';

/** Rate limits, security headers and CORS, on apps built with the settings under test. */
const t = useTestDatabase();
const apps: AppInstance[] = [];
let user: UserWithKey;
let other: UserWithKey;

async function app(env: Record<string, string>): Promise<AppInstance> {
  const built = await buildTestApp({
    config: loadConfig({ DATABASE_URL: t.url, LOG_LEVEL: 'silent', ...env }),
    db: t.db,
    logger: false,
  });
  apps.push(built);
  return built;
}

beforeAll(async () => {
  const company = await createCompany(t.db);
  user = await createUserWithKey(t.db, 'staff', company);
  other = await createUserWithKey(t.db, 'staff', company);
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

const me = (target: AppInstance, key: string) =>
  target.inject({ method: 'POST', url: '/api/v1/me', headers: { 'X-Api-Key': key } });

describe('rate limits', () => {
  it('answer 429 with Retry-After, RateLimit headers and the JSON error body, per API key', async () => {
    const limited = await app({ RATE_LIMIT_PER_MINUTE: '5' });
    for (let i = 0; i < 5; i++) {
      const ok = await me(limited, user.key);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['ratelimit-limit']).toBe('5');
      expect(ok.headers['ratelimit-remaining']).toBe(String(4 - i));
    }
    const refused = await me(limited, user.key);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.json()).toMatchObject({
      success: false,
      error: { code: 'rate_limited', message: expect.stringMatching(/5 requests per minute/) },
      request_id: expect.any(String),
    });
    // Another key has its own budget; the same key in the query string shares the first one.
    expect((await me(limited, other.key)).statusCode).toBe(200);
    expect((await limited.inject({ method: 'POST', url: `/api/v1/me?api_key=${user.key}` })).statusCode).toBe(
      429,
    );
    // Health checks are never limited.
    expect((await limited.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('are off with RATE_LIMIT_PER_MINUTE=0', async () => {
    const unlimited = await app({ RATE_LIMIT_PER_MINUTE: '0' });
    for (let i = 0; i < 20; i++) expect((await me(unlimited, user.key)).statusCode).toBe(200);
    expect((await me(unlimited, user.key)).headers['ratelimit-limit']).toBeUndefined();
  });

  it('are shared between processes through Redis when REDIS_URL is set', async (context) => {
    const reachable = await new Promise<boolean>((resolve) => {
      const socket = net.connect(6379, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    // The machines this suite runs on start Redis; where none runs, there is nothing to share through.
    if (!reachable) context.skip('no Redis on 127.0.0.1:6379'); // Skipped for a reason: nothing to share counters through.
    const fresh = await createUserWithKey(t.db, 'staff', await createCompany(t.db));
    const first = await app({ RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: 'redis://127.0.0.1:6379' });
    const second = await app({ RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: 'redis://127.0.0.1:6379' });
    const answers = [];
    for (const target of [first, second, first, second, first])
      answers.push((await me(target, fresh.key)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('security headers and CORS', () => {
  it('sets security headers, and answers no CORS by default', async () => {
    const plain = await app({});
    const response = await plain.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await plain.inject({
      method: 'OPTIONS',
      url: '/api/v1/orders',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the configured origins only', async () => {
    const withCors = await app({ CORS_ORIGINS: 'https://app.lender.example' });
    const allowed = await withCors.inject({
      method: 'OPTIONS',
      url: '/api/v1/orders',
      headers: {
        origin: 'https://app.lender.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key,content-type',
      },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.lender.example');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('x-api-key');
    const refused = await withCors.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(() => loadConfig({ CORS_ORIGINS: 'not an origin' })).toThrow(/CORS_ORIGINS/);
  });
});
