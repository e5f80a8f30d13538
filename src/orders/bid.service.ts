import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import { DATE_INPUT_FORMATS, formatDateTime, parseDateTime } from '../format/dates.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { requireOwnDecision } from '../policy/acting.ts';
import { findState } from '../reference/geography.ts';
import {
  awardRequest,
  findInvitation,
  findInvitations,
  findRounds,
  lockBidRequest,
  upsertBid,
  type InvitationRow,
} from '../panel/bid.repository.ts';
import { tellTheOthers } from '../panel/bidding.ts';
import { performSystemAction } from './order.actions.ts';
import { findVisibleOrder } from './order.store.ts';
import type { BidAnswerView, BidInput, BidInvitationView, BidRoundView } from './bid.schemas.ts';

/**
 * The appraiser's side of broadcast offers and bids, and the rounds as staff read them
 * (docs/assignment.md, "Broadcast and bids"). An answer locks its round: of twenty appraisers
 * accepting one broadcast at once, the first takes the order and the others are told it is gone.
 */

const OWN_BID = { by: 'person', what: 'bid for an order or accept an offer' } as const;

function requireAppraiser(user: AuthUser): void {
  if (user.role !== 'appraiser') throw new AppError('forbidden', 'Only appraisers answer offers and bids');
}

const isOpen = (row: { request_status: string; deadline: Date; order_status: string }, now: Date) =>
  row.request_status === 'open' && row.deadline.getTime() > now.getTime() && row.order_status === 'Bidding';

function invitationView(row: InvitationRow, now: Date): BidInvitationView {
  return {
    id: row.request_id,
    mode: row.mode,
    open: isOpen(row, now),
    deadline: row.deadline.toISOString(),
    fee: centsToDecimal(row.fee_cents ?? row.offer_fee_cents),
    fee_locked: row.fee_locked,
    due_date: (row.due_date ?? row.order_due_date).toISOString(),
    due_date_locked: row.due_date_locked,
    order: {
      id: row.order_id,
      file_number: row.file_number,
      city: row.city,
      state: findState(row.state_id)?.code ?? row.state_id,
      zip: row.zip,
      product: row.product_name,
      loan_type: row.loan_type,
    },
    my_bid:
      row.bid_status === null
        ? null
        : {
            fee: centsToDecimal(row.bid_fee_cents)!,
            due_date: row.bid_due_date!.toISOString(),
            comment: row.bid_comment,
            status: row.bid_status,
          },
  };
}

export async function myBidInvitations(db: Db, user: AuthUser): Promise<BidInvitationView[]> {
  requireAppraiser(user);
  const now = new Date();
  return (await findInvitations(db, user.id, now)).map((row) => invitationView(row, now));
}

/**
 * An appraiser's answer: in a broadcast, acceptance (the first takes the order at the terms
 * offered); in bids, a bid (changed as often as wanted until the deadline). A round closed, past
 * its deadline or whose order is no longer out for bids answers 409 and changes nothing.
 */
