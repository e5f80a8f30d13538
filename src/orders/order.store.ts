import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import { fullName, type AuthUser, type Principal } from '../auth/principal.ts';
import type { Db, Trx } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import type { OrderPatch, OrderProductsTable, OrdersTable } from '../db/schema.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { orderEventsExpressions, type EventOrder, type OrderEvent } from '../events/emit.ts';
import { eventAudience, type EventType } from '../events/event-types.ts';
import type { Audience } from '../policy/audience.ts';
import { NOTICE_KINDS } from '../events/notice-kinds.ts';
import { enqueueStatement, type OutboxKinds } from '../outbox/outbox.ts';
import type { Status } from '../workflow/statuses.ts';
import { isOrderVisible, orderVisibleTo } from '../policy/order-access.ts';
import { noticesFor } from './order.notices.ts';
import type { NewOrderParty, PartyRow } from './order.parties.ts';
import { PARTIES_JSON } from './order.repository.ts';

/**
 * The order aggregate. Every feature that reads an order for a user or for a change, writes
 * the `orders` table, or records what happened to an order goes through these functions:
 * - findVisibleOrder: the order a user may see (404 otherwise), optionally locked for a change;
 * - findOrder: an order by id, for the service itself (timers, signed links);
 * - insertOrder / updateOrder / changeOrder: the only writes of the `orders` table;
 * - recordOrderChange: the history entry and the event that announces it, together
 *   (changeOrder: with the change of the order's columns, in one statement).
 * The order detail and list are read models over the same table (order.repository.ts, order.list.repository.ts).
 */
export type OrderRow = Selectable<OrdersTable>;
export type OrderColumn = keyof OrderRow;

/** Read with every order: who it belongs to, what events name it by, and its version. */
const KEY_COLUMNS = [
  'id',
  'file_number',
  'status',
  'client_id',
  'company_id',
  'appraiser_id',
  'updated_at',
] as const;
type KeyColumn = (typeof KEY_COLUMNS)[number];

export type OrderKeys = Omit<Pick<OrderRow, KeyColumn>, 'status'> & { status: Status };
export type OrderWith<C extends OrderColumn> = OrderKeys & Omit<Pick<OrderRow, C>, KeyColumn>;

export interface ReadOptions<C extends OrderColumn> {
  columns?: readonly C[];
  lock?: false;
}
/** Locked FOR UPDATE until the transaction ends: the order is read to be changed. */
export interface LockOptions<C extends OrderColumn> {
  columns?: readonly C[];
  lock: true;
}

function selectOrder(db: Db, orderId: string, columns: readonly OrderColumn[], lock: boolean) {
  const query = db
    .selectFrom('orders')
    .select([...KEY_COLUMNS, ...columns])
    .where('orders.id', '=', orderId);
  return lock ? query.forUpdate() : query;
}

/** An order by id alone, for the service's own work (timers, pages behind signed links); null when absent. */
export async function findOrder<C extends OrderColumn = never>(
  db: Db,
  orderId: string,
  options?: ReadOptions<C>,
): Promise<OrderWith<C> | null>;
export async function findOrder<C extends OrderColumn = never>(
  trx: Trx,
  orderId: string,
  options: LockOptions<C>,
): Promise<OrderWith<C> | null>;
export async function findOrder<C extends OrderColumn = never>(
  db: Db,
  orderId: string,
  options: ReadOptions<C> | LockOptions<C> = {},
): Promise<OrderWith<C> | null> {
  if (!isUuid(orderId)) return null;
  const row = await selectOrder(db, orderId, options.columns ?? [], options.lock === true).executeTakeFirst();
  return (row as OrderWith<C> | undefined) ?? null;
}

/**
 * The order, if the user may see it; 404 otherwise (another tenant's order is "not found").
 * With `lock`, one statement reads the visibility in its snapshot (a subquery run once) and
 * then locks the row by id, reading it as it is after any change it waited for: nothing is
 * locked for a caller who may not see the order, and a request that waited behind a
 * concurrent change which took the order out of the caller's sight (a rejected offer) learns
 * that it lost (409), not that the order never existed (404).
 */
