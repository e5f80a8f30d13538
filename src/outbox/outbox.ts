import { sql, type RawBuilder } from 'kysely';
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
  /** A password reset asked for this email: looked up, and its email sent, by the worker. */
  password_reset: { email: string };
  /** A status notice, fanned out into one email per recipient who wants it. */
  notice: {
    order_id: string;
    kind: string;
    reason: string | null;
    appraiser_id: string | null;
    details: Record<string, unknown>;
  };
}

export type OutboxKind = keyof OutboxKinds;

export const OUTBOX_KINDS: readonly OutboxKind[] = ['email', 'webhook', 'password_reset'];

/** How many times each kind is tried before it is marked failed. */
export const MAX_ATTEMPTS: Record<OutboxKind, number> = {
  // With the default 5 s base, doubling to a one-hour cap: about a day of retries.
  email: 30,
  // More than a day of retries before a delivery is marked failed.
  webhook: 36,
  notice: 30,
  // A reset link is asked for now: after about an hour of retries, the person has asked again.
  password_reset: 10,
};

/**
 * What an email is about, for the order's timeline: the order, who besides the company may read
 * that it was sent (an audience of policy/audience.ts: the lender does not learn of the
 * appraiser's emails), and what it is (a notice's kind, `payment_link`, `note`).
 */
export interface OutboxSubject {
  orderId: string;
  audience: 'internal' | 'appraiser' | 'client' | 'everyone';
  topic: string;
}

export async function enqueue<K extends OutboxKind>(
  trx: Trx,
  kind: K,
  payload: OutboxKinds[K],
  about?: OutboxSubject,
): Promise<string> {
  const row = await trx
    .insertInto('outbox_messages')
    .values({
      kind,
      payload: JSON.stringify(payload),
      max_attempts: MAX_ATTEMPTS[kind],
      order_id: about?.orderId ?? null,
      audience: about?.audience ?? null,
      topic: about?.topic ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Messages of one kind as an INSERT statement, for a larger statement that writes them with
 * the change they follow (order.store.ts): the same rows as enqueue, one per payload.
 */
export function enqueueStatement<K extends OutboxKind>(
  kind: K,
  payloads: readonly OutboxKinds[K][],
): RawBuilder<unknown> {
  return sql`INSERT INTO outbox_messages (kind, payload, max_attempts)
    SELECT ${kind}::text, p.payload, ${MAX_ATTEMPTS[kind]}::int
      FROM jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) AS p(payload)`;
}

/**
 * Marks a message delivered from inside the transaction that carried out its work, so that
 * the work is done once even if the worker stops before it records the delivery itself.
 * Answers false when the message was already delivered (its work is done).
 */
export async function markDelivered(trx: Trx, messageId: string): Promise<boolean> {
  const row = await trx
    .updateTable('outbox_messages')
    .set({ status: 'delivered', delivered_at: new Date() })
    .where('id', '=', messageId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
