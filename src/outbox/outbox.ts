import type { Trx } from '../db/connection.ts';
import type { EmailPayload } from '../mail/message.ts';

/**
 * The outbox: every side effect of a change (an email, later a webhook delivery) is written
 * here inside the change's own transaction, so it exists if and only if the change committed.
 * A worker (outbox/worker.ts) delivers it afterwards. Pass the transaction, not the pool.
 */
export interface OutboxKinds {
  email: EmailPayload;
  webhook: { delivery_id: string };
}

export type OutboxKind = keyof OutboxKinds;

export const OUTBOX_KINDS: readonly OutboxKind[] = ['email', 'webhook'];

/** How many times each kind is tried before it is marked failed. */
export const MAX_ATTEMPTS: Record<OutboxKind, number> = {
  // With the default 5 s base, doubling to a one-hour cap: about a day of retries.
  email: 30,
  // More than a day of retries before a delivery is marked failed.
  webhook: 36,
};

export async function enqueue<K extends OutboxKind>(
  trx: Trx,
  kind: K,
  payload: OutboxKinds[K],
): Promise<string> {
  const row = await trx
    .insertInto('outbox_messages')
    .values({ kind, payload: JSON.stringify(payload), max_attempts: MAX_ATTEMPTS[kind] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
