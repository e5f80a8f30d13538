import { Type, type Static } from 'typebox';
import { Id, Nullable } from '../schemas/common.ts';

const Days = (description: string) => Type.Integer({ minimum: 1, maximum: 60, description });

const TurnTimeEntry = Type.Object(
  {
    client_id: Nullable(Id("The client this line is for; null: the company's line for every client")),
    product_id: Id('The product'),
    business_days: Days(
      'Business days from the day the order counts from to its due date, that day included',
    ),
    rush_business_days: Nullable(
      Days('The rush variant: fewer business days; null when the product has none'),
    ),
  },
  { additionalProperties: false },
);

export const TurnTimes = Type.Object(
  {
    company_id: Id('The company'),
    entries: Type.Array(TurnTimeEntry, {
      description: "A client's own line comes before the company's line for the same product",
    }),
  },
  { $id: 'TurnTimes', description: "The company's turn times in business days, per client and product" },
);
export type TurnTimesView = Static<typeof TurnTimes>;

export const TurnTimesBody = Type.Object(
  { entries: Type.Array(TurnTimeEntry, { maxItems: 5000, description: 'Replaces every line' }) },
  { $id: 'TurnTimesBody', description: "The company's turn times, whole", additionalProperties: false },
);
export type TurnTimesInput = Static<typeof TurnTimesBody>;

export const TurnTimeQuoteQuery = Type.Object({
  product_id: Id('The product'),
  client_id: Type.Optional(Id('The client; without it, the company’s line')),
  variant: Type.Optional(
    Type.Enum(['standard', 'rush'], { description: 'The standard turn time (default) or its rush variant' }),
  ),
  at: Type.Optional(
    Type.String({ format: 'date-time', description: 'When the order arrives (ISO 8601); default now' }),
  ),
});

export const TurnTimeQuote = Type.Object(
  {
    product_id: Id('The product'),
    client_id: Nullable(Id('The client asked for')),
    rush: Type.Boolean(),
    business_days: Type.Integer({ description: 'The turn time that applies' }),
    source: Type.Enum(['client', 'company'], {
      description: "Whose line it is: the client's own or the company's",
    }),
    counted_from: Type.String({
      format: 'date',
      description: 'The first business day: the day it arrives when before the cut-off, else the next',
    }),
    due_date: Type.String({ format: 'date', description: "The client's due date, in the company's zone" }),
    due_at: Type.String({ format: 'date-time', description: 'The due date at the close of business' }),
    appraiser_due_date: Type.String({
      format: 'date',
      description:
        "The appraiser's due date: appraiser_buffer_days business days before, never before counted_from",
    }),
    appraiser_due_at: Type.String({ format: 'date-time', description: 'At the close of business' }),
  },
  {
    $id: 'TurnTimeQuote',
    description: "The due dates a turn time gives an order arriving at a moment, in the company's calendar",
  },
);
export type TurnTimeQuoteView = Static<typeof TurnTimeQuote>;
