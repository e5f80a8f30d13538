import { sql } from 'kysely';
import type { Trx } from '../db/connection.ts';
import { enqueue } from '../outbox/outbox.ts';
import type { EventType } from './event-types.ts';

/**
 * Records an event in the transaction of the change it describes, and queues one webhook
 * delivery per active subscription that wants it. Only the order's client and company
 * subscribe to its events: nobody else learns of them. Rolled back with the change.
 */
export interface EventOrder {
  id: string;
  file_number: string;
  client_id: string;
  company_id: string;
}

export async function emitEvent(
  trx: Trx,
  type: EventType,
  order: EventOrder | null,
  data: Record<string, unknown>,
  only?: { subscriptionId: string },
): Promise<string> {
  const organizationIds = order ? [order.client_id, order.company_id] : [];
  const payload = order ? { order_id: order.id, file_number: order.file_number, ...data } : data;
  const event = await trx
    .insertInto('events')
    .values({
      type,
      order_id: order?.id ?? null,
      organization_ids: organizationIds,
      data: JSON.stringify(payload),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let subscriptions = trx.selectFrom('webhook_subscriptions').select('id').where('active', '=', true);
  subscriptions = only
    ? subscriptions.where('id', '=', only.subscriptionId)
    : subscriptions
        .where('organization_id', '=', sql<string>`ANY(${sql.val(organizationIds)}::uuid[])`)
        .where(sql<boolean>`(cardinality(event_types) = 0 OR ${type} = ANY(event_types))`);
  for (const subscription of await subscriptions.execute()) {
    await queueDelivery(trx, subscription.id, event.id);
  }
  return event.id;
}

export async function queueDelivery(
  trx: Trx,
  subscriptionId: string,
  eventId: string,
  replayOf: string | null = null,
): Promise<string> {
  const delivery = await trx
    .insertInto('webhook_deliveries')
    .values({
      subscription_id: subscriptionId,
      event_id: eventId,
      replay_of: replayOf,
      next_attempt_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueue(trx, 'webhook', { delivery_id: delivery.id });
  return delivery.id;
}
