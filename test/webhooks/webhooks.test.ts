import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../src/events/emit.ts';
import { createOutboxDelivery, type OutboxDelivery } from '../../src/workers.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { postJson } from '../../src/webhooks/sender.ts';
import { useTestApp, buildTestApp } from '../helpers/app.ts';
import { sendMultipart, REPORT_PDF } from '../helpers/multipart.ts';
import { act, placeOrder } from '../helpers/orders.ts';
import { startReceiver, type TestReceiver } from '../helpers/receiver.ts';
import { verifyWebhook } from '../helpers/verify-webhook.ts';

const t = useTestApp({
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  OUTBOX_RETRY_BASE_MS: '20',
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES: '2',
});
let demo: DemoWorld;
let other: DemoWorld;
let outbox: OutboxDelivery;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  outbox = createOutboxDelivery(t.db, t.config);
});
afterAll(async () => {
  await outbox.stop();
});

/** Runs the outbox until nothing is due (retries included), for at most a few seconds. */
async function drain(maxMs = 5000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    await outbox.worker.runOnce();
    const pending = await t.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

async function subscribe(key: string, url: string, extra: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: { 'X-Api-Key': key },
    payload: { url, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; secret: string }>();
}

describe("webhooks through an order's life", () => {
  let receiver: TestReceiver;
  let companyReceiver: TestReceiver;
  let strangerReceiver: TestReceiver;

  beforeAll(async () => {
    [receiver, companyReceiver, strangerReceiver] = await Promise.all([
      startReceiver(),
      startReceiver(),
      startReceiver(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([receiver.close(), companyReceiver.close(), strangerReceiver.close()]);
  });
  // Each test subscribes its own receivers; those of earlier tests must not linger.
  afterEach(async () => {
    await t.db.deleteFrom('webhook_subscriptions').execute();
    await t.db.deleteFrom('outbox_messages').where('status', '=', 'pending').execute();
  });

  it('delivers every event in order, signed; another tenant receives nothing', async () => {
    const lender = await subscribe(demo.users.client.api_key, receiver.url, {
      description: 'LOS integration',
    });
    const company = await subscribe(demo.users.staff.api_key, companyReceiver.url, {
      event_types: ['order.status_changed'],
    });
    await subscribe(other.users.client.api_key, strangerReceiver.url);

    const order = await placeOrder(t.app, t.db, demo);
    const steps: [string, string, Record<string, string>?][] = [
      [demo.users.staff.api_key, 'assign', { appraiser_id: demo.users.appraiser.id, fee: '300' }],
      [demo.users.appraiser.api_key, 'accept_assignment', {}],
      [demo.users.appraiser.api_key, 'schedule_inspection', { inspection_scheduled_at: '2037-12-01T10:00' }],
      [demo.users.appraiser.api_key, 'complete_inspection'],
    ];
    for (const [key, action, body] of steps)
      expect((await act(t.app, key, order.id, action, body)).statusCode).toBe(200);
    expect((await act(t.app, demo.users.appraiser.api_key, order.id, 'request_submission')).statusCode).toBe(
      200,
    );
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes`,
      headers: { 'X-Api-Key': demo.users.client.api_key },
      payload: { content: 'Thanks' },
    });
    await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, demo.users.client.api_key, [
      ['attachment', REPORT_PDF],
      ['file_type', 'title'],
    ]);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/parties`,
      headers: { 'X-Api-Key': demo.users.client.api_key },
      payload: { party: { name: 'Al Agent', role: 'buyer_agent', poc: false } },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/send_payment_link`,
      headers: { 'X-Api-Key': demo.users.client.api_key },
      payload: { emails: ['bea@borrower.example'] },
    });
    expect((await act(t.app, demo.users.staff.api_key, order.id, 'request_completion')).statusCode).toBe(200);
    expect((await act(t.app, demo.users.client.api_key, order.id, 'fulfill')).statusCode).toBe(200);
    await drain();

    const describeEvent = (e: { json: { type: string; data: Record<string, unknown> } }) =>
      e.json.type === 'order.status_changed' ? `${e.json.type}:${String(e.json.data.to)}` : e.json.type;
    // The lender hears of every move of status, but not of the dealings between the company and
    // the appraiser (the offer and its answer, the submission before the company's review); the
    // report reaches it when the company releases it.
    expect(receiver.received.map(describeEvent)).toEqual([
      'order.created',
      'order.status_changed:Pending assignment',
      'order.status_changed:Assigned',
      'order.inspection_scheduled',
      'order.status_changed:Inspection scheduled',
      'order.inspection_completed',
      'order.status_changed:Inspection completed',
      'order.status_changed:Submission requested',
      'order.status_changed:In review',
      'order.note_added',
      'order.file_added',
      'order.party_added',
      'order.payment_link_sent',
      'order.status_changed:Completed',
      'order.report_released',
      'order.status_changed:Fulfilled',
    ]);
    for (const delivery of receiver.received) {
      expect(verifyWebhook(lender.secret, delivery.headers, delivery.body)).toBe(true);
      expect(verifyWebhook(company.secret, delivery.headers, delivery.body)).toBe(false);
      expect(delivery.headers['webhook-id']).toBe(delivery.json.id);
      expect(delivery.json.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(delivery.json.data).toMatchObject({ order_id: order.id, file_number: order.file_number });
    }
    const assigned = receiver.received.find(
      (e) => e.json.type === 'order.status_changed' && e.json.data.to === 'Pending assignment',
    )!;
    // The offer was between the company and the appraiser: the lender learns that the order
    // moved, not who moved it or why; the company's subscription reads it whole.
    expect(assigned.json.data).toMatchObject({
      from: 'Unassigned',
      action: 'assign',
      actor: null,
      reason: null,
    });
    const companyAssigned = companyReceiver.received.find((e) => e.json.data.to === 'Pending assignment')!;
    expect(companyAssigned.json.data).toMatchObject({
      from: 'Unassigned',
      action: 'assign',
      actor: { id: demo.users.staff.id, name: 'Sam Staffer' },
      acting_for: null,
    });

    expect(companyReceiver.received.every((e) => e.json.type === 'order.status_changed')).toBe(true);
    expect(companyReceiver.received).toHaveLength(8);
    for (const delivery of companyReceiver.received)
      expect(verifyWebhook(company.secret, delivery.headers, delivery.body)).toBe(true);
    expect(strangerReceiver.received).toEqual([]);

    const log = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/${lender.id}/deliveries?per_page=100`,
        headers: { 'X-Api-Key': demo.users.client.api_key },
      })
    ).json();
    expect(log).toHaveLength(16);
    expect(log[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      next_attempt_at: null,
      attempt_log: [{ status_code: 200, latency_ms: expect.any(Number), error: null }],
    });
  });

  it('retries a receiver that answers 500 twice: the event arrives on the third attempt', async () => {
    const flaky = await startReceiver();
    try {
      flaky.answers = [500, 500];
      const subscription = await subscribe(demo.users.client.api_key, flaky.url);
      const test = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${subscription.id}/test`,
        headers: { 'X-Api-Key': demo.users.client.api_key },
      });
      expect(test.statusCode).toBe(202);
      await drain();
      expect(flaky.received.map((r) => r.json.type)).toEqual([
        'webhook.test',
        'webhook.test',
        'webhook.test',
      ]);
      expect(new Set(flaky.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const [delivery] = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/webhooks/${subscription.id}/deliveries`,
          headers: { 'X-Api-Key': demo.users.client.api_key },
        })
      ).json();
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200 });
      expect(delivery.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([
        500, 500, 200,
      ]);
      expect(delivery.attempt_log[0].error).toBe('the receiver answered 500');

      const replay = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${subscription.id}/deliveries/${delivery.id}/replay`,
        headers: { 'X-Api-Key': demo.users.client.api_key },
      });
      expect(replay.statusCode).toBe(202);
      await drain();
      expect(flaky.received).toHaveLength(4);
      expect(flaky.received[3]!.headers['webhook-id']).toBe(flaky.received[0]!.headers['webhook-id']);
    } finally {
      await flaky.close();
    }
  });

  it('never delivers the events of a change that rolled back, nor of a refused request', async () => {
    const quiet = await startReceiver();
    try {
      await subscribe(demo.users.client.api_key, quiet.url);
      const order = await placeOrder(t.app, t.db, demo);
      await drain();
      quiet.received.length = 0;
      await expect(
        t.db.transaction().execute(async (trx) => {
          await emitEvent(
            trx,
            'order.note_added',
            {
              id: order.id,
              file_number: order.file_number,
              client_id: demo.client_id,
              company_id: demo.company_id,
            },
            { note_id: 'x' },
          );
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await act(t.app, demo.users.appraiser.api_key, order.id, 'accept_assignment')).statusCode).toBe(
        404,
      );
      expect((await act(t.app, demo.users.client.api_key, order.id, 'fulfill')).statusCode).toBe(409);
      await drain();
      expect(quiet.received).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('disables a subscription that keeps failing and emails its admins', async () => {
    const dead = await startReceiver();
    try {
      dead.answers = Array.from({ length: 100 }, () => 503);
      const subscription = await subscribe(demo.users.staff.api_key, dead.url);
      for (let i = 0; i < 2; i++) {
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/webhooks/${subscription.id}/test`,
          headers: { 'X-Api-Key': demo.users.staff.api_key },
        });
      }
      // Fewer attempts than a day's worth, so the test need not wait a day.
      await t.db
        .updateTable('outbox_messages')
        .set({ max_attempts: 2 })
        .where('kind', '=', 'webhook')
        .where('status', '=', 'pending')
        .execute();
      await drain();
      const state = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/webhooks/${subscription.id}`,
          headers: { 'X-Api-Key': demo.users.staff.api_key },
        })
      ).json();
      expect(state).toMatchObject({
        active: false,
        disabled_reason: expect.stringMatching(/2 deliveries in a row failed/),
      });
      const deliveries = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/webhooks/${subscription.id}/deliveries`,
          headers: { 'X-Api-Key': demo.users.staff.api_key },
        })
      ).json();
      expect(deliveries.map((d: { status: string }) => d.status)).toEqual(['failed', 'failed']);
      const notice = await t.db
        .selectFrom('outbox_messages')
        .select('payload')
        .where('kind', '=', 'email')
        .execute();
      expect(JSON.stringify(notice)).toContain('A webhook subscription was disabled');

      const replay = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${subscription.id}/deliveries/${deliveries[0].id}/replay`,
        headers: { 'X-Api-Key': demo.users.staff.api_key },
      });
      expect(replay.statusCode).toBe(409);
      const reenabled = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/webhooks/${subscription.id}`,
        headers: { 'X-Api-Key': demo.users.staff.api_key },
        payload: { active: true },
      });
      expect(reenabled.json()).toMatchObject({ active: true, disabled_at: null, disabled_reason: null });
    } finally {
      await dead.close();
    }
  });
});