export async function findVisibleOrder<C extends OrderColumn = never>(
  db: Db,
  user: AuthUser,
  orderId: string,
  options?: ReadOptions<C>,
): Promise<OrderWith<C>>;
export async function findVisibleOrder<C extends OrderColumn = never>(
  trx: Trx,
  user: AuthUser,
  orderId: string,
  options: LockOptions<C>,
): Promise<OrderWith<C>>;
export async function findVisibleOrder<C extends OrderColumn = never>(
  db: Db,
  user: AuthUser,
  orderId: string,
  options: ReadOptions<C> | LockOptions<C> = {},
): Promise<OrderWith<C>> {
  if (!isUuid(orderId)) throw notFound('order');
  const columns = options.columns ?? [];
  if (options.lock !== true) {
    const seen = await selectOrder(db, orderId, columns, false)
      .where(orderVisibleTo(user))
      .executeTakeFirst();
    if (!seen) throw notFound('order');
    return seen as OrderWith<C>;
  }
  const locked = (await db
    .selectFrom('orders')
    .select([...KEY_COLUMNS, ...columns])
    .where('orders.id', '=', (eb) =>
      eb
        .selectFrom('orders')
        .select('orders.id')
        .where('orders.id', '=', orderId)
        .where(orderVisibleTo(user)),
    )
    .forUpdate()
    .executeTakeFirst()) as OrderWith<C> | undefined;
  if (!locked) {
    // An appraiser who was offered the order knows it exists: losing the offer (to their own
    // concurrent reject, a timeout, a reassignment) is a conflict, not a missing order.
    if (user.role === 'appraiser' && (await wasOfferedTo(db, orderId, user.id))) {
      throw new AppError('conflict', 'This order is no longer offered or assigned to you', [
        { field: 'appraiser_id', message: 'is no longer you' },
      ]);
    }
    throw notFound('order');
  }
  if (!isOrderVisible(user, locked)) {
    throw new AppError('conflict', 'A concurrent change took this order out of your hands; read it again', [
      { field: 'status', message: `is ${locked.status}` },
    ]);
  }
  return locked;
}

