import type { Static } from 'typebox';
import { BidAnswer, BidBody, BidInvitation, BidRound, MyBid, RoundBid } from '../orders/bid.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { APPRAISER, FILE_NUMBER, ORDER_ID } from './ids.ts';

/** A round of bids on the example order: the due date locked, the fee the bidder's. */
const ROUND_ID = '8e7d6c5b-4a39-4f28-8e17-d6c5b4a39281';
const BID_ID = '9f8e7d6c-5b4a-4392-8f1e-0d9c8b7a6f5e';
const DUE = '2026-12-12T23:00:00.000Z';
const DEADLINE = '2026-11-28T23:00:00.000Z';

const MY_BID: Static<typeof MyBid> = {
  fee: '310.00',
  due_date: DUE,
  comment: 'Can inspect Monday morning',
  status: 'placed',
};

const ROUND_BID: Static<typeof RoundBid> = {
  id: BID_ID,
  fee: MY_BID.fee,
  due_date: DUE,
  comment: MY_BID.comment,
  status: 'placed',
  placed_at: '2026-11-27T16:40:00.000Z',
};

export const BID_EXAMPLES: NamedExample[] = [
  example(MyBid, MY_BID),
  example(BidInvitation, {
    id: ROUND_ID,
    mode: 'bids',
    open: true,
    deadline: DEADLINE,
    fee: '300.00',
    fee_locked: false,
    due_date: DUE,
    due_date_locked: true,
    order: {
      id: ORDER_ID,
      file_number: FILE_NUMBER,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      product: 'Full Appraisal (1004)',
      loan_type: 'conventional',
    },
    my_bid: MY_BID,
  }),
  example(BidBody, { fee: '310.00', due_date: '12/12/2026', comment: 'Can inspect Monday morning' }),
  example(BidAnswer, { bid_id: BID_ID, status: 'placed', won: false, fee: '310.00', due_date: DUE }),
  example(RoundBid, ROUND_BID),
  example(BidRound, {
    id: ROUND_ID,
    mode: 'bids',
    status: 'open',
    fee: null,
    fee_locked: false,
    due_date: DUE,
    due_date_locked: true,
    min_bidders: 2,
    max_bidders: 5,
    deadline: DEADLINE,
    created_at: '2026-11-27T15:00:00.000Z',
    invited: [
      { appraiser_id: APPRAISER.id, name: APPRAISER.name, rank: 1, offer_fee: '300.00', bid: ROUND_BID },
      {
        appraiser_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
        name: 'Marcus Fontenot',
        rank: 2,
        offer_fee: '320.00',
        bid: null,
      },
    ],
  }),
];
