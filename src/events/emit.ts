import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../db/connection.ts';
import { enqueue, MAX_ATTEMPTS } from '../outbox/outbox.ts';
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
    : subscriptions.where(wantsEvent(sql.ref('webhook_subscriptions'), sql`${type}`, organizationIds));
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

/**
 * Whether an active subscription (`subscription`, a reference to a webhook_subscriptions row)
 * wants an event of `type` about the organizations named: one of them owns it, and it takes
 * every type or this one.
 */
function wantsEvent(
  subscription: RawBuilder<unknown>,
  type: RawBuilder<unknown>,
  organizationIds: readonly string[],
): RawBuilder<boolean> {
  return sql<boolean>`(${subscription}.organization_id = ANY(${sql.val(organizationIds)}::uuid[])
    AND (cardinality(${subscription}.event_types) = 0 OR ${type} = ANY(${subscription}.event_types)))`;
}

/**
 * The order's events of one change, as the common table expressions of a larger statement
 * (the order's history is written by the same statement: order.store.ts; `fileNumber` is the
 * order's, as SQL, since the statement may be the one that numbers the order): the events, in
 * the order given, with strictly increasing times (a row's clock, plus a microsecond per
 * place in the list, so that two rows written within one microsecond still keep their order);
 * a webhook delivery per subscription that wants each (the rule of emitEvent), and its
 * outbox message. Names the expressions new_events, new_deliveries and new_webhook_messages.
 */
export function orderEventsExpressions(
  order: Omit<EventOrder, 'file_number'>,
  fileNumber: RawBuilder<string>,
  events: readonly { type: EventType; data: Record<string, unknown> }[],
  now: Date,
): RawBuilder<unknown> {
  const organizationIds = [order.client_id, order.company_id];
  const rows = events.map((event, place) => ({ place, type: event.type, data: event.data }));
  return sql`new_events AS (
      INSERT INTO events (type, order_id, organization_ids, data, created_at)
      SELECT e.type, ${order.id}::uuid, ${sql.val(organizationIds)}::uuid[],
             jsonb_build_object('order_id', ${order.id}::uuid, 'file_number', ${fileNumber}) || e.data,
             clock_timestamp() + e.place * interval '1 microsecond'
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(place int, type text, data jsonb)
       ORDER BY e.place
      RETURNING id, type, created_at),
    new_deliveries AS (
      INSERT INTO webhook_deliveries (subscription_id, event_id, next_attempt_at)
      SELECT s.id, ev.id, ${now}::timestamptz
        FROM new_events ev JOIN webhook_subscriptions s
          ON s.active AND ${wantsEvent(sql.ref('s'), sql.ref('ev.type'), organizationIds)}
       ORDER BY ev.created_at, s.id
      RETURNING id),
    new_webhook_messages AS (
      INSERT INTO outbox_messages (kind, payload, max_attempts)
      SELECT 'webhook', jsonb_build_object('delivery_id', d.id), ${MAX_ATTEMPTS.webhook}::int
        FROM new_deliveries d)`;
}
