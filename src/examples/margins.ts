import { FeeEvidence, MarginReport } from '../margins/margins.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { CLIENT, COMPANY, PRODUCT } from './ids.ts';

/** Margins and the fee evidence an examiner asks for. */
const FIGURES = {
  orders: 42,
  lender_fees: '21000.00',
  appraiser_fees: '14175.00',
  margin: '6825.00',
  margin_percent: 32.5,
};

export const MARGIN_EXAMPLES: NamedExample[] = [
  example(MarginReport, {
    company_id: COMPANY.id,
    period: '2026-11',
    from: '2026-11-01T05:00:00.000Z',
    to: '2026-12-01T06:00:00.000Z',
    by: 'client',
    rows: [{ key: CLIENT.id, name: CLIENT.name, ...FIGURES }],
    totals: FIGURES,
  }),
  example(FeeEvidence, {
    company_id: COMPANY.id,
    from: '2025-11-29T15:00:00.000Z',
    to: '2026-11-29T15:00:00.000Z',
    months: 12,
    rows: [
      {
        state: 'TX',
        county: { fips: '48453', name: 'Travis County' },
        product: PRODUCT,
        fees: 42,
        paid: 40,
        minimum: '300.00',
        first_quartile: '325.00',
        median: '337.50',
        third_quartile: '350.00',
        maximum: '425.00',
        mean: '338.10',
        bids_awarded: 3,
        conditions_approved: 2,
        negotiations_approved: 1,
      },
    ],
  }),
];
