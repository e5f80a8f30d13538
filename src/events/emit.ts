import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../db/connection.ts';
import { enqueue, MAX_ATTEMPTS } from '../outbox/outbox.ts';
import { eventAudience, type EventType } from './event-types.ts';
import { audiencesReaching, type Audience } from '../policy/audience.ts';
import { STATUS_EVENT } from '../policy/records.ts';

/**
 * Records an event in the transaction of the change it describes, and queues one webhook
 * delivery per active subscription that wants it. Only the order's client and company
 * subscribe to its events, and the client only to those that reach it (its audience,
 * policy/audience.ts) or tell a move of status: nobody else learns of them. Rolled back with
 * the change.
 */
export interface EventOrder {
  id: string;
  file_number: string;
  client_id: string;
  company_id: string;
}

/** An event of an order as a change records it: who besides the company it is for. */
export interface OrderEvent {
  type: EventType;
  data: Record<string, unknown>;
  audience: Audience;
}

export async function emitEvent(
  trx: Trx,
  type: EventType,
  order: EventOrder | null,
  data: Record<string, unknown>,
  options: { only?: { subscriptionId: string }; audience?: Audience } = {},
): Promise<string> {
  const organizationIds = order ? [order.client_id, order.company_id] : [];
  const payload = order ? { order_id: order.id, file_number: order.file_number, ...data } : data;
  const audience = eventAudience(type, options.audience);
  const event = await trx
    .insertInto('events')
    .values({
      type,
      order_id: order?.id ?? null,
      organization_ids: organizationIds,
      data: JSON.stringify(payload),
      audience,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let subscriptions = trx.selectFrom('webhook_subscriptions').select('id').where('active', '=', true);
  subscriptions = options.only
    ? subscriptions.where('id', '=', options.only.subscriptionId)
    : subscriptions.where(
        wantsEvent(
          sql.ref('webhook_subscriptions'),
          sql`${type}`,
          sql`${audience}`,
          order ? { clientId: order.client_id, companyId: order.company_id } : null,
        ),
      );
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
 * wants an event of `type` for `audience` about an order: the company's subscriptions all of
 * its order's events, the client's those that reach the lender or tell a move of status
 * (whose reason the delivery leaves out where the change was not the lender's to see:
 * webhooks/delivery.ts); each takes every type or this one. Events of no order go to no one
 * this way (a test delivery names its subscription).
 */
function wantsEvent(
  subscription: RawBuilder<unknown>,
  type: RawBuilder<unknown>,
  audience: RawBuilder<unknown>,
  order: { clientId: string; companyId: string } | null,
): RawBuilder<boolean> {
  if (!order) return sql<boolean>`false`;
  const reachingClient = sql.join(audiencesReaching('client').map((a) => sql.lit(a)));
  return sql<boolean>`((${subscription}.organization_id = ${order.companyId}::uuid
      OR (${subscription}.organization_id = ${order.clientId}::uuid
          AND (${audience} IN (${reachingClient}) OR ${type} = ${sql.lit(STATUS_EVENT)})))
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
  events: readonly OrderEvent[],
  now: Date,
): RawBuilder<unknown> {
  const organizationIds = [order.client_id, order.company_id];
  const rows = events.map((event, place) => ({
    place,
    type: event.type,
    data: event.data,
    audience: event.audience,
  }));
  return sql`new_events AS (
      INSERT INTO events (type, order_id, organization_ids, data, audience, created_at)
      SELECT e.type, ${order.id}::uuid, ${sql.val(organizationIds)}::uuid[],
             jsonb_build_object('order_id', ${order.id}::uuid, 'file_number', ${fileNumber}) || e.data,
             e.audience, clock_timestamp() + e.place * interval '1 microsecond'
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             AS e(place int, type text, data jsonb, audience text)
       ORDER BY e.place
      RETURNING id, type, audience, created_at),
    new_deliveries AS (
      INSERT INTO webhook_deliveries (subscription_id, event_id, next_attempt_at)
      SELECT s.id, ev.id, ${now}::timestamptz
        FROM new_events ev JOIN webhook_subscriptions s
          ON s.active AND ${wantsEvent(sql.ref('s'), sql.ref('ev.type'), sql.ref('ev.audience'), {
            clientId: order.client_id,
            companyId: order.company_id,
          })}
       ORDER BY ev.created_at, s.id
      RETURNING id),
    new_webhook_messages AS (
      INSERT INTO outbox_messages (kind, payload, max_attempts)
      SELECT 'webhook', jsonb_build_object('delivery_id', d.id), ${MAX_ATTEMPTS.webhook}::int
        FROM new_deliveries d)`;
}
