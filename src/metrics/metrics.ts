import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The service's Prometheus metrics (docs/operations.md lists them with the alerts worth
 * setting). One registry per process: counters and histograms are fed where things happen
 * (requests, outbox deliveries, workflow timers, rate limits); the gauges that describe the
 * database (backlogs, the pool) are read when /metrics is scraped, by the sources that the
 * composition hands to `renderMetrics`.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: 'aoms_http_request_duration_seconds',
  help: 'HTTP request duration, by route pattern (unmatched: no route) and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const eventStreamsOpen = new Gauge({
  name: 'aoms_event_streams_open',
  help: 'Live-update streams (GET /api/v1/events/stream) open on this process',
  registers: [registry],
});

export const rateLimited = new Counter({
  name: 'aoms_rate_limited_total',
  help: 'Requests refused with 429, by limit (key, unauthenticated, public, card)',
  labelNames: ['bucket'] as const,
  registers: [registry],
});

export const paymentPagesLocked = new Counter({
  name: 'aoms_payment_pages_locked_total',
  help: 'Payment pages locked after repeated declined cards (card testing)',
  registers: [registry],
});

export const outboxDelivered = new Counter({
  name: 'aoms_outbox_delivered_total',
  help: 'Outbox messages delivered by this process, by kind (email, webhook)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const outboxRetries = new Counter({
  name: 'aoms_outbox_retries_total',
  help: 'Failed outbox delivery attempts that will be retried, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const outboxDead = new Counter({
  name: 'aoms_outbox_dead_total',
  help: 'Outbox messages given up after their last attempt (or a permanent failure), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const timerLag = new Histogram({
  name: 'aoms_workflow_timer_lag_seconds',
  help: 'How late a workflow timer acted after the moment it was due, by timer',
  labelNames: ['timer'] as const,
  buckets: [1, 5, 15, 30, 60, 120, 300, 900, 3600],
  registers: [registry],
});

export const timerLastRun = new Gauge({
  name: 'aoms_workflow_timers_last_run_timestamp_seconds',
  help: 'When this process last finished a run of the workflow timers (Unix time)',
  registers: [registry],
});

// ---- read from the database at each scrape ----------------------------------------------

export const outboxMessages = new Gauge({
  name: 'aoms_outbox_messages',
  help: 'Outbox messages waiting (pending) or given up (failed), by kind and status',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
});

export const outboxOldestDue = new Gauge({
  name: 'aoms_outbox_oldest_due_seconds',
  help: 'How long the oldest pending message that is due has waited for a worker, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const webhookDeliveries = new Gauge({
  name: 'aoms_webhook_deliveries',
  help: 'Webhook deliveries by status: pending (being tried or retried) and failed (gave up)',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const webhookSubscriptionsDisabled = new Gauge({
  name: 'aoms_webhook_subscriptions_disabled',
  help: 'Webhook subscriptions disabled after failing deliveries in a row',
  registers: [registry],
});

export const timersOverdue = new Gauge({
  name: 'aoms_workflow_timers_overdue_seconds',
  help: 'How long the oldest due workflow timer has waited to be handled (0: none waiting), by timer',
  labelNames: ['timer'] as const,
  registers: [registry],
});

export const poolConnections = new Gauge({
  name: 'aoms_db_pool_connections',
  help: "This process's PostgreSQL pool: total, idle, and requests waiting for a connection",
  labelNames: ['state'] as const,
  registers: [registry],
});

export const poolMax = new Gauge({
  name: 'aoms_db_pool_max_connections',
  help: "The pool's size (DATABASE_POOL_SIZE)",
  registers: [registry],
});

export const metricsSourceErrors = new Counter({
  name: 'aoms_metrics_source_errors_total',
  help: 'Scrapes for which a database gauge could not be read (its gauges are then stale), by source',
  labelNames: ['source'] as const,
  registers: [registry],
});

/** Something that sets gauges from the database just before a scrape. */
export type MetricsSource = () => Promise<void>;

/** The text exposition of every metric, the database's gauges read afresh. */
export async function renderMetrics(sources: readonly MetricsSource[]): Promise<string> {
  await Promise.all(sources.map((source) => source()));
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;

/** 2xx, 4xx, 5xx: the status class, a label of few values. */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;
