import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { WebhookSubscriptionsTable } from '../db/schema.ts';

/** SQL of webhook subscriptions and their delivery log. */
const COLUMNS = [
  'id',
  'organization_id',
  'url',
  'event_types',
  'active',
  'description',
  'disabled_at',
  'disabled_reason',
  'created_at',
  'updated_at',
] as const;

export type WebhookRow = Pick<Selectable<WebhookSubscriptionsTable>, (typeof COLUMNS)[number]>;

/** One subscription; within one organization unless `organizationId` is null (operators). */
export async function findWebhook(db: Db, id: string, organizationId: string | null) {
  let query = db.selectFrom('webhook_subscriptions').select(COLUMNS).where('id', '=', id);
  if (organizationId !== null) query = query.where('organization_id', '=', organizationId);
  return query.executeTakeFirst();
}

export async function listWebhookRows(db: Db, organizationId: string | null): Promise<WebhookRow[]> {
  let query = db.selectFrom('webhook_subscriptions').select(COLUMNS).orderBy('created_at').orderBy('id');
  if (organizationId !== null) query = query.where('organization_id', '=', organizationId);
  return query.execute();
}

export async function insertWebhook(
  db: Db,
  values: {
    organization_id: string;
    url: string;
    event_types: string[];
    active: boolean;
    description: string | null;
    secret: string;
    created_by: string;
  },
): Promise<WebhookRow> {
  return db.insertInto('webhook_subscriptions').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function updateWebhookRow(
  db: Db,
  id: string,
  changes: {
    url?: string;
    event_types?: string[];
    description?: string | null;
    active?: boolean;
    reenable?: boolean;
    secret?: string;
  },
): Promise<WebhookRow> {
  const { reenable, ...columns } = changes;
  return db
    .updateTable('webhook_subscriptions')
    .set({
      ...columns,
      ...(reenable ? { disabled_at: null, disabled_reason: null, failed_deliveries_in_a_row: 0 } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function deleteWebhookRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
}

/** A page of the subscription's delivery log, newest first, with each attempt and the next retry. */
export async function findDeliveries(db: Db, subscriptionId: string, page: number, perPage: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'e.type as event_type',
      'd.status',
      'd.attempts',
      'd.last_status_code',
      'd.last_error',
      'd.replay_of',
      'd.created_at',
      'd.delivered_at',
      sql<Date | null>`(SELECT o.next_attempt_at FROM outbox_messages o WHERE o.kind = 'webhook' AND o.status = 'pending' AND o.payload->>'delivery_id' = d.id::text LIMIT 1)`.as(
        'next_attempt_at',
      ),
      sql<
        { attempted_at: string; status_code: number | null; latency_ms: number; error: string | null }[]
      >`coalesce((SELECT json_agg(json_build_object('attempted_at', a.attempted_at, 'status_code', a.status_code, 'latency_ms', a.latency_ms, 'error', a.error) ORDER BY a.attempted_at) FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]')`.as(
        'attempt_log',
      ),
    ])
    .where('d.subscription_id', '=', subscriptionId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
}

export type DeliveryRow = Awaited<ReturnType<typeof findDeliveries>>[number];

export async function findDelivery(db: Db, subscriptionId: string, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id'])
    .where('id', '=', deliveryId)
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}

/** Every subscription's stored signing secret (for re-sealing). */
export async function storedWebhookSecrets(db: Db): Promise<{ id: string; secret: string }[]> {
  return db.selectFrom('webhook_subscriptions').select(['id', 'secret']).execute();
}

/** Replaces a stored secret if it is still the one read; answers whether it did. */
export async function replaceStoredSecret(db: Db, id: string, was: string, secret: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set({ secret })
    .where('id', '=', id)
    .where('secret', '=', was)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deliveries being tried or given up, and subscriptions disabled for failing: for /metrics. */
export async function deliveryBacklog(
  db: Db,
): Promise<{ pending: number; failed: number; disabledSubscriptions: number }> {
  const { rows } = await sql<{ pending: string; failed: string; disabled: string }>`
    SELECT (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending') AS pending,
           (SELECT count(*) FROM webhook_deliveries WHERE status = 'failed') AS failed,
           (SELECT count(*) FROM webhook_subscriptions WHERE NOT active AND disabled_at IS NOT NULL) AS disabled`.execute(
    db,
  );
  const row = rows[0]!;
  return {
    pending: Number(row.pending),
    failed: Number(row.failed),
    disabledSubscriptions: Number(row.disabled),
  };
}
