import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/auth/secret-box.ts';
import { sealServiceKeys } from '../../src/auth/service-secrets.ts';
import { loadConfig } from '../../src/config/config.ts';
import { up as scrubIdempotencyAnswers } from '../../src/db/migrations/2026_11_23_0015_idempotency_shown_once.ts';
import { up as scrubKeptTokens } from '../../src/db/migrations/2026_11_23_0019_idempotency_sso_token.ts';
import { emitEvent } from '../../src/events/emit.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { LinkSigner } from '../../src/storage/signed-links.ts';
import { newWebhookSecret } from '../../src/webhooks/signature.ts';
import { sealWebhookSecrets } from '../../src/webhooks/webhook.service.ts';
import { sealBankAccounts } from '../../src/payables/payout-settings.service.ts';
import { createOutboxDelivery } from '../../src/workers.ts';
import { useTestApp } from '../helpers/app.ts';
import { startReceiver, type TestReceiver } from '../helpers/receiver.ts';
import { verifyWebhook } from '../helpers/verify-webhook.ts';

/**
 * Secrets shown once are kept nowhere in clear: not in the answers kept for Idempotency-Key
 * replays (which once answered the same API key for 24 hours), not in the tables.
 */
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
let demo: DemoWorld;
let receiver: TestReceiver;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
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

  it('POST /me: the single-sign-on token is not kept; a retry answers 409 naming the user', async () => {
    const first = await post('/api/v1/me', 'sso-1');
    expect(first.statusCode, first.body).toBe(200);
    const { id, jwt } = first.json<{ id: string; jwt: string }>();
    expect(jwt.split('.')).toHaveLength(3);
    const kept = await keptAnswers();
    expect(kept).toContain(id);
    expect(kept).not.toContain(jwt);
    expect(kept).not.toContain(jwt.split('.')[2]);
    expect(kept).not.toContain('"jwt"');

    const retry = await post('/api/v1/me', 'sso-1');
    expect(retry.statusCode).toBe(409);
    expect(retry.body).not.toContain(jwt);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json().error).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(new RegExp(`id ${id}.*jwt, which is shown only once.*new token`)),
      details: [{ field: 'Idempotency-Key', message: expect.any(String) }],
    });
    // Without the key, or with a new one, the caller gets a token of its own.
    const again = await post('/api/v1/me', 'sso-2');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ jwt: string }>().jwt).toEqual(expect.any(String));
  });

  it('POST /me inviting a user: its token is not kept, and a retry invites nobody', async () => {
    const headers = {
      'X-Api-Key': demo.users.client.api_key,
      'Idempotency-Key': 'invite-1',
      'X-Api-Email': 'kept.nowhere@firstbank.example',
      'X-Api-First-Name': 'Kept',
      'X-Api-Last-Name': 'Nowhere',
    };
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/me', headers });
    expect(first.statusCode, first.body).toBe(200);
    const { id, jwt } = first.json<{ id: string; jwt: string }>();
    expect(await keptAnswers()).not.toContain(jwt);
    // The retry acts as the user the first one invited (keys belong to the user whose permissions
    // apply): it answers that user with a token of its own, and invites nobody.
    const retry = await t.app.inject({ method: 'POST', url: '/api/v1/me', headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<{ id: string }>().id).toBe(id);
    const kept = await keptAnswers();
    expect(kept).not.toContain(jwt);
    expect(kept).not.toContain(retry.json<{ jwt: string }>().jwt);
    expect(
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'kept.nowhere@firstbank.example')
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

  it('the upgrade removes single-sign-on tokens from answers kept before it', async () => {
    const user = demo.users.client.id;
    await t.db
      .insertInto('idempotency_keys')
      .values([
        {
          user_id: user,
          key: 'legacy-sso',
          request_hash: 'w',
          status_code: 200,
          response_body: JSON.stringify({
            id: 'u1',
            name: 'Pat Lee',
            email: 'p@x.example',
            jwt: 'eyJ.legacy.sso',
          }),
        },
        { user_id: user, key: 'legacy-text', request_hash: 'v', status_code: 200, response_body: '"jwt"' },
      ])
      .execute();
    await scrubKeptTokens(t.db as never);
    const kept = await keptAnswers();
    expect(kept).not.toContain('eyJ.legacy.sso');
    expect(kept).toMatch(/"email": ?"p@x.example"/);
    expect(kept).toContain('"jwt"');
  });
});

/** Sends one test event to the subscription through the real outbox worker; answers what arrived. */
async function deliverTestEvent(config = t.config) {
  const [subscription] = await t.db
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('url', '=', receiver.url)
    .execute();
  await t.db
    .transaction()
    .execute((trx) =>
      emitEvent(
        trx,
        'webhook.test',
        null,
        { message: 'sealed' },
        { only: { subscriptionId: subscription!.id } },
      ),
    );
  const outbox = createOutboxDelivery(t.db, config);
  const before = receiver.received.length;
  await outbox.worker.runOnce();
  await outbox.stop();
  expect(receiver.received.length).toBe(before + 1);
  return receiver.received.at(-1)!;
}

describe('webhook signing secrets and the service keys at rest', () => {
  it('a webhook secret is stored sealed, never in clear, and deliveries are signed with it', async () => {
    const created = await post('/api/v1/webhooks', 'sealed-1', { url: receiver.url });
    const { id, secret } = created.json<{ id: string; secret: string }>();
    const stored = await t.db
      .selectFrom('webhook_subscriptions')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^enc:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(stored.secret).not.toContain(secret.slice(6, 30));
    const delivered = await deliverTestEvent();
    expect(verifyWebhook(secret, delivered.headers, delivered.body)).toBe(true);
  });

  it('the token and link signing keys are sealed too; only the generated key is in clear', async () => {
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: { 'X-Api-Key': demo.users.client.api_key },
    });
    expect(me.statusCode, me.body).toBe(200);
    await new LinkSigner(t.db, t.config.publicBaseUrl, 60).link('files', randomUUID());
    const rows = await t.db.selectFrom('service_secrets').select(['name', 'value']).execute();
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.value]));
    expect(byName.jwt_signing_key).toMatch(/^enc:v1:/);
    expect(byName.link_signing_key).toMatch(/^enc:v1:/);
    expect(Object.keys(byName).filter((name) => !byName[name]!.startsWith('enc:v1:'))).toEqual([
      'secret_encryption_key',
    ]);
  });

  it('secrets stored in clear before the upgrade are sealed at start, and still work', async () => {
    const legacySecret = newWebhookSecret();
    await t.db
      .updateTable('webhook_subscriptions')
      .set({ secret: legacySecret })
      .where('url', '=', receiver.url)
      .execute();
    await t.db
      .insertInto('service_secrets')
      .values({ name: 'legacy_key', value: 'ab'.repeat(32) })
      .execute();
    const box = new SecretBox(t.db);
    expect(await sealWebhookSecrets(t.db, box)).toBe(1);
    expect(await sealServiceKeys(t.db, box)).toBe(1);
    expect(await sealWebhookSecrets(t.db, box)).toBe(0);
    const stored = await t.db
      .selectFrom('webhook_subscriptions')
      .select('secret')
      .where('url', '=', receiver.url)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^enc:v1:/);
    const legacy = await t.db
      .selectFrom('service_secrets')
      .select('value')
      .where('name', '=', 'legacy_key')
      .executeTakeFirstOrThrow();
    expect(await box.open(legacy.value, 'service-secret:legacy_key')).toBe('ab'.repeat(32));
    const delivered = await deliverTestEvent();
    expect(verifyWebhook(legacySecret, delivered.headers, delivered.body)).toBe(true);
  });

  it('SECRET_ENCRYPTION_KEY re-seals everything under it; without it nothing opens', async () => {
    const key = randomBytes(32).toString('base64');
    const config = loadConfig({
      DATABASE_URL: t.url,
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      SECRET_ENCRYPTION_KEY: key,
    });
    const configured = new SecretBox(t.db, config.secretEncryption);
    // An appraiser's bank account, sealed under the key in use until now.
    const appraiserId = demo.users.appraiser.id;
    const before = new SecretBox(t.db, t.config.secretEncryption);
    await t.db
      .insertInto('bank_accounts')
      .values({
        appraiser_id: appraiserId,
        holder_name: 'Avery Appraiser',
        routing_number: '111000025',
        account_number_sealed: await before.seal('000123456789', `bank_account:${appraiserId}`),
        account_last4: '6789',
        account_type: 'checking',
      })
      .execute();
    const resealed =
      (await sealServiceKeys(t.db, configured)) +
      (await sealWebhookSecrets(t.db, configured)) +
      (await sealBankAccounts(t.db, configured));
    expect(resealed).toBeGreaterThanOrEqual(5);
    expect(await sealBankAccounts(t.db, configured)).toBe(0);
    const account = await t.db
      .selectFrom('bank_accounts')
      .select('account_number_sealed as value')
      .where('appraiser_id', '=', appraiserId)
      .executeTakeFirstOrThrow();
    // Sealed under the new key, it still opens to the number the appraiser gave.
    expect(await configured.open(account.value, `bank_account:${appraiserId}`)).toBe('000123456789');
    const sealedValues = [
      ...(await t.db.selectFrom('webhook_subscriptions').select('secret as value').execute()),
      ...(await t.db.selectFrom('bank_accounts').select('account_number_sealed as value').execute()),
      ...(await t.db
        .selectFrom('service_secrets')
        .select('value')
        .where('name', '<>', 'secret_encryption_key')
        .execute()),
    ].map((row) => row.value);
    const keyIds = new Set(sealedValues.map((value) => value.split(':')[2]));
    expect(keyIds.size).toBe(1);
    // The subscription still signs with the secret it was given.
    const stored = await t.db
      .selectFrom('webhook_subscriptions')
      .select('secret')
      .where('url', '=', receiver.url)
      .executeTakeFirstOrThrow();
    const secret = await configured.open(stored.secret, 'webhook-secret');
    const delivered = await deliverTestEvent(config);
    expect(verifyWebhook(secret, delivered.headers, delivered.body)).toBe(true);

    // A process without the key cannot open what it sealed, and says which setting is missing.
    await expect(new SecretBox(t.db).open(stored.secret, 'webhook-secret')).rejects.toThrow(
      /SECRET_ENCRYPTION_KEY/,
    );
    // A sealed value moved to another purpose does not open.
    await expect(configured.open(stored.secret, 'service-secret:jwt_signing_key')).rejects.toThrow(/altered/);
    // Nor does a wrong key in the configuration start.
    expect(() => loadConfig({ SECRET_ENCRYPTION_KEY: 'too-short' })).toThrow(
      /SECRET_ENCRYPTION_KEY: must be 32 bytes/,
    );
  });
});
