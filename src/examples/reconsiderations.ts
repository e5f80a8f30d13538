import type { Static } from 'typebox';
import { Reconsideration, ReconsiderationOutcome } from '../orders/reconsideration.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { LOAN_OFFICER } from './ids.ts';

/**
 * The example order's reconsideration of value: the borrower, through the lender, names two
 * deficiencies and two closer sales; the company forwards it in its own words; the appraiser's
 * revised report raises the value and says so in its reconsideration section.
 */
const DEFICIENCIES = [
  {
    category: 'comparable_selection' as const,
    description: 'Comparable 3 is across the river, in another school district',
  },
  {
    category: 'subject_characteristics' as const,
    description: 'The report gives 1,840 sq ft; the builder plans give 1,912 sq ft above grade',
  },
];

/** What the request sends (JSON; as form fields deficiencies[0][category]…, comparables[0][address]…). */
export const RECONSIDERATION_REQUEST = {
  reason: 'alternate_closed_sales',
  summary: 'Two closer sales in the same subdivision closed before the effective date',
  supporting_data: 'Both sales are in the MLS; the listing sheets are attached',
  initiated_by: 'borrower',
  deficiencies: DEFICIENCIES,
  comparables: [
    {
      address: '412 Lavaca St, Austin, TX 78701',
      sale_price: '455000.00',
      sale_date: '11/02/2026',
      data_source: 'MLS 5512034',
      reason: 'Same subdivision and builder, 0.2 miles away, closed 18 days before the effective date',
    },
    {
      address: '1310 Colorado St, Austin, TX 78701',
      sale_price: '468500.00',
      sale_date: '2026-10-28',
      data_source: 'MLS 5510877',
      reason: 'Same floor plan, closed within 30 days',
    },
  ],
};

const OUTCOME: Static<typeof ReconsiderationOutcome> = {
  submission_before: 1,
  submission_after: 2,
  value_before: '491000.00',
  value_after: '495000.00',
  result: 'value_change',
  recorded_at: '2026-11-27T15:20:00.000Z',
  report_check: {
    status: 'matches',
    section: {
      indicator: true,
      requested_by: 'borrower',
      result: 'value_change',
      result_date: '2026-11-27',
      comment: 'Comparable 4 added to the grid; the value was reconciled at 495,000',
    },
    mismatches: [],
  },
};

const RECONSIDERATION: Static<typeof Reconsideration> = {
  id: 'e2b6a4f0-3c1d-4e5f-9a8b-7c6d5e4f3a2b',
  number: 1,
  status: 'resolved',
  initiated_by: 'borrower',
  reason: 'alternate_closed_sales',
  summary: RECONSIDERATION_REQUEST.summary,
  supporting_data: RECONSIDERATION_REQUEST.supporting_data,
  deficiencies: DEFICIENCIES,
  comparables: [
    {
      position: 1,
      address: '412 Lavaca St, Austin, TX 78701',
      sale_price: '455000.00',
      sale_date: '11/02/2026',
      data_source: 'MLS 5512034',
      reason: 'Same subdivision and builder, 0.2 miles away, closed 18 days before the effective date',
    },
  ],
  requested_at: '2026-11-24T14:05:00.000Z',
  requested_by: { id: LOAN_OFFICER.id, name: LOAN_OFFICER.name },
  review: {
    decision: 'forwarded',
    at: '2026-11-24T16:40:00.000Z',
    comments: 'Please consider the sales below, and the living area of the builder plans',
  },
  sent_to_appraiser_at: '2026-11-24T16:40:00.000Z',
  outcome: OUTCOME,
};

export const RECONSIDERATION_EXAMPLES: NamedExample[] = [
  example(ReconsiderationOutcome, OUTCOME),
  example(Reconsideration, RECONSIDERATION),
];
