import { usDay } from '../format/dates.ts';
import { centsToDecimal } from '../format/money.ts';
import type { ReconsiderationRow } from './reconsideration.repository.ts';
import type { ReconsiderationOutcomeView, ReconsiderationView } from './reconsideration.schemas.ts';

/**
 * Who reads a reconsideration, and so what of it (docs/security.md, "Appraiser independence"):
 * the company all of it; the lender its request, the company's answer to it and the outcome once
 * the revised report is released, never the company's words to the appraiser nor the check of
 * the report; the appraiser what the company passed on, never who of the lender wrote it.
 */
export type ReconsiderationReader = 'company' | 'lender' | 'appraiser';

/** Whether the reader sees the request at all: the appraiser only once it reached them. */
export const readsReconsideration = (row: ReconsiderationRow, reader: ReconsiderationReader): boolean =>
  reader !== 'appraiser' || row.sent_to_appraiser_at !== null;

/** A reconsideration as `reader` reads it (one of those readsReconsideration lets through). */
export function toReconsideration(
  row: ReconsiderationRow,
  reader: ReconsiderationReader,
): ReconsiderationView {
  const inCompanyWords = row.company_comments !== null;
  const narrativeHidden = reader === 'appraiser' && inCompanyWords;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    initiated_by: row.initiated_by,
    reason: row.reason,
    summary: narrativeHidden ? null : row.summary,
    supporting_data: narrativeHidden ? null : row.supporting_data,
    deficiencies: row.deficiencies,
    comparables: row.comparables.map((comparable) => ({
      position: comparable.position,
      address: comparable.address,
      sale_price: centsToDecimal(comparable.sale_price_cents)!,
      sale_date: usDay(comparable.sale_date),
      data_source: comparable.data_source,
      reason: comparable.reason,
    })),
    requested_at: row.requested_at.toISOString(),
    requested_by:
      reader !== 'appraiser' && row.requested_by !== null
        ? { id: row.requested_by, name: row.requested_by_name ?? '' }
        : null,
    review: review(row, reader),
    sent_to_appraiser_at: row.sent_to_appraiser_at?.toISOString() ?? null,
    outcome: outcome(row, reader),
  };
}

function review(row: ReconsiderationRow, reader: ReconsiderationReader): ReconsiderationView['review'] {
  if (row.answered_at !== null)
    return {
      decision: 'answered',
      at: row.answered_at.toISOString(),
      comments: reader === 'appraiser' ? null : row.answer,
    };
  // Forwarded by staff (a request sent at once had no review): it reached the appraiser then.
  if (row.reviewed && row.sent_to_appraiser_at !== null)
    return {
      decision: 'forwarded',
      at: row.sent_to_appraiser_at.toISOString(),
      comments: reader === 'lender' ? null : row.company_comments,
    };
  return null;
}

function outcome(row: ReconsiderationRow, reader: ReconsiderationReader): ReconsiderationOutcomeView | null {
  if (row.resolved_at === null || row.submission_after === null || row.result === null) return null;
  if (reader === 'lender' && !row.outcome_released) return null;
  return {
    submission_before: row.submission_before,
    submission_after: row.submission_after,
    value_before: centsToDecimal(row.value_before_cents),
    value_after: centsToDecimal(row.value_after_cents),
    result: row.result,
    recorded_at: row.resolved_at.toISOString(),
    report_check:
      reader === 'lender' || row.report_check === null
        ? null
        : {
            status: row.report_check,
            section: row.report_section,
            mismatches: row.report_mismatches ?? [],
          },
  };
}
