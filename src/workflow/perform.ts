import { sql } from 'kysely';
import { fullName, type Principal } from '../auth/principal.ts';
import { emitEvent } from '../events/emit.ts';
import type { EventType } from '../events/event-types.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { AppError, notFound } from '../http/errors.ts';
import { isUuid } from '../organizations/organization.repository.ts';
import { isActor, isOrderVisible, orderVisibleTo } from './access.ts';
import type { Status } from './statuses.ts';
import { ACTIONS_BY_NAME, ENDPOINT_ACTIONS, systemAction } from './transitions.ts';
import type { ActionFiles, ActionResult, LockedOrder, OrderPatch } from './types.ts';
import { OrderFileWriter } from '../files/file.store.ts';
import type { Upload } from '../http/multipart.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { Storage } from '../storage/storage.ts';

const LOCKED_COLUMNS = [
  'id',
  'file_number',
  'status',
  'resume_status',
  'negotiation_return_status',
  'client_id',
  'company_id',
  'appraiser_id',
  'appraiser_fee_cents',
  'condition_fee_cents',
  'condition_due_date',
  'condition_comments',
  'negotiation_fee_cents',
  'negotiation_due_date',
  'total_fee_cents',
  'paid_cents',
  'payment_method',
  'due_date',
  'vendor_due_date',
] as const;

/** The actions this user may take on the order now: the order's allowed_transitions. */
export function allowedTransitions(
  user: Principal['user'],
  order: { status: string; client_id: string; company_id: string; appraiser_id: string | null },
): string[] {
  return ENDPOINT_ACTIONS.filter(
    (a) => a.from.includes(order.status as Status) && a.actors.some((actor) => isActor(actor, user, order)),
  ).map((a) => a.action);
}

/**
 * Takes an action on an order, atomically: the order row is locked, the caller's right and
 * the order's status are checked against the workflow table, the change and its history are
 * written in one transaction. Of two concurrent actions, the second sees the first's result
 * (and gets 409 if its action is no longer allowed). Answers the order's new status.
 */
export interface ActionRequestFiles {
  resolve(reference: unknown): Upload | null;
  storage: Storage;
  links: LinkSigner;
}

export async function performAction(
  db: Db,
  principal: Principal,
  config: Config,
  orderId: string,
  actionName: string,
  input: unknown,
  requestFiles: ActionRequestFiles,
): Promise<Status> {
  const definition = ACTIONS_BY_NAME.get(actionName);
  if (!definition || definition.actors.length === 0)
    throw new AppError('route_not_found', `No action ${actionName}`);
  if (!isUuid(orderId)) throw notFound('order');
  const { user } = principal;
  return OrderFileWriter.run(requestFiles.storage, (writer) =>
    db.transaction().execute(async (trx) => {
      // Visibility is checked before the lock, then the row is locked by id alone: a request
      // that waited behind a concurrent change which took the order out of the caller's sight
      // (a rejected offer) learns that it lost (409), not that the order never existed (404).
      const seen = await trx
        .selectFrom('orders')
        .select('id')
        .where('orders.id', '=', orderId)
        .where(orderVisibleTo(user))
        .executeTakeFirst();
      if (!seen) {
        // An appraiser who was offered the order knows it exists: losing the offer (to their own
        // concurrent reject, a timeout, a reassignment) is a conflict, not a missing order.
        if (user.role === 'appraiser' && (await wasOfferedTo(trx, orderId, user.id))) {
          throw new AppError('conflict', 'This order is no longer offered or assigned to you', [
            { field: 'appraiser_id', message: 'is no longer you' },
          ]);
        }
        throw notFound('order');
      }
      const order = (await trx
        .selectFrom('orders')
        .select(LOCKED_COLUMNS)
        .where('orders.id', '=', orderId)
        .forUpdate()
        .executeTakeFirstOrThrow()) as unknown as LockedOrder;
      if (!isOrderVisible(user, order)) {
        throw new AppError(
          'conflict',
          'A concurrent change took this order out of your hands; read it again',
          [{ field: 'status', message: `is ${order.status}` }],
        );
      }
      if (!definition.actors.some((actor) => isActor(actor, user, order))) {
        throw new AppError(
          'forbidden',
          `Your role (${user.role}) may not ${actionName.replace(/_/g, ' ')} on this order`,
        );
      }
      if (!definition.from.includes(order.status)) {
        const allowed = allowedTransitions(user, order);
        throw new AppError(
          'transition_not_allowed',
          `${actionName} is not allowed while the order is ${order.status}; allowed now: ${allowed.join(', ') || 'none'}`,
          [
            {
              field: 'status',
              message: `is ${order.status}; allowed_transitions: ${allowed.join(', ') || 'none'}`,
            },
          ],
        );
      }
      const now = new Date();
      const files: ActionFiles = {
        resolve(reference, field) {
          const upload = requestFiles.resolve(reference);
          if (!upload)
            throw new AppError('validation_failed', `${field} must be a file`, [
              { field, message: 'must be a file part (multipart/form-data)' },
            ]);
          return upload;
        },
        writer,
        storage: requestFiles.storage,
        links: requestFiles.links,
      };
      const result = await definition.apply({ trx, order, input: input ?? {}, user, config, now, files });
      await applyResult(trx, order, actionName, result, principal);
      return result.then?.at(-1)?.to ?? result.to;
    }),
  );
}

