import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { redactUrl } from '../../src/http/logging.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { createCompany, createUserWithKey, type UserWithKey } from '../helpers/factories.ts';
import { buildTestApp } from '../helpers/app.ts';

/**
 * An API key never reaches the log, however the query string spells `api_key`: the query
 * parser decodes parameter names, so `api%5Fkey` and `api_%6bey` authenticate like `api_key`,
 * and the logged URL must not keep them.
 */
const t = useTestDatabase();
const lines: string[] = [];
let app: AppInstance;
let user: UserWithKey;

beforeAll(async () => {
  app = await buildTestApp({
    config: loadConfig({ DATABASE_URL: t.url, LOG_LEVEL: 'trace', RATE_LIMIT_PER_MINUTE: '0' }),
    db: t.db,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  });
  await app.ready();
  user = await createUserWithKey(t.db, 'staff', await createCompany(t.db));
});
afterAll(async () => {
  await app.close();
});

describe('API keys in logged URLs', () => {
  it.each([
    ['api_key', 200],
    ['api%5Fkey', 200],
    ['api%5fkey', 200],
    ['api_%6bey', 200],
    ['%61pi_key', 200],
    ['api%5F%6B%65%79', 200],
    ['API_KEY', 401],
    ['Api%5FKey', 401],
    ['api_key[]', 401],
    ['api+key', 401],
  ])('?%s=<key> answers %i and the log never holds the key', async (name, status) => {
    const before = lines.length;
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/orders?page=1&${name}=${user.key}&x=1`,
    });
    expect(response.statusCode).toBe(status);
    const logged = lines.slice(before).join('');
    expect(logged).toContain('"url":"/api/v1/orders?page=1&');
    expect(logged).not.toContain(user.key);
    expect(logged).not.toContain(user.key.slice(5, 30));
  });

  it('redacts the value of every spelling of api_key, and anything shaped like a key', () => {
    expect(redactUrl('/a?api%5Fkey=secret&b=1')).toBe('/a?api%5Fkey=[redacted]&b=1');
    expect(redactUrl('/a?b=1&API_%4BEY=secret')).toBe('/a?b=1&API_%4BEY=[redacted]');
    expect(redactUrl('/a?api_key%5B0%5D=secret')).toBe('/a?api_key%5B0%5D=[redacted]');
    expect(redactUrl('/a?api_key%zz=x&api_key=secret')).toBe('/a?api_key%zz=x&api_key=[redacted]');
    expect(redactUrl('/a?token=aoms_abcdefghijklmnopqrstuvwxyz')).toBe('/a?token=[redacted]');
    expect(redactUrl('/a/aoms_abcdefghijklmnopqrstuvwxyz/b')).toBe('/a/[redacted]/b');
    expect(redactUrl('/orders?page=2')).toBe('/orders?page=2');
  });
});

describe('tokens in logged URLs (finding 6 of the third attack: they were logged in full)', () => {
  const secret = 'Zk3pQ9vT2mW8xR4nB7cY1dF6gH0jK5sLqAeUiOoP_-a';
  it.each([
    ['a calendar feed, polled', `/calendar/${secret}.ics`],
    ['a single-sign-on link', `/sso?token=${secret}&return_to=/orders`],
    ['a one-time sign-in link', `/auth/link?token=${secret}`],
    ["a reset's page", `/reset-password?token=${secret}`],
    ["an invitation's page", `/set-password?Token=${secret}`],
    ['a signed file link', `/files/00000000-0000-4000-8000-000000000000?expires=1&signature=${secret}`],
    ['a token spelled with escapes', `/sso?t%6Fken=${secret}`],
  ])('%s: the log never holds the token', async (_what, url) => {
    const before = lines.length;
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBeLessThan(500);
    const logged = lines.slice(before).join('');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(secret.slice(0, 20));
  });

  it('keeps what is not a credential', () => {
    expect(redactUrl(`/calendar/${secret}.ics`)).toBe('/calendar/[redacted]');
    expect(redactUrl('/sso?token=abc&return_to=/orders')).toBe('/sso?token=[redacted]&return_to=/orders');
    expect(redactUrl('/files/f1?expires=99&signature=abc')).toBe('/files/f1?expires=99&signature=[redacted]');
    expect(redactUrl('/orders?q[status_eq]=Assigned')).toBe('/orders?q[status_eq]=Assigned');
  });
});
