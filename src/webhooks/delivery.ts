import type { SecretBox } from '../auth/secret-box.ts';
import type { Config } from '../config/config.ts';
import type { Db, Trx } from '../db/connection.ts';
import { eventDataSeenBy } from '../policy/records.ts';
import { renderEmail } from '../mail/templates.ts';
import { enqueue } from '../outbox/outbox.ts';
import { PermanentDeliveryError } from '../outbox/worker.ts';
import { postJson } from './sender.ts';
import { sign, WEBHOOK_SECRET_PURPOSE } from './signature.ts';

/**
 * The outbox handler for webhook deliveries: one signed POST per attempt, each attempt
 * logged. A 2xx delivers; anything else throws, and the outbox retries with backoff. When the
 * outbox gives up, `deliveryFailed` marks the delivery failed and, after several failed
 * deliveries in a row, disables the subscription and tells its admins.
 */
export function createWebhookHandler(db: Db, config: Config, secrets: SecretBox) {
  return async (payload: { delivery_id: string }): Promise<void> => {
    const delivery = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .innerJoin('organizations as o', 'o.id', 's.organization_id')
      .select([
        'd.id',
        'd.status',
        's.id as subscription_id',
        's.url',
        's.secret',
        's.active',
        'o.kind as organization_kind',
        'e.id as event_id',
        'e.type',
        'e.data',
        'e.audience',
        'e.created_at',
      ])
      .where('d.id', '=', payload.delivery_id)
      .executeTakeFirst();
    if (!delivery || delivery.status !== 'pending') return;
    if (!delivery.active) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', last_error: 'the subscription is disabled' })
        .where('id', '=', delivery.id)
        .execute();
      return;
    }
    // What the subscriber's organization may see of the event (policy/records.ts): a client's
    // subscriptions never receive the appraiser's side, nor the reason of a change that was
    // between the company and the appraiser. Deliveries queued before a change of the rules
    // are held to them too: one the client may not see at all is dropped.
    const data = eventDataSeenBy(
      delivery.type,
      delivery.audience,
      delivery.data,
      delivery.organization_kind === 'client' ? 'client' : 'company',
    );
    if (data === null) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', last_error: "the event is not the subscriber's to see" })
        .where('id', '=', delivery.id)
        .execute();
      return;
    }
    const body = JSON.stringify({
      id: delivery.event_id,
      type: delivery.type,
      timestamp: delivery.created_at.toISOString(),
      data,
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const result = await postJson(
      delivery.url,
      body,
      {
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': sign(
          await secrets.open(delivery.secret, WEBHOOK_SECRET_PURPOSE),
          delivery.event_id,
          timestamp,
          body,
        ),
      },
      { timeoutMs: config.webhooks.timeoutMs, allowPrivate: config.webhooks.allowPrivateUrls },
    );
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const error = ok ? null : (result.error ?? `the receiver answered ${result.statusCode}`);
    await db.transaction().execute(async (trx) => {
      // The subscription first, then its delivery: the order in which deleting a subscription
      // locks them (its deliveries go by cascade), so an unsubscribe during a delivery waits
      // instead of deadlocking. A subscription deleted meanwhile took its delivery with it.
      if (!(await lockSubscription(trx, delivery.subscription_id))) return;
      await trx
        .insertInto('webhook_attempts')
        .values({
          delivery_id: delivery.id,
          status_code: result.statusCode,
          latency_ms: result.latencyMs,
          error,
        })
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_status_code: result.statusCode,
          last_error: error,
          ...(ok ? { status: 'delivered' as const, delivered_at: new Date(), next_attempt_at: null } : {}),
        }))
        .where('id', '=', delivery.id)
        .execute();
      if (ok)
        await trx
          .updateTable('webhook_subscriptions')
          .set({ failed_deliveries_in_a_row: 0 })
          .where('id', '=', delivery.subscription_id)
          .execute();
    });
    if (!ok) {
      // A private address stays private: retrying cannot help.
      if (result.blocked) throw new PermanentDeliveryError(error!);
      throw new Error(error!);
    }
  };
}

/** Locks the subscription's row for this transaction; false when it no longer exists. */
async function lockSubscription(trx: Trx, subscriptionId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('id', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function deliveryFailed(
  db: Db,
  config: Config,
  deliveryId: string,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // As in the handler: the subscription is locked before its delivery.
    const owner = await trx
      .selectFrom('webhook_deliveries')
      .select('subscription_id')
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    if (!owner || !(await lockSubscription(trx, owner.subscription_id))) return;
    const delivery = await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: reason, next_attempt_at: null })
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .returning('subscription_id')
      .executeTakeFirst();
    if (!delivery) return;
    const subscription = await trx
      .updateTable('webhook_subscriptions')
      .set((eb) => ({ failed_deliveries_in_a_row: eb('failed_deliveries_in_a_row', '+', 1) }))
      .where('id', '=', delivery.subscription_id)
      .returning(['id', 'url', 'organization_id', 'failed_deliveries_in_a_row', 'active'])
      .executeTakeFirstOrThrow();
    if (
      !subscription.active ||
      subscription.failed_deliveries_in_a_row < config.webhooks.disableAfterFailedDeliveries
    )
      return;
    const why = `${subscription.failed_deliveries_in_a_row} deliveries in a row failed after every retry; the last: ${reason}`;
    await trx
      .updateTable('webhook_subscriptions')
      .set({ active: false, disabled_at: new Date(), disabled_reason: why, updated_at: new Date() })
      .where('id', '=', subscription.id)
      .execute();
    const admins = await trx
      .selectFrom('users')
      .select('email')
      .where('organization_id', '=', subscription.organization_id)
      .where('is_admin', '=', true)
      .execute();
    if (admins.length === 0) return;
    await enqueue(
      trx,
      'email',
      renderEmail({
        to: admins.map((a) => a.email),
        subject: 'A webhook subscription was disabled',
        paragraphs: [
          `The webhook subscription to ${subscription.url} was disabled: ${why}.`,
          `Fix the receiver, then turn the subscription back on (PATCH /api/v1/webhooks/${subscription.id} with "active": true) and replay the failed deliveries from its delivery log.`,
        ],
        action: { label: 'Open the API documentation', url: `${config.publicBaseUrl}/docs` },
      }),
    );
  });
}
