import type { Config } from '../config/config.ts';
import type { Trx } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { invalid } from '../errors/app-error.ts';
import { formatDateTime } from '../format/dates.ts';
import { renderEmail } from '../mail/templates.ts';
import { enqueue } from '../outbox/outbox.ts';
import {
  awardRequest,
  closeOpenRequests,
  findBid,
  findOpenRequest,
  findOtherInvitees,
  insertBidRequest,
} from './bid.repository.ts';
import type { Award, BiddingTerms } from '../workflow/types.ts';
import { findSelectionOrder } from './selection.repository.ts';
import { rankForOrder } from './selection.service.ts';

/**
 * Offering an order to several appraisers at once (docs/assignment.md, "Broadcast and bids"):
 * the engine ranks the panel and the first `max_bidders` it would offer the order to are invited,
 * never fewer than `min_bidders`. In a broadcast the first to accept takes the order; in bids
 * each answers with a fee and a due date before the deadline and staff award one. Run inside the
 * workflow action's transaction (order.actions.ts), so a refusal changes nothing.
 */

export async function openBidding(
  trx: Trx,
  config: Config,
  orderId: string,
  terms: BiddingTerms,
  createdBy: string,
  now: Date,
): Promise<{ bidRequestId: string; invited: number }> {
  const order = (await findSelectionOrder(trx, orderId))!;
  const ranking = await rankForOrder(trx, order, { now, timeZone: config.timeZone, licensedInState: true });
  // The fee filter asks for a fee the schedules give; a round names its own fee or asks for one.
  const open = ranking.ranked.filter(
    (candidate) => candidate.eligible || candidate.failed.every((failure) => failure.filter === 'fee'),
  );
  if (open.length < terms.minBidders)
    throw invalid(
      'min_bidders',
      `is ${terms.minBidders}, but ${open.length} appraiser${open.length === 1 ? '' : 's'} of the panel pass${open.length === 1 ? 'es' : ''} the engine's filters for this order`,
    );
  if (terms.mode === 'broadcast' && !terms.feeLocked) {
    const unpriced = open.slice(0, terms.maxBidders).find((candidate) => candidate.offer_fee_cents === null);
    if (unpriced)
      throw invalid(
        'fee',
        `is required for a broadcast: no fee schedule prices the order for ${unpriced.name}; lock a fee for everyone`,
      );
  }
  await closeOpenRequests(trx, orderId, now);
  const invited = open.slice(0, terms.maxBidders);
  const bidRequestId = await insertBidRequest(
    trx,
    {
      order_id: orderId,
      mode: terms.mode,
      fee_cents: terms.feeCents?.toString() ?? null,
      fee_locked: terms.feeLocked,
      due_date: terms.dueDate,
      due_date_locked: terms.dueDateLocked,
      min_bidders: terms.minBidders,
      max_bidders: terms.maxBidders,
      deadline: terms.deadline,
      created_by: createdBy,
    },
    invited.map((candidate, index) => ({
      appraiser_id: candidate.appraiser_id,
      rank: index + 1,
      offer_fee_cents: candidate.offer_fee_cents,
    })),
  );
  const emails = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'id',
      'in',
      invited.map((candidate) => candidate.appraiser_id),
    )
    .execute();
  const place = `${order.product_name ?? 'An appraisal'} in ZIP ${order.zip.slice(0, 5)}`;
  const deadline = formatDateTime(terms.deadline, config.timeZone);
  for (const appraiser of emails)
    await enqueue(
      trx,
      'email',
      renderEmail({
        to: [appraiser.email],
        subject:
          terms.mode === 'broadcast'
            ? `An order is offered to you: ${place}`
            : `You are invited to bid: ${place}`,
        paragraphs: [
          terms.mode === 'broadcast'
            ? `${place} is offered to a few appraisers at once: the first to accept takes it.`
            : `${place} is open to bids from a few appraisers: answer with your fee and due date.`,
          `Answer by ${deadline}.`,
        ],
        action: { label: 'Open your bids', url: `${config.publicBaseUrl}/bids` },
      }),
      { orderId, audience: 'internal', topic: 'bid_invitation' },
    );
  return { bidRequestId, invited: invited.length };
}

/** Tells everyone else invited to the round that it went to another appraiser. */
export async function tellTheOthers(
  trx: Trx,
  config: Config,
  orderId: string,
  requestId: string,
  winnerId: string,
): Promise<void> {
  for (const other of await findOtherInvitees(trx, requestId, winnerId))
    await enqueue(
      trx,
      'email',
      renderEmail({
        to: [other.email],
        subject: 'An order you were offered went to another appraiser',
        paragraphs: ['Thank you for answering: the order was given to another appraiser of the panel.'],
        action: { label: 'Open your bids', url: `${config.publicBaseUrl}/bids` },
      }),
      { orderId, audience: 'internal', topic: 'bid_closed' },
    );
}

/** Awards the open round's bid `bidId` (staff): 422 naming bid_id when it is not one of it. */
export async function awardBid(
  trx: Trx,
  config: Config,
  orderId: string,
  bidId: string,
  now: Date,
): Promise<Award> {
  const request = await findOpenRequest(trx, orderId);
  if (!request || request.mode !== 'bids')
    throw invalid('bid_id', 'names no bid: the order has no open round of bids');
  const bid = isUuid(bidId) ? await findBid(trx, bidId.toLowerCase()) : undefined;
  if (!bid || bid.bid_request_id !== request.id)
    throw invalid('bid_id', "is not a bid of the order's open round");
  await awardRequest(trx, request.id, bid.id, now);
  await tellTheOthers(trx, config, orderId, request.id, bid.appraiser_id);
  return {
    bidId: bid.id,
    bidRequestId: request.id,
    appraiserId: bid.appraiser_id,
    feeCents: BigInt(bid.fee_cents),
    dueDate: bid.due_date,
  };
}