export async function placeBid(
  deps: { db: Db; config: Config },
  principal: Principal,
  requestId: string,
  input: BidInput,
): Promise<BidAnswerView> {
  const { user } = principal;
  requireAppraiser(user);
  requireOwnDecision(principal, OWN_BID);
  const now = new Date();
  const invitation = isUuid(requestId)
    ? await findInvitation(deps.db, requestId.toLowerCase(), user.id)
    : undefined;
  if (!invitation) throw notFound('bid request');
  return deps.db.transaction().execute(async (trx) => {
    const request = (await lockBidRequest(trx, requestId.toLowerCase()))!;
    const order = await trx
      .selectFrom('orders')
      .select(['status', 'due_date'])
      .where('id', '=', request.order_id)
      .executeTakeFirstOrThrow();
    if (request.status !== 'open' || order.status !== 'Bidding')
      throw new AppError(
        'conflict',
        request.mode === 'broadcast'
          ? 'The order went to another appraiser'
          : 'Bidding on this order is closed',
      );
    if (request.deadline.getTime() <= now.getTime())
      throw new AppError(
        'conflict',
        `The deadline passed at ${formatDateTime(request.deadline, deps.config.timeZone)}: answers are no longer taken`,
      );
    const comment = input.comment?.trim() || null;
    const record = (fee: bigint, dueDate: Date, status: 'placed' | 'won') =>
      upsertBid(
        trx,
        {
          bid_request_id: request.id,
          appraiser_id: user.id,
          fee_cents: fee,
          due_date: dueDate,
          comment,
          status,
        },
        now,
      );
    if (request.mode === 'broadcast') {
      const fee = BigInt(request.fee_cents ?? invitation.offer_fee_cents!);
      const dueDate = request.due_date ?? order.due_date;
      const bidId = await record(fee, dueDate, 'won');
      await awardRequest(trx, request.id, bidId, now);
      const taken = await performSystemAction(
        trx,
        request.order_id,
        'broadcast_accepted',
        deps.config,
        {
          appraiser_id: user.id,
          appraiser_fee_cents: fee.toString(),
          vendor_due_date: dueDate,
          assigned_at: now,
          offer_expires_at: null,
        },
        {
          appraiser_id: user.id,
          appraiser_fee: centsToDecimal(fee),
          vendor_due_date: dueDate.toISOString(),
          bid_id: bidId,
          bid_request_id: request.id,
        },
      );
      // The order left Bidding since it was read (staff assigned it): nothing is kept.
      if (!taken) throw new AppError('conflict', 'Bidding on this order is closed');
      await tellTheOthers(trx, deps.config, request.order_id, request.id, user.id);
      return {
        bid_id: bidId,
        status: 'won',
        won: true,
        fee: centsToDecimal(fee)!,
        due_date: dueDate.toISOString(),
      };
    }
    const fee = bidFee(request, input.fee);
    const dueDate = bidDueDate(request, input.due_date, deps.config.timeZone, now);
    const bidId = await record(fee, dueDate, 'placed');
    return {
      bid_id: bidId,
      status: 'placed',
      won: false,
      fee: centsToDecimal(fee)!,
      due_date: dueDate.toISOString(),
    };
  });
}

function bidFee(request: { fee_cents: string | null; fee_locked: boolean }, fee: string | undefined): bigint {
  if (request.fee_locked) {
    const locked = BigInt(request.fee_cents!);
    if (fee !== undefined && decimalToCents(fee) !== locked)
      throw invalid('fee', `is locked at ${centsToDecimal(locked)}: leave it out`);
    return locked;
  }
  if (fee === undefined) throw invalid('fee', 'is required: the fee you ask');
  const cents = decimalToCents(fee);
  if (cents === null || cents === 0n) throw invalid('fee', 'must be an amount above 0, e.g. 450.00');
  return cents;
}

function bidDueDate(
  request: { due_date: Date | null; due_date_locked: boolean },
  dueDate: string | undefined,
  timeZone: string,
  now: Date,
): Date {
  if (request.due_date_locked) {
    if (dueDate !== undefined) throw invalid('due_date', 'is locked: leave it out');
    return request.due_date!;
  }
  if (dueDate === undefined) throw invalid('due_date', 'is required: when you would deliver');
  const parsed = parseDateTime(dueDate, timeZone);
  if (!parsed) throw invalid('due_date', `must be a date-time: ${DATE_INPUT_FORMATS}`);
  if (parsed.getTime() < now.getTime()) throw invalid('due_date', 'must not be in the past');
  return parsed;
}

/** An order's rounds, newest first: the company's staff and operators. */
export async function bidRounds(db: Db, user: AuthUser, orderId: string): Promise<BidRoundView[]> {
  const order = await findVisibleOrder(db, user, orderId, { columns: [] });
  if (user.role !== 'staff' && user.role !== 'operator')
    throw new AppError('forbidden', "Only the company's staff read the bids on its orders");
  return (await findRounds(db, order.id)).map((round) => ({
    id: round.id,
    mode: round.mode,
    status: round.status,
    fee: centsToDecimal(round.fee_cents),
    fee_locked: round.fee_locked,
    due_date: round.due_date?.toISOString() ?? null,
    due_date_locked: round.due_date_locked,
    min_bidders: round.min_bidders,
    max_bidders: round.max_bidders,
    deadline: round.deadline.toISOString(),
    created_at: round.created_at.toISOString(),
    invited: round.invitations.map((invitation) => ({
      appraiser_id: invitation.appraiser_id,
      name: invitation.name,
      rank: invitation.rank,
      offer_fee: centsToDecimal(invitation.offer_fee_cents),
      bid:
        invitation.bid === null
          ? null
          : {
              id: invitation.bid.id,
              fee: centsToDecimal(invitation.bid.fee_cents)!,
              due_date: new Date(invitation.bid.due_date).toISOString(),
              comment: invitation.bid.comment,
              status: invitation.bid.status,
              placed_at: new Date(invitation.bid.placed_at).toISOString(),
            },
    })),
  }));
}
