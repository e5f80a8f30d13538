import { Type, type Static } from 'typebox';
import { CANCELLATION_STAGES } from '../db/schema.ts';
import { MONEY_PATTERN } from '../format/money.ts';
import { Id, Nullable } from '../schemas/common.ts';

/** Cancellation and trip fees by stage (docs/money.md, "Cancellations"). */
const Stage = Type.Enum([...CANCELLATION_STAGES], {
  description:
    'Where the work stood: before_assignment (no appraiser accepted yet), assigned, inspection_scheduled, inspected (the inspection done, the report under way or in review)',
});

export const CancellationFeeLine = Type.Object({
  client_id: Nullable(Type.String({ format: 'uuid', description: 'null: every client of the company' })),
  client_name: Nullable(Type.String()),
  product_id: Type.String({ format: 'uuid' }),
  product_name: Type.String(),
  stage: Stage,
  lender_fee: Type.String({ description: 'Charged to the lender instead of the order’s fees' }),
  appraiser_fee: Type.String({ description: 'Paid to the appraiser (a trip fee); 0.00 before assignment' }),
});

export const CancellationFees = Type.Object(
  { company_id: Type.String({ format: 'uuid' }), entries: Type.Array(CancellationFeeLine) },
  {
    $id: 'CancellationFees',
    description: 'What a cancellation costs the lender and pays the appraiser, by stage',
  },
);
export type CancellationFeesView = Static<typeof CancellationFees>;

export const CancellationFeesBody = Type.Object(
  {
    entries: Type.Array(
      Type.Object(
        {
          client_id: Type.Optional(Nullable(Id('A client of the company; absent or null: every client'))),
          product_id: Id('A product of the company'),
          stage: Stage,
          lender_fee: Type.String({ pattern: MONEY_PATTERN, description: 'e.g. "150.00"; "0" for none' }),
          appraiser_fee: Type.String({ pattern: MONEY_PATTERN, description: 'e.g. "75.00"; "0" for none' }),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 2000,
        description: 'The whole schedule: it replaces the one kept; an empty list removes it',
      },
    ),
  },
  {
    $id: 'CancellationFeesBody',
    additionalProperties: false,
    description: 'The cancellation fees, replaced',
  },
);
export type CancellationFeesInput = Static<typeof CancellationFeesBody>;
