import { Type, type Static } from 'typebox';
import { MoneyOut, Nullable } from '../schemas/common.ts';

/** Margins and the customary-and-reasonable fee evidence (docs/money.md, "Margins" and "Fee evidence"). */

export const MARGIN_GROUPS = ['client', 'product', 'county', 'month'] as const;

const MarginFigures = {
  orders: Type.Integer({ description: 'Orders delivered in the period' }),
  lender_fees: MoneyOut('What the lenders were charged for them'),
  appraiser_fees: MoneyOut('What their appraisers earned'),
  margin: MoneyOut('lender_fees - appraiser_fees'),
  margin_percent: Nullable(
    Type.Number({ description: 'margin / lender_fees × 100, one decimal; null without fees' }),
  ),
};

export const MarginReport = Type.Object(
  {
    company_id: Type.String({ format: 'uuid' }),
    period: Type.String({ description: 'YYYY-MM, or last_12_months' }),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    by: Type.Enum([...MARGIN_GROUPS]),
    rows: Type.Array(
      Type.Object({
        key: Type.String({ description: 'The id, FIPS code or month' }),
        name: Type.String(),
        ...MarginFigures,
      }),
    ),
    totals: Type.Object(MarginFigures),
  },
  {
    $id: 'MarginReport',
    description: 'What the company kept of what its lenders paid, by client, product, county or month',
  },
);
export type MarginReportView = Static<typeof MarginReport>;

export const MarginQuery = Type.Object(
  {
    period: Type.Optional(
      Type.String({ description: 'YYYY-MM (a month of the company’s zone) or last_12_months (default)' }),
    ),
    by: Type.Optional(
      Type.Enum([...MARGIN_GROUPS], { default: 'client', description: 'How the rows are grouped' }),
    ),
  },
  { additionalProperties: false },
);

export const FeeEvidenceRow = Type.Object({
  state: Type.String({ description: 'USPS code' }),
  county: Type.Object({ fips: Type.String(), name: Type.String() }),
  product: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
  fees: Type.Integer({ description: 'Appraiser fees of orders delivered in the window' }),
  paid: Type.Integer({ description: 'Of them, paid out in full' }),
  minimum: MoneyOut('The lowest'),
  first_quartile: MoneyOut('25th percentile'),
  median: MoneyOut('50th percentile'),
  third_quartile: MoneyOut('75th percentile'),
  maximum: MoneyOut('The highest'),
  mean: MoneyOut('The mean'),
  bids_awarded: Type.Integer({ description: 'Fees set by a bid the company awarded' }),
  conditions_approved: Type.Integer({
    description: 'Fees raised by an appraiser’s condition the company approved',
  }),
  negotiations_approved: Type.Integer({ description: 'Orders whose fee changed by an approved negotiation' }),
});

export const FeeEvidence = Type.Object(
  {
    company_id: Type.String({ format: 'uuid' }),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    months: Type.Integer(),
    rows: Type.Array(FeeEvidenceRow),
  },
  {
    $id: 'FeeEvidence',
    description:
      'Customary and reasonable fee evidence (Regulation Z §1026.42(f)): the appraiser fees the company paid, by county and product',
  },
);
export type FeeEvidenceView = Static<typeof FeeEvidence>;

export const FeeEvidenceQuery = Type.Object(
  {
    months: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 36,
        default: 12,
        description: 'The window, up to now (default 12)',
      }),
    ),
  },
  { additionalProperties: false },
);
