import { Type, type Static } from 'typebox';
import { DATE_INPUT_FORMATS } from '../format/dates.ts';
import { MONEY_PATTERN } from '../format/money.ts';
import { Id, Nullable, ref } from '../schemas/common.ts';

/** Broadcast offers and bids (docs/assignment.md, "Broadcast and bids"). */

const Decimal = (description: string) =>
  Type.String({ description: `${description}: a decimal string, e.g. "450.00"` });
const Instant = (description: string) => Type.String({ format: 'date-time', description });
const Mode = Type.Enum(['broadcast', 'bids'], {
  description: 'broadcast: the first to accept takes the order; bids: staff award one',
});
const BidStatus = Type.Enum(['placed', 'won', 'lost'], { description: 'placed: waiting for the award' });

export const MyBid = Type.Object(
  {
    fee: Decimal('The fee bid'),
    due_date: Instant('The due date bid'),
    comment: Nullable(Type.String()),
    status: BidStatus,
  },
  { $id: 'MyBid', description: "The appraiser's own answer to a round" },
);

export const BidInvitation = Type.Object(
  {
    id: Id('The round (bid request)'),
    mode: Mode,
    open: Type.Boolean({
      description: 'Answers are taken: the round is open, the deadline ahead, the order out for bids',
    }),
    deadline: Instant('Answers after it are refused'),
    fee: Nullable(Decimal('The fee offered: locked, or the one to start a bid from; null: name yours')),
    fee_locked: Type.Boolean(),
    due_date: Nullable(Instant('The due date offered')),
    due_date_locked: Type.Boolean(),
    order: Type.Object({
      id: Id(),
      file_number: Type.String(),
      city: Type.String(),
      state: Type.String({ description: 'USPS code' }),
      zip: Type.String(),
      product: Nullable(Type.String()),
      loan_type: Type.String(),
    }),
    my_bid: Nullable(ref(MyBid)),
  },
  {
    $id: 'BidInvitation',
    description:
      "A round the appraiser was invited to: the order (no borrower, no lender's fee), the terms, their answer",
  },
);

export const BidBody = Type.Object(
  {
    fee: Type.Optional(
      Type.String({ pattern: MONEY_PATTERN, description: 'Bids: the fee asked (required unless locked)' }),
    ),
    due_date: Type.Optional(
      Type.String({
        minLength: 10,
        maxLength: 40,
        description: `Bids: the due date offered (required unless locked): ${DATE_INPUT_FORMATS}`,
      }),
    ),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  {
    $id: 'BidRequest',
    additionalProperties: false,
    description: 'A broadcast is accepted with no body; a bid names what the round leaves open',
  },
);

export const BidAnswer = Type.Object(
  {
    bid_id: Id(),
    status: BidStatus,
    won: Type.Boolean({ description: 'A broadcast accepted first: the order is yours' }),
    fee: Decimal('The fee'),
    due_date: Instant('The due date'),
  },
  { $id: 'BidAnswer', description: 'The answer taken' },
);

export const RoundBid = Type.Object(
  {
    id: Id(),
    fee: Decimal('The fee bid'),
    due_date: Instant('The due date bid'),
    comment: Nullable(Type.String()),
    status: BidStatus,
    placed_at: Instant('When last changed'),
  },
  { $id: 'RoundBid' },
);

export const BidRound = Type.Object(
  {
    id: Id(),
    mode: Mode,
    status: Type.Enum(['open', 'awarded', 'closed'], { description: 'closed: ended without an award' }),
    fee: Nullable(Decimal('The fee offered')),
    fee_locked: Type.Boolean(),
    due_date: Nullable(Instant('The due date offered')),
    due_date_locked: Type.Boolean(),
    min_bidders: Type.Integer(),
    max_bidders: Type.Integer(),
    deadline: Instant('Answers after it are refused'),
    created_at: Instant('Opened'),
    invited: Type.Array(
      Type.Object({
        appraiser_id: Id(),
        name: Type.String(),
        rank: Type.Integer({ description: "The engine's order of choice" }),
        offer_fee: Nullable(Decimal('What the fee schedules offer them')),
        bid: Nullable(ref(RoundBid)),
      }),
      { description: "In the engine's order" },
    ),
  },
  {
    $id: 'BidRound',
    description: 'A round of broadcast or bids on an order, with whom it invited and their answers',
  },
);

export const BidRequestParams = Type.Object({ bid_request_id: Id('The round') });

export type BidInput = Static<typeof BidBody>;
export type BidInvitationView = Static<typeof BidInvitation>;
export type BidRoundView = Static<typeof BidRound>;
export type BidAnswerView = Static<typeof BidAnswer>;
