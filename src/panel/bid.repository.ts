import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** The SQL of broadcast offers and bids (docs/assignment.md, "Broadcast and bids"). */

export interface BidRequestRow {
  id: string;
  order_id: string;
  mode: 'broadcast' | 'bids';
  fee_cents: string | null;
  fee_locked: boolean;
  due_date: Date | null;
  due_date_locked: boolean;
  min_bidders: number;
  max_bidders: number;
  deadline: Date;
  status: 'open' | 'awarded' | 'closed';
  awarded_bid_id: string | null;
  created_at: Date;
}

const requestColumns = [
  'id',
  'order_id',
  'mode',
  'fee_cents',
  'fee_locked',
  'due_date',
  'due_date_locked',
  'min_bidders',
  'max_bidders',
  'deadline',
  'status',
  'awarded_bid_id',
  'created_at',
] as const;

export async function closeOpenRequests(trx: Db, orderId: string, now: Date): Promise<void> {
  await trx
    .updateTable('bid_requests')
    .set({ status: 'closed', closed_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .execute();
}

export async function insertBidRequest(
  trx: Db,
  request: Omit<BidRequestRow, 'id' | 'status' | 'awarded_bid_id' | 'created_at'> & {
    created_by: string | null;
  },
  invited: { appraiser_id: string; rank: number; offer_fee_cents: string | null }[],
): Promise<string> {
  const row = await trx.insertInto('bid_requests').values(request).returning('id').executeTakeFirstOrThrow();
  if (invited.length > 0)
    await trx
      .insertInto('bid_invitations')
      .values(invited.map((invitation) => ({ bid_request_id: row.id, ...invitation })))
      .execute();
  return row.id;
}

/** The request, locked for the change: one answer at a time decides it. */
export function lockBidRequest(trx: Db, id: string): Promise<BidRequestRow | undefined> {
  return trx
    .selectFrom('bid_requests')
    .select(requestColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findOpenRequest(trx: Db, orderId: string): Promise<BidRequestRow | undefined> {
  return trx
    .selectFrom('bid_requests')
    .select(requestColumns)
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
}

export function findInvitation(db: Db, requestId: string, appraiserId: string) {
  return db
    .selectFrom('bid_invitations')
    .select(['rank', 'offer_fee_cents'])
    .where('bid_request_id', '=', requestId)
    .where('appraiser_id', '=', appraiserId)
    .executeTakeFirst();
}

export async function upsertBid(
  trx: Db,
  bid: {
    bid_request_id: string;
    appraiser_id: string;
    fee_cents: bigint;
    due_date: Date;
    comment: string | null;
    status: 'placed' | 'won';
  },
  now: Date,
): Promise<string> {
  const row = await trx
    .insertInto('bids')
    .values({ ...bid, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['bid_request_id', 'appraiser_id']).doUpdateSet({
        fee_cents: bid.fee_cents,
        due_date: bid.due_date,
        comment: bid.comment,
        status: bid.status,
        updated_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findBid(trx: Db, bidId: string) {
  return trx
    .selectFrom('bids')
    .select(['id', 'bid_request_id', 'appraiser_id', 'fee_cents', 'due_date', 'status'])
    .where('id', '=', bidId)
    .executeTakeFirst();
}

/** Closes the round on its winner: the winning bid won, every other lost. */
export async function awardRequest(trx: Db, requestId: string, bidId: string, now: Date): Promise<void> {
  await trx
    .updateTable('bid_requests')
    .set({ status: 'awarded', awarded_bid_id: bidId, closed_at: now })
    .where('id', '=', requestId)
    .execute();
  await trx
    .updateTable('bids')
    .set({ status: sql`CASE WHEN id = ${bidId} THEN 'won' ELSE 'lost' END`, updated_at: now })
    .where('bid_request_id', '=', requestId)
    .execute();
}

/** Those invited to a round other than `exceptId`, with their email, to tell them how it ended. */
export function findOtherInvitees(db: Db, requestId: string, exceptId: string) {
  return db
    .selectFrom('bid_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.appraiser_id')
    .select(['u.id', 'u.email'])
    .where('i.bid_request_id', '=', requestId)
    .where('i.appraiser_id', '!=', exceptId)
    .execute();
}

export interface RoundRow extends BidRequestRow {
  invitations: {
    appraiser_id: string;
    name: string;
    rank: number;
    offer_fee_cents: string | null;
    bid: {
      id: string;
      fee_cents: string;
      due_date: string;
      comment: string | null;
      status: 'placed' | 'won' | 'lost';
      placed_at: string;
    } | null;
  }[];
}

/** An order's rounds, newest first, with whom each invited and what each bid. */
export async function findRounds(db: Db, orderId: string): Promise<RoundRow[]> {
  const { rows } = await sql<RoundRow>`
    SELECT r.id, r.order_id, r.mode, r.fee_cents::text, r.fee_locked, r.due_date, r.due_date_locked,
           r.min_bidders, r.max_bidders, r.deadline, r.status, r.awarded_bid_id, r.created_at,
           coalesce((
             SELECT json_agg(json_build_object(
                      'appraiser_id', i.appraiser_id, 'name', u.first_name || ' ' || u.last_name,
                      'rank', i.rank, 'offer_fee_cents', i.offer_fee_cents::text,
                      'bid', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object(
                               'id', b.id, 'fee_cents', b.fee_cents::text, 'due_date', b.due_date,
                               'comment', b.comment, 'status', b.status, 'placed_at', b.updated_at) END)
                    ORDER BY i.rank)
               FROM bid_invitations i
               JOIN users u ON u.id = i.appraiser_id
               LEFT JOIN bids b ON b.bid_request_id = i.bid_request_id AND b.appraiser_id = i.appraiser_id
              WHERE i.bid_request_id = r.id), '[]') AS invitations
      FROM bid_requests r
     WHERE r.order_id = ${orderId}
     ORDER BY r.created_at DESC
     LIMIT 20`.execute(db);
  return rows;
}

export interface InvitationRow {
  request_id: string;
  mode: 'broadcast' | 'bids';
  fee_cents: string | null;
  fee_locked: boolean;
  due_date: Date | null;
  due_date_locked: boolean;
  deadline: Date;
  request_status: 'open' | 'awarded' | 'closed';
  offer_fee_cents: string | null;
  order_id: string;
  file_number: string;
  city: string;
  state_id: string;
  zip: string;
  order_due_date: Date;
  order_status: string;
  product_name: string | null;
  loan_type: string;
  bid_fee_cents: string | null;
  bid_due_date: Date | null;
  bid_comment: string | null;
  bid_status: 'placed' | 'won' | 'lost' | null;
}

/** An appraiser's invitations of the last 30 days, open ones first by deadline, then newest. */
export async function findInvitations(db: Db, appraiserId: string, now: Date): Promise<InvitationRow[]> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const { rows } = await sql<InvitationRow>`
    SELECT r.id AS request_id, r.mode, r.fee_cents::text, r.fee_locked, r.due_date, r.due_date_locked,
           r.deadline, r.status AS request_status, i.offer_fee_cents::text,
           o.id AS order_id, o.file_number, o.city, o.state_id, o.zip, o.due_date AS order_due_date,
           o.status AS order_status, p.name AS product_name, o.loan_type,
           b.fee_cents::text AS bid_fee_cents, b.due_date AS bid_due_date, b.comment AS bid_comment,
           b.status AS bid_status
      FROM bid_invitations i
      JOIN bid_requests r ON r.id = i.bid_request_id
      JOIN orders o ON o.id = r.order_id
      LEFT JOIN products p ON p.id = o.first_product_id
      LEFT JOIN bids b ON b.bid_request_id = r.id AND b.appraiser_id = i.appraiser_id
     WHERE i.appraiser_id = ${appraiserId} AND r.created_at >= ${since}
     ORDER BY (r.status = 'open' AND r.deadline > ${now}) DESC, r.deadline, r.created_at DESC
     LIMIT 50`.execute(db);
  return rows;
}