async function wasOfferedTo(db: Db, orderId: string, appraiserId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_history')
    .select('id')
    .where('order_id', '=', orderId)
    .where(sql<string>`details->>'appraiser_id'`, '=', appraiserId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type NewOrder = Omit<Insertable<OrdersTable>, 'file_number'>;
export type NewOrderProduct = Omit<Insertable<OrderProductsTable>, 'order_id'>;

/**
 * Writes a new order with its products, parties and the records of its creation (history,
 * events, deliveries, notices: recordOrderChange's), in one statement: PostgreSQL runs it as a
 * transaction of its own, so no BEGIN and COMMIT are sent, and it takes the pool, not a
 * transaction. Answers the order's row and its parties as written (as the detail reads them:
 * order.repository.ts). The file number is the next of the sequence, zero-padded to eight
 * digits behind the prefix (AOM-00000042), never reused; a change with `recordFileNumber`
 * names it in its history entry.
 */
export async function insertOrder(
  db: Db,
  fileNumberPrefix: string,
  order: NewOrder & { id: string },
  products: NewOrderProduct[],
  parties: NewOrderParty[],
  by: Principal,
  changes: readonly OrderChange[],
): Promise<OrderRow & { parties: PartyRow[] }> {
  const fileNumber = sql<string>`(SELECT file_number FROM new_number)`;
  // The search's copy of the borrower's name (migration 0030), written with the order so that
  // the parties' trigger finds it set and leaves the new row alone.
  const borrowerName = parties.find((party) => party.role_key === 'borrower')?.name ?? null;
  // The first product, kept on the order for its search (migration 0038).
  const firstProduct = products.toSorted((a, b) => a.position - b.position)[0]?.product_id ?? null;
  const newOrder = db
    .insertInto('orders')
    .values({
      ...order,
      file_number: fileNumber,
      borrower_name: borrowerName,
      first_product_id: firstProduct,
      // The phase clocks count from here (order.phase-clocks.ts), on the service's clock as the history is.
      status_since: new Date(),
    })
    .returningAll();
  const partyRows = parties.map((party, place) => ({ ...party, place }));
  const productRows = products.map((p) => ({ ...p, fee_cents: String(p.fee_cents) }));
  const { rows } = await sql<OrderRow & { parties: PartyRow[] }>`
    WITH new_number AS (
      SELECT ${fileNumberPrefix}::text || '-' || lpad(nextval('order_file_number_seq')::text, 8, '0') AS file_number),
    new_order AS (${newOrder}),
    new_products AS (
      INSERT INTO order_products (order_id, product_id, fee_cents, position)
      SELECT new_order.id, p.product_id, p.fee_cents, p.position
        FROM new_order, jsonb_to_recordset(${JSON.stringify(productRows)}::jsonb)
             AS p(product_id uuid, fee_cents bigint, position int)),
    new_parties AS (
      INSERT INTO order_parties (order_id, user_id, name, first_name, last_name, role, role_key, poc, emails, phones)
      SELECT new_order.id, p.user_id, p.name, p.first_name, p.last_name, p.role, p.role_key,
             coalesce(p.poc, false), p.emails, p.phones
        FROM new_order, jsonb_to_recordset(${JSON.stringify(partyRows)}::jsonb)
             AS p(place int, user_id uuid, name text, first_name text, last_name text, role text,
                  role_key text, poc boolean, emails text[], phones text[])
       ORDER BY p.place
      RETURNING *),
    ${changeRecords({ ...order, appraiser_id: null }, fileNumber, by, changes)}
    SELECT new_order.*, coalesce((SELECT ${PARTIES_JSON} FROM new_parties pa), '[]') AS parties
      FROM new_order`.execute(db);
  return rows[0]!;
}

/**
 * Changes an order's columns. `updated_at` moves forward on every change, strictly: the time
 * the row was locked and changed (not the transaction's start, which a change that waited for
 * the lock would share with an earlier one), and always past the previous value by a
 * millisecond at least: it is the order's version, compared in JavaScript's milliseconds
 * (order.detail-cache.ts).
 */
export async function updateOrder(trx: Trx, orderId: string, patch: OrderPatch): Promise<void> {
  await orderUpdate(trx, orderId, patch).execute();
}

function orderUpdate(trx: Trx, orderId: string, patch: OrderPatch) {
  return trx
    .updateTable('orders')
    .set({
      ...patch,
      updated_at: sql<Date>`greatest(clock_timestamp(), orders.updated_at + interval '1 millisecond')`,
    })
    .where('id', '=', orderId);
}

/**
 * updateOrder and recordOrderChange together, as one statement: the change of the order's
 * columns and its records (history, events, deliveries, notices) in one round trip.
 */
export async function changeOrder(
  trx: Trx,
  order: EventOrder & { appraiser_id?: string | null },
  patch: OrderPatch,
  by: Principal | null,
  changes: readonly OrderChange[],
): Promise<void> {
  await sql`WITH changed_order AS (${orderUpdate(trx, order.id, patch)}),
    ${changeRecords(order, sql<string>`${order.file_number}::text`, by, changes)}
    SELECT count(*) FROM new_history`.execute(trx);
}

/** One entry of an order's history. */
export interface OrderChange {
  action: string;
  /** The status before (null when the order was created) and after; equal when it stays. */
  from: Status | null;
  to: Status;
  reason?: string | null;
  details?: Record<string, unknown>;
  /**
   * Who besides the company sees the entry in full (policy/audience.ts): its reason and details,
   * and the events that announce it; anyone else on the order sees only the move of status.
   * Default: everyone.
   */
  audience?: Audience;
  /** The event that announces the change, besides order.status_changed when the status moves. */
  event?: { type: EventType; data: Record<string, unknown> } | null;
  /**
   * The history entry's details name the order's file number besides `details`: the create's
   * entry, written by the statement that numbers the order (insertOrder).
   */
  recordFileNumber?: true;
}

/**
 * Records what happened to an order, in the transaction of the change: one history entry per
 * change (who, acting for whom, from, to, why), the change's own event, and an
 * order.status_changed event for each move of status. The first change is the caller's; the
 * ones after it are system steps that followed at once (a submission being processed). The
 * status notices a change raises (order.notices.ts) go to the outbox in the same transaction.
 * All of it is one statement: one round trip, whatever the number of rows.
 */
export async function recordOrderChange(
  trx: Trx,
  order: EventOrder & { appraiser_id?: string | null },
  by: Principal | null,
  changes: readonly OrderChange[],
): Promise<void> {
  await sql`WITH ${changeRecords(order, sql<string>`${order.file_number}::text`, by, changes)}
    SELECT count(*) FROM new_history`.execute(trx);
}

/**
 * recordOrderChange's rows, as the common table expressions of a statement (named new_events,
 * new_deliveries, new_webhook_messages, new_notices, new_history): the statement may be the
 * one that writes the order (insertOrder), hence its file number as SQL.
 */
function changeRecords(
  order: Omit<EventOrder, 'file_number'> & { appraiser_id?: string | null },
  fileNumber: RawBuilder<string>,
  by: Principal | null,
  changes: readonly OrderChange[],
): RawBuilder<unknown> {
  // The person who did it, and whom they acted for (an API key with X-Api-Email, or a session
  // opened while acting): events name both, as the history does.
  const actor = by ? { id: by.keyOwner.id, name: fullName(by.keyOwner) } : null;
  const actingFor = by && by.keyOwner.id !== by.user.id ? { id: by.user.id, name: fullName(by.user) } : null;
  const events: OrderEvent[] = changes.flatMap((change) =>
    change.event ? [{ ...change.event, audience: eventAudience(change.event.type, change.audience) }] : [],
  );
  for (const [index, change] of changes.entries()) {
    if (change.from === null || change.from === change.to) continue;
    events.push({
      type: 'order.status_changed',
      data: {
        from: change.from,
        to: change.to,
        action: change.action,
        actor: index === 0 ? actor : null,
        acting_for: index === 0 ? actingFor : null,
        reason: change.reason ?? null,
      },
      audience: change.audience ?? 'everyone',
    });
  }
  const notices: OutboxKinds['notice'][] = [];
  for (const change of changes) {
    for (const kind of noticesFor(change)) {
      const appraiser =
        (change.details?.appraiser_id as string | null | undefined) ?? order.appraiser_id ?? null;
      if (NOTICE_KINDS[kind].audience === 'appraiser' && !appraiser) continue;
      notices.push({
        order_id: order.id,
        kind,
        reason: change.reason ?? null,
        appraiser_id: NOTICE_KINDS[kind].audience === 'appraiser' ? appraiser : null,
        details: change.details ?? {},
      });
    }
  }
  const history = changes.map((change, place) => ({
    place,
    action: change.action,
    from_status: change.from,
    to_status: change.to,
    reason: change.reason ?? null,
    details: change.details ?? {},
    file_number: change.recordFileNumber === true,
    audience: change.audience ?? 'everyone',
  }));
  // History rows keep their order as events do (emit.ts): a microsecond per place in the list.
  return sql`${orderEventsExpressions(order, fileNumber, events, new Date())},
    new_notices AS (${enqueueStatement('notice', notices)}),
    new_history AS (
      INSERT INTO order_history (order_id, action, from_status, to_status, user_id, key_owner_id, reason, details, audience, created_at)
      SELECT ${order.id}::uuid, h.action, h.from_status, h.to_status, ${by?.user.id ?? null}::uuid,
             ${by?.keyOwner.id ?? null}::uuid, h.reason,
             CASE WHEN h.file_number THEN jsonb_build_object('file_number', ${fileNumber}) || h.details ELSE h.details END,
             h.audience, clock_timestamp() + h.place * interval '1 microsecond'
        FROM jsonb_to_recordset(${JSON.stringify(history)}::jsonb)
             AS h(place int, action text, from_status text, to_status text, reason text, details jsonb,
                  file_number boolean, audience text)
       ORDER BY h.place
      RETURNING id)`;
}
