import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { OutboxWorker } from './worker.ts';

/** The outbox worker of a service process, with a handler for every kind of message. */
export interface OutboxDelivery {
  worker: OutboxWorker;
  mailer: Mailer;
  stop(): Promise<void>;
}

export function createOutboxDelivery(
  db: Db,
  config: Config,
  onError?: (error: unknown, messageId: string) => void,
): OutboxDelivery {
  const mailer = createMailer(config);
  const worker = new OutboxWorker({
    db,
    pollIntervalMs: config.outboxPollIntervalMs,
    retryBaseMs: config.outboxRetryBaseMs,
    handlers: { email: (payload, id) => mailer.send(payload, id) },
    ...(onError ? { onError } : {}),
  });
  return {
    worker,
    mailer,
    async stop() {
      await worker.stop();
      mailer.close();
    },
  };
}
