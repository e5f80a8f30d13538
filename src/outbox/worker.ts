import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { outboxDead, outboxDelivered, outboxRetries } from '../metrics/metrics.ts';
import type { OutboxKind, OutboxKinds } from './outbox.ts';

/**
 * Delivers outbox messages after commit. Any number of workers, in any number of processes,
 * share the table: each claims due messages with FOR UPDATE SKIP LOCKED and leases them, so a
 * message is handed to one worker at a time; a worker that dies mid-delivery loses its lease
 * and the message is tried again (delivery is at least once, exactly once in the normal case).
 */
interface ClaimedMessage {
  id: string;
  kind: OutboxKind;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  seq: string;
  next_attempt_at: Date;
}

/** One handler per kind this worker delivers; a message of a kind without one fails at once. */
export type OutboxHandlers = {
  [K in OutboxKind]?: (payload: OutboxKinds[K], messageId: string) => Promise<void>;
};

/** A failure that retrying cannot fix (an address the mail server rejects for good). */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

export interface OutboxWorkerOptions {
  db: Db;
  handlers: OutboxHandlers;
  pollIntervalMs: number;
  retryBaseMs: number;
  /** How long a claimed message stays leased to this worker. */
  leaseMs?: number;
  batchSize?: number;
  onError?: (error: unknown, messageId: string) => void;
  /** Called once a message is marked failed for good (after its last attempt). */
  onGiveUp?: (message: { id: string; kind: OutboxKind; payload: unknown; error: string }) => Promise<void>;
}

const MAX_RETRY_DELAY_MS = 3_600_000;

export class OutboxWorker {
  readonly #options: Required<Omit<OutboxWorkerOptions, 'onError' | 'onGiveUp'>> &
    Pick<OutboxWorkerOptions, 'onError' | 'onGiveUp'>;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;
  #stopped = true;

  constructor(options: OutboxWorkerOptions) {
    this.#options = { leaseMs: 60_000, batchSize: 20, ...options };
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops polling and waits for the delivery in progress, if any. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  /** Claims and delivers the messages that are due now; answers how many were tried. */
  runOnce(): Promise<number> {
    this.#running ??= this.#deliverDue().finally(() => (this.#running = null));
    return this.#running;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.runOnce()
        .catch((error: unknown) => this.#options.onError?.(error, '(claim)'))
        .finally(() => this.#schedule(this.#options.pollIntervalMs));
    }, delayMs);
    this.#timer.unref();
  }

  async #deliverDue(): Promise<number> {
    const { db, batchSize, leaseMs } = this.#options;
    const claim = randomUUID();
    const claimed = await sql<ClaimedMessage>`
      UPDATE outbox_messages
         SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}), claim = ${claim}
       WHERE id IN (
         SELECT id FROM outbox_messages
          WHERE status = 'pending' AND next_attempt_at <= now()
            AND (locked_until IS NULL OR locked_until < now())
          ORDER BY next_attempt_at, seq
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts, seq, next_attempt_at`.execute(db);
    // RETURNING has no order of its own: deliver in the order the messages were written.
    const ordered = claimed.rows.sort(
      (a, b) =>
        a.next_attempt_at.getTime() - b.next_attempt_at.getTime() || Number(BigInt(a.seq) - BigInt(b.seq)),
    );
    let tried = 0;
    for (const message of ordered) {
      // The batch's lease may run out while earlier messages are sent (a slow receiver): each
      // message's lease is renewed just before its turn, and skipped if another worker took it.
      const renewed = await sql<{ attempts: number }>`
        UPDATE outbox_messages
           SET locked_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = attempts + 1
         WHERE id = ${message.id} AND claim = ${claim} AND status = 'pending'
        RETURNING attempts`.execute(db);
      const attempts = renewed.rows[0]?.attempts;
      if (attempts === undefined) continue;
      tried += 1;
      await this.#deliver({ ...message, attempts }, claim);
    }
    return tried;
  }

  async #deliver(
    message: {
      id: string;
      kind: OutboxKind;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    },
    claim: string,
  ) {
    const { db, handlers, retryBaseMs } = this.#options;
    const handler = handlers[message.kind] as ((payload: unknown, id: string) => Promise<void>) | undefined;
    try {
      if (!handler) throw new PermanentDeliveryError(`no handler for outbox kind ${message.kind}`);
      await handler(message.payload, message.id);
      await db
        .updateTable('outbox_messages')
        .set({
          status: 'delivered',
          delivered_at: new Date(),
          locked_until: null,
          last_error: null,
          claim: null,
        })
        .where('id', '=', message.id)
        .where('claim', '=', claim)
        .execute();
      outboxDelivered.inc({ kind: message.kind });
    } catch (error) {
      this.#options.onError?.(error, message.id);
      const permanent = error instanceof PermanentDeliveryError || isPermanentSmtpError(error);
      const exhausted = permanent || message.attempts >= message.max_attempts;
      const delay = Math.min(retryBaseMs * 2 ** (message.attempts - 1), MAX_RETRY_DELAY_MS);
      // A little jitter, so that many messages failing together do not retry together.
      const jittered = Math.round(delay * (0.9 + Math.random() * 0.2));
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      await db
        .updateTable('outbox_messages')
        .set({
          status: exhausted ? 'failed' : 'pending',
          next_attempt_at: new Date(Date.now() + jittered),
          locked_until: null,
          claim: null,
          last_error: reason,
        })
        .where('id', '=', message.id)
        .where('claim', '=', claim)
        .execute();
      (exhausted ? outboxDead : outboxRetries).inc({ kind: message.kind });
      if (exhausted) {
        await this.#options
          .onGiveUp?.({ id: message.id, kind: message.kind, payload: message.payload, error: reason })
          .catch((e: unknown) => this.#options.onError?.(e, message.id));
      }
    }
  }
}

/** SMTP 5xx answers mean the server will never take this message; 4xx and network errors may pass later. */
function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
