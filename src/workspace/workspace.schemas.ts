import { Type, type Static } from 'typebox';
import { Id, Nullable, ref } from '../schemas/common.ts';
import { AccessContact, OrderStatus } from '../orders/order.schemas.ts';

/**
 * The appraiser's workspace: their orders as work to do (GET /api/v1/me/work) and their private
 * calendar feed (/api/v1/me/calendar_feed, GET /calendar/{token}.ics).
 */
export const NEXT_STEPS = [
  'answer_offer',
  'await_terms',
  'schedule',
  'inspect',
  'submit',
  'revise',
  'on_hold',
  'in_review',
  'done',
  'cancelled',
] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

export const FEE_STATES = ['on_completion', 'owed', 'none'] as const;

export const WorkItem = Type.Object(
  {
    id: Id('The order'),
    file_number: Type.String(),
    full_address: Type.String(),
    status: ref(OrderStatus),
    next_step: Type.Enum([...NEXT_STEPS], {
      description:
        'What the order needs of you: answer_offer (Pending assignment), await_terms (your condition or a negotiation is being decided), schedule, inspect, submit, revise (a revision or action is requested), on_hold, in_review (with the company or the lender), done, cancelled',
    }),
    due_date: Nullable(Type.String({ description: 'When your report is due: MM/DD/YYYY' })),
    appraiser_fee: Nullable(
      Type.String({ description: 'Your fee as a decimal string; never the lender’s fee' }),
    ),
    fee_status: Type.Enum([...FEE_STATES], {
      description:
        'on_completion: earned when the report is completed; owed: the report is completed and the fee is due to you; none: cancelled',
    }),
    offer_expires_at: Nullable(
      Type.String({ format: 'date-time', description: 'When an open offer times out (ISO 8601, UTC)' }),
    ),
    inspection_scheduled_at: Nullable(Type.String({ format: 'date-time', description: 'ISO 8601, UTC' })),
    products: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    contact: Nullable(
      Type.Object(
        { name: Type.String(), phone: Nullable(Type.String()) },
        { description: 'Who to call: the point of contact, else the borrower' },
      ),
    ),
    access_contact: Nullable(ref(AccessContact, 'Who lets you into the property, when the order names one')),
    special_instructions: Nullable(
      Type.String({ description: "The lender's special instructions for the appraisal (sanitized HTML)" }),
    ),
  },
  { $id: 'WorkItem', description: 'An order of yours, as the work it needs' },
);
export type WorkItem = Static<typeof WorkItem>;

export const WorkList = Type.Object(
  { data: Type.Array(ref(WorkItem)) },
  {
    $id: 'WorkList',
    description:
      'Your open orders and offers, and those closed in the last 180 days; most urgent first (offers by time left, then by inspection time and due date)',
  },
);

export const WorkQuery = Type.Object({
  next_step: Type.Optional(
    Type.Enum([...NEXT_STEPS], {
      description:
        'Only the orders that need this of you (e.g. answer_offer: the offers inbox); default every one',
    }),
  ),
});
export type WorkQuery = Static<typeof WorkQuery>;

export const CalendarFeed = Type.Object(
  {
    url: Type.String({
      description:
        'The private address calendar apps subscribe to. Shown only when it is made: keep it like a password',
    }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'CalendarFeed', description: 'Your calendar feed of scheduled inspections' },
);

export const CalendarFeedStatus = Type.Object(
  {
    active: Type.Boolean({ description: 'Whether you have a calendar address that works' }),
    created_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'CalendarFeedStatus' },
);

/** `<token>.ics`: 43 URL-safe characters (256 random bits). */
export const CalendarFeedParams = Type.Object({
  feed: Type.String({
    maxLength: 100,
    description: 'The token of the address, then .ics (any other shape answers 404, like an unknown one)',
  }),
});