describe('managing subscriptions', () => {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'X-Api-Key': key }, ...(payload ? { payload } : {}) });

  it("shows the secret once, rotates it, updates and deletes; only the organization's admins", async () => {
    const key = demo.users.client.api_key;
    const created = await subscribe(key, 'https://los.lender.example/hooks', {
      event_types: ['order.created', 'order.status_changed'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = (await call('GET', '/api/v1/webhooks', key)).json();
    expect(listed.find((w: { id: string }) => w.id === created.id)).not.toHaveProperty('secret');
    const rotated = (await call('POST', `/api/v1/webhooks/${created.id}/rotate_secret`, key)).json();
    expect(rotated.secret).not.toBe(created.secret);
    const patched = await call('PATCH', `/api/v1/webhooks/${created.id}`, key, {
      event_types: ['*'],
      description: 'all of it',
    });
    expect(patched.json()).toMatchObject({ event_types: [], description: 'all of it' });

    const clientUser = await t.db
      .selectFrom('users')
      .select('id')
      .where('title', '=', 'Loan Officer')
      .where('organization_id', '=', demo.client_id)
      .executeTakeFirstOrThrow();
    expect(clientUser.id).toBeDefined();
    expect((await call('GET', `/api/v1/webhooks/${created.id}`, other.users.client.api_key)).statusCode).toBe(
      404,
    );
    expect(
      (await call('DELETE', `/api/v1/webhooks/${created.id}`, other.users.staff.api_key)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/v1/webhooks/${created.id}`, key)).json()).toEqual({ success: true });
    expect((await call('GET', `/api/v1/webhooks/${created.id}`, key)).statusCode).toBe(404);
  });

  it('refuses non-admins (403) and bad subscriptions (422)', async () => {
    const nonAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: {
        'X-Api-Key': demo.users.client.api_key,
        'X-Api-Email': 'plain.user@lender.example',
        'X-Api-First-Name': 'Plain',
        'X-Api-Last-Name': 'User',
      },
    });
    const plainKey = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api_keys',
        headers: { 'X-Api-Key': demo.users.client.api_key, 'X-Api-Email': nonAdmin.json().email },
        payload: {},
      })
    ).json().api_key;
    expect((await call('GET', '/api/v1/webhooks', plainKey)).statusCode).toBe(403);
    // Appraisers are panel members, not the company's administrators, even when flagged admin.
    expect(
      (await call('POST', '/api/v1/webhooks', demo.users.appraiser.api_key, { url: 'https://x.example' }))
        .statusCode,
    ).toBe(403);

    for (const [payload, field] of [
      [{ url: 'ftp://files.example/hook' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://x.example', event_types: ['order.exploded'] }, 'event_types[0]'],
      [{}, 'url'],
    ] as const) {
      const response = await call('POST', '/api/v1/webhooks', demo.users.client.api_key, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });
});

describe('private addresses', () => {
  it('are refused when not allowed: at subscription and at delivery (after DNS)', async () => {
    const { loadConfig } = await import('../../src/config/config.ts');
    const strictConfig = loadConfig({ DATABASE_URL: t.url, LOG_LEVEL: 'silent' });
    const strict = await buildTestApp({ config: strictConfig, db: t.db, logger: false });
    try {
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest',
        'http://[::1]/hook',
      ]) {
        const response = await strict.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: { 'X-Api-Key': demo.users.client.api_key },
          payload: { url },
        });
        expect(response.statusCode, url).toBe(422);
      }
    } finally {
      await strict.close();
    }
    const receiver = await startReceiver();
    try {
      const viaName = await postJson(
        receiver.url.replace('127.0.0.1', 'localhost'),
        '{}',
        {},
        { timeoutMs: 2000, allowPrivate: false },
      );
      expect(viaName.error).toMatch(/private address/);
      const viaIp = await postJson(receiver.url, '{}', {}, { timeoutMs: 2000, allowPrivate: false });
      expect(viaIp.error).toMatch(/private address/);
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('documentation of event types', () => {
  it('lists every declared type in docs/webhooks.md and in the OpenAPI webhooks section', async () => {
    const fs = await import('node:fs/promises');
    const { EVENT_TYPE_NAMES } = await import('../../src/events/event-types.ts');
    const doc = await fs.readFile(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    const openapi = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const type of EVENT_TYPE_NAMES) {
      expect(doc).toContain(`\`${type}\``);
      expect(openapi.webhooks[type]?.post, type).toBeDefined();
    }
    // The verification example in the docs is the one the tests use.
    const helper = await fs.readFile(new URL('../helpers/verify-webhook.ts', import.meta.url), 'utf8');
    expect(doc).toContain(helper.slice(helper.indexOf('export function verifyWebhook')).trim());
  });
});

describe('unsubscribing while a delivery is on its way', () => {
  it('the unsubscribe answers 200 and the delivery ends quietly, its log gone with the subscription', async () => {
    let subscriptionId = '';
    let unsubscribed = 0;
    // A receiver whose integrator unsubscribes before answering the delivery it is receiving.
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        void t.app
          .inject({
            method: 'DELETE',
            url: `/api/v1/webhooks/${subscriptionId}`,
            headers: { 'X-Api-Key': demo.users.client.api_key },
          })
          .then((answer) => {
            unsubscribed = answer.statusCode;
            response.end('ok');
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      subscriptionId = (
        await subscribe(
          demo.users.client.api_key,
          `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        )
      ).id;
      const test = await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${subscriptionId}/test`,
        headers: { 'X-Api-Key': demo.users.client.api_key },
      });
      expect(test.statusCode).toBe(202);
      const { id: deliveryId } = await t.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      await drain();
      expect(unsubscribed).toBe(200);
      // One attempt, and no error: logging the attempt waited for the unsubscribe, then found
      // nothing left to log (not a foreign-key failure, nor a deadlock retried later).
      expect(
        await t.db
          .selectFrom('outbox_messages')
          .select(['status', 'attempts', 'last_error'])
          .where(sql<boolean>`payload->>'delivery_id' = ${deliveryId}`)
          .execute(),
      ).toEqual([{ status: 'delivered', attempts: 1, last_error: null }]);
      expect(
        await t.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('subscription_id', '=', subscriptionId)
          .execute(),
      ).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
