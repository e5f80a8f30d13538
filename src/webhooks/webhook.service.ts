import type { AuthUser } from '../auth/principal.ts';
import type { SecretBox } from '../auth/secret-box.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { emitEvent, queueDelivery } from '../events/emit.ts';
import { EVENT_TYPE_NAMES } from '../events/event-types.ts';
import { AppError, notFound, type FieldProblem } from '../errors/app-error.ts';
import { findOrganization } from '../organizations/organization.repository.ts';
import { isUuid } from '../db/ids.ts';
import { refusedHost } from './address-guard.ts';
import { newWebhookSecret, WEBHOOK_SECRET_PURPOSE } from './signature.ts';
import { toDelivery, toWebhook } from './webhook.mapper.ts';
import {
  deleteWebhookRow,
  findDeliveries,
  findDelivery,
  findWebhook,
  insertWebhook,
  listWebhookRows,
  replaceStoredSecret,
  storedWebhookSecrets,
  updateWebhookRow,
  type WebhookRow,
} from './webhook.repository.ts';

/**
 * Webhook subscriptions, managed by each organization's admins (and operators). Another
 * organization's subscription is "not found".
 */
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
  const refused = config.webhooks.allowPrivateUrls ? null : refusedHost(parsed.hostname);
  if (refused) problems.push({ field: 'url', message: refused });
}

function checkEventTypes(types: string[] | undefined, problems: FieldProblem[]): string[] {
  if (!types || types.length === 0 || (types.length === 1 && types[0] === '*')) return [];
  types.forEach((type, index) => {
    if (!(EVENT_TYPE_NAMES as string[]).includes(type))
      problems.push({ field: `event_types[${index}]`, message: 'is not an event type' });
  });
  return [...new Set(types)];
}

/** The organization whose subscriptions the user manages; null: every organization's (operators). */
const managedOrganization = (user: AuthUser): string | null =>
  user.role === 'operator' ? null : user.organizationId;

async function findManaged(db: Db, user: AuthUser, id: string): Promise<WebhookRow> {
  requireManager(user);
  if (!isUuid(id)) throw notFound('webhook');
  const row = await findWebhook(db, id, managedOrganization(user));
  if (!row) throw notFound('webhook');
  return row;
}

export async function createWebhook(
  { db, config, secrets }: { db: Db; config: Config; secrets: SecretBox },
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
  const row = await insertWebhook(db, {
    organization_id: organizationId,
    url: body.url,
    event_types: eventTypes,
    active: body.active ?? true,
    description: body.description ?? null,
    secret: await secrets.seal(secret, WEBHOOK_SECRET_PURPOSE),
    created_by: user.id,
  });
  return { ...toWebhook(row), secret };
}

export async function listWebhooks(db: Db, user: AuthUser) {
  requireManager(user);
  return (await listWebhookRows(db, managedOrganization(user))).map(toWebhook);
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
  const row = await updateWebhookRow(db, current.id, {
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(eventTypes !== undefined ? { event_types: eventTypes } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
    reenable: body.active === true && !current.active,
  });
  return toWebhook(row);
}

export async function deleteWebhook(db: Db, user: AuthUser, id: string): Promise<void> {
  const current = await findManaged(db, user, id);
  await deleteWebhookRow(db, current.id);
}

export async function rotateSecret(
  { db, secrets }: { db: Db; secrets: SecretBox },
  user: AuthUser,
  id: string,
): Promise<string> {
  const current = await findManaged(db, user, id);
  const secret = newWebhookSecret();
  await updateWebhookRow(db, current.id, { secret: await secrets.seal(secret, WEBHOOK_SECRET_PURPOSE) });
  return secret;
}

export async function listDeliveries(db: Db, user: AuthUser, id: string, page: number, perPage: number) {
  const current = await findManaged(db, user, id);
  return (await findDeliveries(db, current.id, page, perPage)).map(toDelivery);
}

export async function replayDelivery(
  db: Db,
  user: AuthUser,
  id: string,
  deliveryId: string,
): Promise<string> {
  const current = await findManaged(db, user, id);
  if (!isUuid(deliveryId)) throw notFound('delivery');
  const original = await findDelivery(db, current.id, deliveryId);
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
        { only: { subscriptionId: current.id } },
      ),
    );
}

/**
 * Seals the signing secrets stored in clear (before secrets were sealed) or under an older
 * key; run at every start. Answers how many changed.
 */
export async function sealWebhookSecrets(db: Db, secrets: SecretBox): Promise<number> {
  let sealed = 0;
  for (const row of await storedWebhookSecrets(db)) {
    if (!(await secrets.needsSealing(row.secret))) continue;
    const secret = await secrets.open(row.secret, WEBHOOK_SECRET_PURPOSE);
    const value = await secrets.seal(secret, WEBHOOK_SECRET_PURPOSE);
    if (await replaceStoredSecret(db, row.id, row.secret, value)) sealed += 1;
  }
  return sealed;
}
