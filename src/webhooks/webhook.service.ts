import net from 'node:net';
import { sql } from 'kysely';
import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { emitEvent, queueDelivery } from '../events/emit.ts';
import { EVENT_TYPE_NAMES } from '../events/event-types.ts';
import { AppError, notFound, type FieldProblem } from '../errors/app-error.ts';
import { findOrganization } from '../organizations/organization.repository.ts';
import { isUuid } from '../db/ids.ts';
import { isPrivateAddress } from './address-guard.ts';
import { newWebhookSecret } from './signature.ts';

/**
 * Webhook subscriptions, managed by each organization's admins (and operators). Another
 * organization's subscription is "not found".
 */
type Row = {
  id: string;
  organization_id: string;
  url: string;
  event_types: string[];
  active: boolean;
  description: string | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
};

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

const toWebhook = (row: Row) => ({
  ...row,
  disabled_at: row.disabled_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Client admins and staff admins manage their organization's subscriptions; operators all. */
function requireManager(user: AuthUser): void {
  if (user.role === 'operator') return;
  if (!user.isAdmin || (user.role !== 'client' && user.role !== 'staff')) {
    throw new AppError('forbidden', "Only an organization's admins (client or staff) manage its webhooks");
  }
}

function checkUrl(url: string, config: Config, problems: FieldProblem[]): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    problems.push({ field: 'url', message: 'is not a URL' });
    return;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    problems.push({ field: 'url', message: 'must be http or https' });
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const local =
    host === 'localhost' || host.endsWith('.localhost') || (net.isIP(host) !== 0 && isPrivateAddress(host));
  if (local && !config.webhooks.allowPrivateUrls)
    problems.push({ field: 'url', message: 'must not point to a private, loopback or link-local address' });
}

function checkEventTypes(types: string[] | undefined, problems: FieldProblem[]): string[] {
  if (!types || types.length === 0 || (types.length === 1 && types[0] === '*')) return [];
  types.forEach((type, index) => {
    if (!(EVENT_TYPE_NAMES as string[]).includes(type))
      problems.push({ field: `event_types[${index}]`, message: 'is not an event type' });
  });
  return [...new Set(types)];
}

async function findManaged(db: Db, user: AuthUser, id: string): Promise<Row> {
  requireManager(user);
  if (!isUuid(id)) throw notFound('webhook');
  let query = db.selectFrom('webhook_subscriptions').select(COLUMNS).where('id', '=', id);
  if (user.role !== 'operator') query = query.where('organization_id', '=', user.organizationId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('webhook');
  return row;
}

export async function createWebhook(
  db: Db,
  config: Config,
  user: AuthUser,
  body: {
    url: string;
    event_types?: string[];
    active?: boolean;
    description?: string | null;
    organization_id?: string;
  },
) {
  requireManager(user);
  const problems: FieldProblem[] = [];
  checkUrl(body.url, config, problems);
  const eventTypes = checkEventTypes(body.event_types, problems);
  let organizationId = user.organizationId;
  if (user.role === 'operator') {
    const organization = body.organization_id ? await findOrganization(db, body.organization_id) : null;
    if (!organization)
      problems.push({
        field: 'organization_id',
        message: 'is required for operators: the organization the subscription is for',
      });
    organizationId = organization?.id ?? null;
  }
  if (problems.length > 0 || !organizationId)
    throw new AppError('validation_failed', 'The webhook is not valid', problems);
  const secret = newWebhookSecret();
  const row = await db
    .insertInto('webhook_subscriptions')
    .values({
      organization_id: organizationId,
      url: body.url,
      event_types: eventTypes,
      active: body.active ?? true,
      description: body.description ?? null,
      secret,
      created_by: user.id,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...toWebhook(row), secret };
}

export async function listWebhooks(db: Db, user: AuthUser) {
  requireManager(user);
  let query = db.selectFrom('webhook_subscriptions').select(COLUMNS).orderBy('created_at').orderBy('id');
  if (user.role !== 'operator') query = query.where('organization_id', '=', user.organizationId);
  return (await query.execute()).map(toWebhook);
}

export async function getWebhook(db: Db, user: AuthUser, id: string) {
  return toWebhook(await findManaged(db, user, id));
}

export async function updateWebhook(
  db: Db,
  config: Config,
  user: AuthUser,
  id: string,
  body: { url?: string; event_types?: string[]; active?: boolean; description?: string | null },
) {
  const current = await findManaged(db, user, id);
  const problems: FieldProblem[] = [];
  if (body.url !== undefined) checkUrl(body.url, config, problems);
  const eventTypes = body.event_types !== undefined ? checkEventTypes(body.event_types, problems) : undefined;
  if (problems.length > 0) throw new AppError('validation_failed', 'The webhook is not valid', problems);
  const reenabled = body.active === true && !current.active;
  const row = await db
    .updateTable('webhook_subscriptions')
    .set({
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(eventTypes !== undefined ? { event_types: eventTypes } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(reenabled ? { disabled_at: null, disabled_reason: null, failed_deliveries_in_a_row: 0 } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', current.id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toWebhook(row);
}

export async function deleteWebhook(db: Db, user: AuthUser, id: string): Promise<void> {
  const current = await findManaged(db, user, id);
  await db.deleteFrom('webhook_subscriptions').where('id', '=', current.id).execute();
}

export async function rotateSecret(db: Db, user: AuthUser, id: string): Promise<string> {
  const current = await findManaged(db, user, id);
  const secret = newWebhookSecret();
  await db
    .updateTable('webhook_subscriptions')
    .set({ secret, updated_at: new Date() })
    .where('id', '=', current.id)
    .execute();
  return secret;
}

export async function listDeliveries(db: Db, user: AuthUser, id: string, page: number, perPage: number) {
  const current = await findManaged(db, user, id);
  const rows = await db
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
    .where('d.subscription_id', '=', current.id)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    delivered_at: r.delivered_at ? new Date(r.delivered_at).toISOString() : null,
    next_attempt_at:
      r.status === 'pending' && r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
    attempt_log: r.attempt_log.map((a) => ({ ...a, attempted_at: new Date(a.attempted_at).toISOString() })),
  }));
}

export async function replayDelivery(
  db: Db,
  user: AuthUser,
  id: string,
  deliveryId: string,
): Promise<string> {
  const current = await findManaged(db, user, id);
  if (!isUuid(deliveryId)) throw notFound('delivery');
  const original = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id'])
    .where('id', '=', deliveryId)
    .where('subscription_id', '=', current.id)
    .executeTakeFirst();
  if (!original) throw notFound('delivery');
  if (!current.active)
    throw new AppError('conflict', 'The subscription is disabled: turn it back on first', [
      { field: 'active', message: 'is false' },
    ]);
  return db.transaction().execute((trx) => queueDelivery(trx, current.id, original.event_id, original.id));
}

export async function sendTestEvent(db: Db, user: AuthUser, id: string): Promise<string> {
  const current = await findManaged(db, user, id);
  if (!current.active)
    throw new AppError('conflict', 'The subscription is disabled: turn it back on first', [
      { field: 'active', message: 'is false' },
    ]);
  return db
    .transaction()
    .execute((trx) =>
      emitEvent(
        trx,
        'webhook.test',
        null,
        { message: 'This is a test event.', webhook_id: current.id },
        { subscriptionId: current.id },
      ),
    );
}
