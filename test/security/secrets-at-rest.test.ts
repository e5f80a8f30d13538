import { beforeAll, describe, expect, it } from 'vitest';
import { up as scrubIdempotencyAnswers } from '../../src/db/migrations/2026_11_24_0012_idempotency_shown_once.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * Secrets shown once are kept nowhere in clear: not in the answers kept for Idempotency-Key
 * replays (which once answered the same API key for 24 hours), not in the tables.
 */
const t = useTestApp();
let demo: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
});

const post = (url: string, idempotencyKey: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'X-Api-Key': demo.users.client.api_key, 'Idempotency-Key': idempotencyKey },
    payload,
  });

/** Every answer kept for replays, as one text. */
const keptAnswers = async () =>
  (await t.db.selectFrom('idempotency_keys').select('response_body').execute())
    .map((row) => row.response_body ?? '')
    .join('\n');

describe('Idempotency-Key on requests whose answer shows a secret once', () => {
  it('POST /api_keys: the key is not kept; a retry answers 409 naming the issued key, issuing none', async () => {
    const first = await post('/api/v1/api_keys', 'issue-key-1', { label: 'LOS' });
    expect(first.statusCode).toBe(201);
    const issued = first.json<{ id: string; api_key: string }>();
    expect(issued.api_key).toMatch(/^aoms_/);
    const kept = await keptAnswers();
    expect(kept).toContain(issued.id);
    expect(kept).not.toContain(issued.api_key);
    expect(kept).not.toContain('api_key');

    const keysBefore = (await t.db.selectFrom('api_keys').select('id').execute()).length;
    const retry = await post('/api/v1/api_keys', 'issue-key-1', { label: 'LOS' });
    expect(retry.statusCode).toBe(409);
    expect(retry.body).not.toContain(issued.api_key);
    expect(retry.json().error).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(new RegExp(`id ${issued.id}.*api_key, which is shown only once`)),
      details: [{ field: 'Idempotency-Key', message: expect.any(String) }],
    });
    expect((await t.db.selectFrom('api_keys').select('id').execute()).length).toBe(keysBefore);
    // The key issued by the first request works: it was shown once, to whoever sent it.
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: { 'X-Api-Key': issued.api_key },
    });
    expect(me.statusCode).toBe(200);
  });

  it('POST /webhooks and rotate_secret: the secret is not kept; a retry answers 409', async () => {
    const created = await post('/api/v1/webhooks', 'subscribe-1', { url: 'https://hooks.example.com/once' });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json<{ id: string; secret: string }>();
    const rotated = await post(`/api/v1/webhooks/${id}/rotate_secret`, 'rotate-1');
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json<{ secret: string }>().secret;
    const kept = await keptAnswers();
    for (const value of [secret, newSecret, secret.slice(6, 30), newSecret.slice(6, 30)])
      expect(kept).not.toContain(value);

    const retryCreate = await post('/api/v1/webhooks', 'subscribe-1', {
      url: 'https://hooks.example.com/once',
    });
    expect(retryCreate.statusCode).toBe(409);
    expect(retryCreate.json().error.message).toMatch(new RegExp(`id ${id}.*rotate its secret`));
    const retryRotate = await post(`/api/v1/webhooks/${id}/rotate_secret`, 'rotate-1');
    expect(retryRotate.statusCode).toBe(409);
    expect(retryRotate.body).not.toContain(newSecret);
    expect(
      await t.db
        .selectFrom('webhook_subscriptions')
        .select('id')
        .where('url', '=', 'https://hooks.example.com/once')
        .execute(),
    ).toHaveLength(1);
  });

  it('other requests still replay their answer', async () => {
    const webhook = await post('/api/v1/webhooks', 'subscribe-2', { url: 'https://hooks.example.com/two' });
    const test = await post(`/api/v1/webhooks/${webhook.json<{ id: string }>().id}/test`, 'test-1');
    const replay = await post(`/api/v1/webhooks/${webhook.json<{ id: string }>().id}/test`, 'test-1');
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(test.json());
  });

  it('the upgrade removes secrets from answers kept before it', async () => {
    const user = demo.users.client.id;
    await t.db
      .insertInto('idempotency_keys')
      .values([
        {
          user_id: user,
          key: 'legacy-key',
          request_hash: 'x',
          status_code: 201,
          response_body: JSON.stringify({
            success: true,
            id: 'k1',
            prefix: 'aoms_abcdef',
            api_key: 'aoms_legacy_plaintext',
          }),
        },
        {
          user_id: user,
          key: 'legacy-hook',
          request_hash: 'y',
          status_code: 201,
          response_body: JSON.stringify({ id: 'w1', url: 'https://x.example', secret: 'whsec_legacy' }),
        },
        { user_id: user, key: 'legacy-list', request_hash: 'z', status_code: 201, response_body: '[1,2]' },
      ])
      .execute();
    await scrubIdempotencyAnswers(t.db as never);
    const kept = await keptAnswers();
    expect(kept).not.toContain('aoms_legacy_plaintext');
    expect(kept).not.toContain('whsec_legacy');
    expect(kept).toMatch(/"prefix": ?"aoms_abcdef"/);
    expect(kept).toContain('[1,2]');
  });
});
