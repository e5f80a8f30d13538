import { loadConfig, ConfigError } from './config/config.ts';
import { buildApp, metricsSources } from './app.ts';
import { startMetricsServer } from './http/metrics-endpoint.ts';
import { renderMetrics } from './metrics/metrics.ts';
import { openDatabase } from './db/open.ts';
import { paymentProvider } from './cards/card-processor.ts';
import { createOutboxDelivery, createTimers } from './workers.ts';
import { seedDemoOnFirstStart } from './seed/first-start.ts';
import { createStorage } from './storage/index.ts';
import { SecretBox } from './auth/secret-box.ts';
import { sealServiceKeys } from './auth/service-secrets.ts';
import { sealWebhookSecrets } from './webhooks/webhook.service.ts';
import { sealBankAccounts } from './payables/payout-settings.service.ts';

/**
 * The process entry: read the configuration, open the database (embedded by default), migrate,
 * serve, and shut down gracefully on SIGTERM or SIGINT.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, { attach: 'refuse', log: (m) => console.error(`[aoms] ${m}`) });
  // Secrets stored in clear before they were sealed, or under an older key, are sealed now; a
  // secret this process cannot open (a wrong SECRET_ENCRYPTION_KEY) stops it here, saying so.
  const secrets = new SecretBox(database.db, config.secretEncryption);
  try {
    await sealServiceKeys(database.db, secrets);
    await sealWebhookSecrets(database.db, secrets);
    await sealBankAccounts(database.db, secrets);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ config, db: database.db });
  const metrics = { token: config.metrics.token, render: () => renderMetrics(metricsSources(database.db)) };
  let metricsServer: { close: () => Promise<void> } | null = null;
  const timers = createTimers(database.db, config, paymentProvider(config));
  const outbox = createOutboxDelivery(database.db, config, (error, messageId) =>
    app.log.warn({ err: error, outbox_message_id: messageId }, 'outbox delivery failed; will retry'),
  );

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; closing anyway');
      void database.close().finally(() => process.exit(1));
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
      await metricsServer?.close();
      await outbox.stop();
      await timers.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));

  try {
    if (database.embedded) await seedDemoOnFirstStart(database.db, config, createStorage(config));
    await app.listen({ port: config.port, host: config.host });
    if (config.metrics.port !== null) {
      metricsServer = await startMetricsServer(metrics, config.metrics.port, config.metrics.host);
      app.log.info(`metrics on http://${config.metrics.host}:${config.metrics.port}/metrics`);
    }
    if (config.outboxWorker) outbox.worker.start();
    timers.start((error) => app.log.error({ err: error }, 'workflow timer failed'));
  } catch (error) {
    app.log.error({ err: error }, 'could not start');
    await app.close().catch(() => undefined);
    await database.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `[aoms] could not start: ${String(error instanceof Error ? error.message : error)}`,
  );
  process.exit(1);
});
