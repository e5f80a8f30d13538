import { SecretBox } from './auth/secret-box.ts';
import type { Config } from './config/config.ts';
import type { Db } from './db/connection.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createNoticeHandler } from './orders/order.notice-delivery.ts';
import { OutboxWorker, type OutboxHandlers } from './outbox/worker.ts';
import { passwordResetHandler, sendEmail } from './sessions/link-emails.ts';
import type { PaymentProvider } from './cards/card-processor.ts';
import { forgetExpiredIdempotencyKeys } from './http/idempotency.ts';
import { forgetOldPanelChanges } from './panel/panel-memory.repository.ts';
import { WorkflowTimers } from './orders/order.timers.ts';
import { watchCredentialExpiry } from './panel/expiry.service.ts';
import { confirmPendingPayments } from './payments/payment.service.ts';
import { createWebhookHandler, deliveryFailed } from './webhooks/delivery.ts';

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
    handlers: {
      ...mailHandlers(db, config, mailer),
      webhook: createWebhookHandler(db, config, new SecretBox(db, config.secretEncryption)),
    },
    onGiveUp: async (message) => {
      if (message.kind === 'webhook') {
        await deliveryFailed(
          db,
          config,
          (message.payload as { delivery_id: string }).delivery_id,
          message.error,
        );
      }
    },
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

/** The outbox kinds that end in an email: emails, password resets, status notices. */
export function mailHandlers(db: Db, config: Config, mailer: Mailer): OutboxHandlers {
  return {
    email: (payload, id) => sendEmail(db, mailer, payload, id),
    password_reset: passwordResetHandler(db, config, mailer),
    notice: createNoticeHandler(db, config),
  };
}

/**
 * The clock's work of a service process: the workflow's timers (offer timeouts,
 * auto-assignment), and beside them the confirmations of pending card payments, the
 * forgetting of day-old idempotency keys and of the panel's old change notes, and the notices of
 * credentials about to expire.
 */
export function createTimers(db: Db, config: Config, payments: PaymentProvider): WorkflowTimers {
  return new WorkflowTimers(db, config, [
    () => confirmPendingPayments({ db, config, payments }),
    () => forgetExpiredIdempotencyKeys(db),
    () => watchCredentialExpiry(db, config),
    () => forgetOldPanelChanges(db),
  ]);
}