/** Which event each action announces, besides order.status_changed. */
const ACTION_EVENTS: Record<string, (result: ActionResult) => [EventType, Record<string, unknown>] | null> = {
  assign: (r) => [
    'order.assigned',
    { appraiser_id: r.details?.appraiser_id ?? null, fee: r.details?.fee ?? null },
  ],
  auto_assign_completed: (r) => [
    'order.assigned',
    { appraiser_id: r.details?.appraiser_id ?? null, fee: null },
  ],
  accept_assignment: (r) => [
    'order.offer_answered',
    {
      answer: r.to === 'Assigned' ? 'accepted' : 'accepted_with_condition',
      reason: r.reason ?? null,
      ...r.details,
    },
  ],
  reject_assignment: (r) => [
    'order.offer_answered',
    { answer: 'rejected', reason: r.reason ?? null, ...r.details },
  ],
  schedule_inspection: (r) => [
    'order.inspection_scheduled',
    { inspection_scheduled_at: r.details?.inspection_scheduled_at ?? null },
  ],
  complete_inspection: () => ['order.inspection_completed', {}],
  request_submission: (r) => ['order.submission_received', { files: r.details?.files ?? [] }],
  request_revision: (r) => ['order.revision_requested', { comments: r.reason ?? null }],
  request_reconsideration_of_value: (r) => [
    'order.reconsideration_requested',
    { reason: r.details?.reason ?? null, summary: r.reason ?? null },
  ],
  request_negotiation: (r) => [
    'order.negotiation_opened',
    { fee: r.patch?.negotiation_fee_cents ?? null, due_date: r.patch?.negotiation_due_date ?? null },
  ],
  approve_assignment_condition: (r) =>
    r.to === 'Under negotiation'
      ? [
          'order.negotiation_opened',
          { fee: r.patch?.negotiation_fee_cents ?? null, due_date: r.patch?.negotiation_due_date ?? null },
        ]
      : null,
  approve_negotiation: () => ['order.negotiation_answered', { answer: 'approved' }],
  refuse_negotiation: (r) => ['order.negotiation_answered', { answer: 'refused', reason: r.reason ?? null }],
};

async function emitTransitionEvents(
  trx: Db,
  order: LockedOrder,
  actionName: string,
  result: ActionResult,
  steps: { action: string; from_status: string; to_status: string; reason: string | null }[],
  principal: Principal | null,
): Promise<void> {
  const actor = principal ? { id: principal.user.id, name: fullName(principal.user) } : null;
  const special = ACTION_EVENTS[actionName]?.(result);
  if (special) await emitEvent(trx, special[0], order, special[1]);
  for (const step of steps) {
    if (step.from_status === step.to_status) continue;
    await emitEvent(trx, 'order.status_changed', order, {
      from: step.from_status,
      to: step.to_status,
      action: step.action,
      actor: step.action === actionName ? actor : null,
      reason: step.reason,
    });
  }
}

async function wasOfferedTo(trx: Db, orderId: string, appraiserId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('order_history')
    .select('id')
    .where('order_id', '=', orderId)
    .where(sql<string>`details->>'appraiser_id'`, '=', appraiserId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes an action's result: the order's new status and fields, and the history rows. */
export async function applyResult(
  trx: Db,
  order: LockedOrder,
  actionName: string,
  result: ActionResult,
  principal: Principal | null,
): Promise<void> {
  const finalStatus = result.then?.at(-1)?.to ?? result.to;
  const patch: OrderPatch = { ...result.patch, status: finalStatus, updated_at: sql<Date>`now()` as never };
  await trx.updateTable('orders').set(patch).where('id', '=', order.id).execute();
  const rows = [
    {
      action: actionName,
      from_status: order.status,
      to_status: result.to,
      reason: result.reason ?? null,
      details: result.details ?? {},
    },
    ...(result.then ?? []).map((step, index, steps) => ({
      action: step.action,
      from_status: index === 0 ? result.to : steps[index - 1]!.to,
      to_status: step.to,
      reason: null,
      details: {},
    })),
  ];
  await emitTransitionEvents(trx, order, actionName, result, rows, principal);
  await trx
    .insertInto('order_history')
    .values(
      rows.map((row) => ({
        order_id: order.id,
        action: row.action,
        from_status: row.from_status,
        to_status: row.to_status,
        user_id: principal?.user.id ?? null,
        key_owner_id: principal?.keyOwner.id ?? null,
        reason: row.reason,
        details: JSON.stringify(row.details),
      })),
    )
    .execute();
}

/** Takes a system event on an order already locked in `trx` (timers, payments). */
export async function performSystemAction(
  trx: Db,
  orderId: string,
  actionName: string,
  config: Config,
  extraPatch: OrderPatch = {},
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const definition = systemAction(actionName);
  const order = (await trx
    .selectFrom('orders')
    .select(LOCKED_COLUMNS)
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst()) as LockedOrder | undefined;
  if (!order || !definition.from.includes(order.status)) return false;
  const system = {
    id: 'system',
    organizationId: null,
    organizationKind: null,
    role: 'operator',
    isAdmin: true,
    email: '',
    firstName: 'System',
    lastName: '',
  } as const;
  const files: ActionFiles = {
    resolve: () => {
      throw new Error('system actions take no files');
    },
    writer: null as never,
    storage: null as never,
    links: null as never,
  };
  const result = await definition.apply({
    trx,
    order,
    input: {},
    user: system,
    config,
    now: new Date(),
    files,
  });
  await applyResult(
    trx,
    order,
    actionName,
    { ...result, patch: { ...result.patch, ...extraPatch }, details: { ...result.details, ...details } },
    null,
  );
  return true;
}
