import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsSources } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { startMetricsServer } from '../../src/http/metrics-endpoint.ts';
import { renderMetrics } from '../../src/metrics/metrics.ts';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { createOutboxDelivery } from '../../src/workers.ts';
import { useTestApp, buildTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';
import { freePort } from '../helpers/processes.ts';
import { startReceiver, type TestReceiver } from '../helpers/receiver.ts';
import { killAll, startService } from '../helpers/reliability.ts';
import type { ServerProcess } from '../helpers/processes.ts';

/**
 * What an operator sees at 3 a.m.: /metrics (Prometheus text), never open to anyone, with
 * request latency by route pattern and status class, the outbox and webhook backlogs, retries
 * and dead deliveries, timer lag and the pool.
 */
const TOKEN = randomBytes(24).toString('base64url');
const t = useTestApp({
  METRICS_TOKEN: TOKEN,
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  OUTBOX_RETRY_BASE_MS: '10',
});
let demo: DemoWorld;
let receiver: TestReceiver;
let closed: AppInstance | null = null;
const running: ServerProcess[] = [];

beforeAll(async () => {
  demo = await seedDemo(t.db);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await closed?.close();
  await killAll(running);
});

const scrape = async (token: string | null = TOKEN) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });

/** The value of one sample line (`name{labels} value`), or null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return null;
}

describe('/metrics', () => {
  it('is 404 without METRICS_TOKEN or METRICS_PORT, and 401 without the token', async () => {
    closed = await buildTestApp({
      config: loadConfig({ DATABASE_URL: t.url, LOG_LEVEL: 'silent' }),
      db: t.db,
      logger: false,
    });
    const off = await closed.inject({ method: 'GET', url: '/metrics' });
    expect(off.statusCode).toBe(404);
    expect(off.json().error.code).toBe('route_not_found');
    for (const token of [null, 'wrong', `${TOKEN}x`]) {
      const refused = await scrape(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('aoms_');
    }
  });

  it('times requests by route pattern and status class, never by URL', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    for (const key of [demo.users.client.api_key, 'aoms_wrong']) {
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: { 'X-Api-Key': key } });
    }
    await t.app.inject({ method: 'GET', url: `/nowhere/${order.id}` });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const count = (status: string, route = '/api/v1/orders/:order_id') =>
      sample(text, 'aoms_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_class: status,
      });
    expect(count('2xx')).toBeGreaterThanOrEqual(1);
    expect(count('4xx')).toBeGreaterThanOrEqual(1);
    expect(count('4xx', 'unmatched')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(order.id);
    expect(text).toContain('# TYPE aoms_http_request_duration_seconds histogram');
    // Node's own: memory, event loop.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows the outbox backlog by kind, retries and dead deliveries, and the webhook backlog', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { 'X-Api-Key': demo.users.client.api_key },
      payload: { url: receiver.url },
    });
    const webhookId = created.json<{ id: string }>().id;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${webhookId}/test`,
      headers: { 'X-Api-Key': demo.users.client.api_key },
    });
    // Nothing delivered yet; the message has been due for two minutes.
    await t.db
      .updateTable('outbox_messages')
      .set({ next_attempt_at: sql<Date>`now() - interval '2 minutes'` })
      .where('kind', '=', 'webhook')
      .where('status', '=', 'pending')
      .execute();
    let text = (await scrape()).body;
    expect(sample(text, 'aoms_outbox_messages', { kind: 'webhook', status: 'pending' })).toBe(1);
    expect(sample(text, 'aoms_outbox_oldest_due_seconds', { kind: 'webhook' })).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'aoms_webhook_deliveries', { status: 'pending' })).toBe(1);

    // The receiver fails: a retry. Then the last attempt fails too: a dead delivery.
    const retriesBefore = sample(text, 'aoms_outbox_retries_total', { kind: 'webhook' }) ?? 0;
    const deadBefore = sample(text, 'aoms_outbox_dead_total', { kind: 'webhook' }) ?? 0;
    const outbox = createOutboxDelivery(t.db, t.config);
    receiver.answers.push(500, 500);
    await outbox.worker.runOnce();
    await t.db
      .updateTable('outbox_messages')
      .set({ next_attempt_at: sql<Date>`now()`, max_attempts: 2 })
      .where('kind', '=', 'webhook')
      .execute();
    await outbox.worker.runOnce();
    await outbox.stop();
    text = (await scrape()).body;
    expect(sample(text, 'aoms_outbox_retries_total', { kind: 'webhook' })).toBe(retriesBefore + 1);
    expect(sample(text, 'aoms_outbox_dead_total', { kind: 'webhook' })).toBe(deadBefore + 1);
    expect(sample(text, 'aoms_outbox_messages', { kind: 'webhook', status: 'failed' })).toBe(1);
    expect(sample(text, 'aoms_outbox_messages', { kind: 'webhook', status: 'pending' })).toBe(0);
    expect(sample(text, 'aoms_webhook_deliveries', { status: 'failed' })).toBe(1);
  });

  it('shows how overdue the workflow timers are, and how late they ran', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    await t.db
      .updateTable('orders')
      .set({
        status: 'Pending assignment',
        appraiser_id: demo.users.appraiser.id,
        offer_expires_at: sql<Date>`now() - interval '5 minutes'`,
      })
      .where('id', '=', order.id)
      .execute();
    let text = (await scrape()).body;
    expect(
      sample(text, 'aoms_workflow_timers_overdue_seconds', { timer: 'offer_timeout' }),
    ).toBeGreaterThanOrEqual(299);
    await new WorkflowTimers(t.db, t.config).runOnce();
    text = (await scrape()).body;
    expect(sample(text, 'aoms_workflow_timers_overdue_seconds', { timer: 'offer_timeout' })).toBe(0);
    expect(
      sample(text, 'aoms_workflow_timer_lag_seconds_count', { timer: 'offer_timeout' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'aoms_workflow_timer_lag_seconds_sum', { timer: 'offer_timeout' }),
    ).toBeGreaterThanOrEqual(299);
    expect(sample(text, 'aoms_workflow_timers_last_run_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });

  it("shows the pool: total, idle and waiting connections, and the pool's size", async () => {
    const text = (await scrape()).body;
    expect(sample(text, 'aoms_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'aoms_db_pool_connections', { state: 'idle' })).not.toBeNull();
    expect(sample(text, 'aoms_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'aoms_db_pool_max_connections')).toBe(5);
  });

  it('counts 429s by limit', async () => {
    const limited = await buildTestApp({
      config: loadConfig({
        DATABASE_URL: t.url,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1',
      }),
      db: t.db,
      logger: false,
    });
    try {
      for (let i = 0; i < 3; i++) await limited.inject({ method: 'GET', url: '/api/v1/orders' });
    } finally {
      await limited.close();
    }
    expect(
      sample((await scrape()).body, 'aoms_rate_limited_total', { bucket: 'unauthenticated' }),
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on a port of its own, with the token when one is set', async () => {
    const open = await startMetricsServer(
      { token: null, render: () => renderMetrics(metricsSources(t.db)) },
      0,
      '127.0.0.1',
    );
    const guarded = await startMetricsServer(
      { token: TOKEN, render: () => renderMetrics([]) },
      0,
      '127.0.0.1',
    );
    try {
      const ok = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('aoms_outbox_messages');
      expect((await fetch(`http://127.0.0.1:${open.port}/other`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`)).status).toBe(401);
      const authorized = await fetch(`http://127.0.0.1:${guarded.port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(authorized.status).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });

  it('is opened by the service process, on 127.0.0.1 unless METRICS_HOST says otherwise', async () => {
    const metricsPort = await freePort();
    const service = await startService({ DATABASE_URL: t.url, METRICS_PORT: String(metricsPort) }, running);
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('aoms_db_pool_connections');
    // The service's own port has no /metrics without METRICS_TOKEN.
    expect((await fetch(`http://127.0.0.1:${service.port}/metrics`)).status).toBe(404);
  }, 60_000);

  it('refuses bad settings at start', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_HOST: 'everywhere' })).toThrow(/METRICS_HOST/);
  });
});
