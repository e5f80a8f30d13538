import { Type, type Static } from 'typebox';
import { Nullable, ref } from '../schemas/common.ts';

/** The borrower's copy of the appraisal (Regulation B; docs/turn-times.md, "The borrower's copy"). */
export const BORROWER_COPY_METHODS = ['email', 'mail', 'portal', 'in_person'] as const;

export const BorrowerCopy = Type.Object(
  {
    order_id: Type.String({ format: 'uuid' }),
    state: Type.Enum(['unknown', 'due', 'overdue', 'sent'], {
      description:
        'sent: recorded as given; due: not yet, and due_on is today or later; overdue: due_on has passed; unknown: neither a delivery nor a closing date yet',
    }),
    due_on: Nullable(
      Type.String({ format: 'date', description: 'The last day to give the copy (YYYY-MM-DD)' }),
    ),
    basis: Nullable(
      Type.Enum(['delivery', 'closing'], {
        description:
          'delivery: promptly upon completion (3 business days from the delivery); closing: 3 business days before the closing date; whichever is earlier',
      }),
    ),
    delivered_at: Nullable(
      Type.String({ format: 'date-time', description: 'When the report was delivered (Completed)' }),
    ),
    closing_date: Nullable(
      Type.String({ format: 'date', description: 'The closing date the order knows of' }),
    ),
    sent_at: Nullable(Type.String({ format: 'date-time', description: 'When the copy was given' })),
    method: Nullable(Type.Enum([...BORROWER_COPY_METHODS])),
    recorded_by: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  },
  {
    $id: 'BorrowerCopy',
    description: "The borrower's copy of the appraisal: when it is due and when it was given",
  },
);
export type BorrowerCopyView = Static<typeof BorrowerCopy>;

export const BorrowerCopyBody = Type.Object(
  {
    method: Type.Enum([...BORROWER_COPY_METHODS], { description: 'How the copy was given' }),
    sent_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'When it was given (ISO 8601; default now); not before the delivery, not in the future',
      }),
    ),
  },
  { $id: 'BorrowerCopyBody', additionalProperties: false, description: "The borrower's copy, given" },
);
export type BorrowerCopyInput = Static<typeof BorrowerCopyBody>;

export const borrowerCopyAnswer = { 200: ref(BorrowerCopy) };
