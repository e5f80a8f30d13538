import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { isOrderVisible, orderVisibleTo, type OrderOwners } from '../policy/order-access.ts';
import { audiencesReaching, partyOf, type Audience } from '../policy/audience.ts';
import { recordView, STATUS_EVENT } from '../policy/records.ts';

/**
 * The order events a user may see, read back from the `events` table for live updates
 * (live/). An event is seen by whoever may GET its order now (policy/order-access.ts), so an
 * appraiser whose offer was withdrawn hears nothing more of it, and whose audience reaches
 * them, or that tells a move of status (policy/records.ts).
 */

/** What a stream tells of an event: its id, its type and its order; the caller reads the rest. */
export interface OrderEventRef {
  id: string;
  type: string;
  order_id: string;
}

/** An event with its audience and the owners of its order as they are now: checked per stream without a query. */
export interface AnnouncedEvent extends OrderEventRef {
  audience: Audience;
  owners: Required<OrderOwners>;
}

/** Order events by id, in the order of `ids`; ids of no order event are left out. */
export async function readAnnouncedEvents(db: Db, ids: readonly string[]): Promise<AnnouncedEvent[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .innerJoin('orders', 'orders.id', 'events.order_id')
    .select([
      'events.id',
      'events.type',
      'events.audience',
      'orders.id as order_id',
      'orders.client_id',
      'orders.company_id',
      'orders.appraiser_id',
      'orders.created_by',
      'orders.branch_id',
      sql<
        string[]
      >`array(SELECT op.user_id FROM order_parties op WHERE op.order_id = orders.id AND op.user_id IS NOT NULL)`.as(
        'party_user_ids',
      ),
    ])
    .where('events.id', 'in', wanted)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { client_id, company_id, appraiser_id, created_by, branch_id, party_user_ids, ...ref } = row;
    return [
      {
        ...ref,
        owners: { client_id, company_id, appraiser_id, created_by, branch_id, party_user_ids },
      },
    ];
  });
}

export const mayReceive = (user: AuthUser, event: AnnouncedEvent): boolean =>
  isOrderVisible(user, event.owners) &&
  recordView({ audience: event.audience, movesStatus: event.type === STATUS_EVENT }, partyOf(user.role)) !==
    'none';

/** mayReceive's rule of audience, as SQL over `events`. */
function eventSeenBy(user: AuthUser): Expression<SqlBool> {
  const party = partyOf(user.role);
  if (party === 'company') return sql<SqlBool>`true`;
  const reaching = sql.join(audiencesReaching(party).map((audience) => sql.lit(audience)));
  return sql<SqlBool>`(events.audience IN (${reaching}) OR events.type = ${sql.lit(STATUS_EVENT)})`;
}

export interface ReplayBounds {
  /** Only events this recent are replayed. */
  windowSeconds: number;
  /** At most this many; more means the caller missed too much to be told event by event. */
  limit: number;
  /**
   * Events are ordered by the time they were written, not the time they were committed: a
   * change that began before the named event may have committed after it. Replay starts this
   * long before it, so that such an event is not missed (some the caller has may come again).
   */
  overlapSeconds: number;
}

/**
 * The events the user may see that follow the one named, oldest first; null when they cannot
 * all be told: the named event is unknown, not the user's to see, older than the window, or
 * followed by more than the limit.
 */
export async function visibleEventsAfter(
  db: Db,
  user: AuthUser,
  eventId: string,
  bounds: ReplayBounds,
): Promise<OrderEventRef[] | null> {
  if (!isUuid(eventId)) return null;
  const cursor = await db
    .selectFrom('events')
    .innerJoin('orders', 'orders.id', 'events.order_id')
    .select('events.id')
    .where('events.id', '=', eventId)
    .where('events.created_at', '>', windowStart(bounds))
    .where(orderVisibleTo(user))
    .where(eventSeenBy(user))
    .executeTakeFirst();
  if (!cursor) return null;
  // The named event's time is read in SQL: a JavaScript Date would lose its microseconds.
  const from = sql<Date>`(SELECT created_at FROM events WHERE id = ${eventId}) - make_interval(secs => ${bounds.overlapSeconds})`;
  return eventsFrom(db, user, from, bounds, eventId);
}

/**
 * The events the user may see written from `since` on (a few seconds before it: overlapSeconds),
 * oldest first; null when they cannot all be told: `since` is older than the window, or more
 * than the limit followed it.
 */
export async function visibleEventsSince(
  db: Db,
  user: AuthUser,
  since: Date,
  bounds: ReplayBounds,
): Promise<OrderEventRef[] | null> {
  if (since.getTime() < Date.now() - bounds.windowSeconds * 1000) return null;
  const from = sql<Date>`${since.toISOString()}::timestamptz - make_interval(secs => ${bounds.overlapSeconds})`;
  return eventsFrom(db, user, from, bounds, null);
}

const windowStart = (bounds: ReplayBounds) =>
  sql<Date>`now() - make_interval(secs => ${bounds.windowSeconds})`;

async function eventsFrom(
  db: Db,
  user: AuthUser,
  from: RawBuilder<Date>,
  bounds: ReplayBounds,
  besides: string | null,
): Promise<OrderEventRef[] | null> {
  const rows = await db
    .selectFrom('events')
    .innerJoin('orders', 'orders.id', 'events.order_id')
    .select(['events.id', 'events.type', 'orders.id as order_id'])
    .where('events.created_at', '>=', from)
    .where('events.created_at', '>', windowStart(bounds))
    .$if(besides !== null, (query) => query.where('events.id', '!=', besides!))
    .where(orderVisibleTo(user))
    .where(eventSeenBy(user))
    .orderBy('events.created_at')
    .orderBy('events.id')
    .limit(bounds.limit + 1)
    .execute();
  return rows.length > bounds.limit ? null : rows;
}
