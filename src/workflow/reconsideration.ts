import { Type, type Static } from 'typebox';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { escapeHtml } from '../format/html.ts';
import { isCalendarDay, localDay, toIsoLocal, usDay } from '../format/dates.ts';
import { centsToCurrency, decimalToCents, MONEY_PATTERN } from '../format/money.ts';

/**
 * The structured reconsideration of value (docs/reports.md, "Reconsideration of value"): what a
 * lender's request names besides its reason and summary — the deficiencies it sees in the report
 * and up to five alternative comparables — as the interagency guidance of July 2024 and the GSEs'
 * policy of August 2024 ask, and who initiated it. Declared once here: the action's input
 * (workflow/transitions.ts), the answers of GET /orders/{order_id}/reconsiderations and the
 * notes that carry a request to the appraiser all read from it.
 */

/** The reasons the interface takes (interface.md), unchanged. */
export const ROV_REASONS = ['alternate_closed_sales', 'general_errors', 'subject_errors'] as const;
export type RovReason = (typeof ROV_REASONS)[number];

/** Who initiated the request: the borrower (once per appraisal, GSE policy) or the lender. */
export const ROV_INITIATORS = ['borrower', 'lender'] as const;
export type RovInitiator = (typeof ROV_INITIATORS)[number];

/**
 * Where a request stands: waiting for the company's review; with the appraiser (forwarded, or
 * sent at once where the company does not review); answered by the company itself; resolved by
 * the appraiser's revised report, its outcome recorded.
 */
export const ROV_STATUSES = ['in_review', 'with_appraiser', 'answered', 'resolved'] as const;
export type RovStatus = (typeof ROV_STATUSES)[number];

/** What the revised report did to the value; unknown when either report could not be read. */
export const ROV_RESULTS = ['value_change', 'no_value_change', 'unknown'] as const;
export type RovResult = (typeof ROV_RESULTS)[number];

/** Whether the revised report's reconsideration section agrees with the service's record. */
export const ROV_REPORT_CHECKS = ['matches', 'mismatch', 'not_checked'] as const;
export type RovReportCheck = (typeof ROV_REPORT_CHECKS)[number];

/** What a deficiency is about: the reasons, and more specific kinds, each with its label for people. */
export const DEFICIENCY_CATEGORIES = {
  alternate_closed_sales: 'Alternate closed sales',
  general_errors: 'General errors',
  subject_errors: 'Subject errors',
  comparable_selection: 'Comparable selection',
  adjustments: 'Adjustments',
  subject_characteristics: 'Subject characteristics (area, rooms, site, features)',
  condition_quality: 'Condition or quality rating',
  market_conditions: 'Market conditions or time adjustment',
  factual_error: 'A factual error (sale history, zoning, taxes, public record)',
  reconciliation: 'Reconciliation of the value',
  discrimination: 'Possible discrimination or bias',
  other: 'Other',
} as const;
export type DeficiencyCategory = keyof typeof DEFICIENCY_CATEGORIES;

/** The most alternative comparables one request names. */
export const MAX_ROV_COMPARABLES = 5;

const Text = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', description });

export const RovReasonSchema = Type.Enum(ROV_REASONS, {
  description: 'What kind of reconsideration: alternate_closed_sales, general_errors or subject_errors',
});
export const RovInitiatorSchema = Type.Enum(ROV_INITIATORS, {
  description:
    'Who initiated the request: borrower (the GSEs allow one borrower-initiated request per appraisal) or lender',
});

/** One deficiency: as the lender names it, and as it is read back. */
export const Deficiency = Type.Object({
  category: Type.Enum(Object.keys(DEFICIENCY_CATEGORIES) as DeficiencyCategory[], {
    description: `What it is about: ${Object.entries(DEFICIENCY_CATEGORIES)
      .map(([key, label]) => `${key} (${label})`)
      .join(', ')}`,
  }),
  description: Text(2000, 'The deficiency, for the appraiser: what the report says, and what is wrong'),
});

/** An alternative comparable as the lender sends it. */
const ComparableInput = Type.Object({
  address: Text(300, 'The address of the sale: street, city, state and ZIP'),
  sale_price: Type.String({
    pattern: MONEY_PATTERN,
    description: 'The sale price: a decimal amount, e.g. 455000 or 455000.00',
  }),
  sale_date: Type.String({
    maxLength: 40,
    description: 'The day the sale closed: YYYY-MM-DD or MM/DD/YYYY, not in the future',
  }),
  data_source: Text(200, 'Where the sale can be verified: "MLS 123456", a deed record'),
  reason: Text(2000, 'Why it is a better comparable than those the report uses'),
});

/** The structured fields the action takes besides reason, summary, supporting_data and attachments. */
export const ReconsiderationFields = {
  initiated_by: Type.Optional(
    Type.Enum(ROV_INITIATORS, {
      default: 'lender',
      description:
        'Who initiated the request: borrower or lender (default). The GSEs allow one borrower-initiated request per appraisal: a second is refused (422 naming initiated_by)',
    }),
  ),
  deficiencies: Type.Optional(
    Type.Array(Deficiency, {
      maxItems: 20,
      description:
        'The deficiencies the request names; as form fields deficiencies[0][category], deficiencies[0][description] (or deficiencies[][...])',
    }),
  ),
  comparables: Type.Optional(
    Type.Array(ComparableInput, {
      maxItems: MAX_ROV_COMPARABLES,
      description: `Up to ${MAX_ROV_COMPARABLES} alternative comparables, each with its address, sale price, sale date, data source and why it is better; as form fields comparables[0][address], comparables[0][sale_price]… (or comparables[][...])`,
    }),
  ),
};

type ComparableInputValue = Static<typeof ComparableInput>;

/** An alternative comparable as the service keeps it: the price in cents, the day as YYYY-MM-DD. */
export interface RovComparable {
  address: string;
  salePriceCents: bigint;
  saleDate: string;
  dataSource: string;
  reason: string;
}

/** A request as the service records it and renders it for people. */
export interface ReconsiderationRequest {
  reason: RovReason;
  initiatedBy: RovInitiator;
  summary: string;
  supportingData: string | null;
  deficiencies: { category: DeficiencyCategory; description: string }[];
  comparables: RovComparable[];
}

/**
 * The action's input read into a request: the comparables' prices and days checked beyond
 * what the schema says (a day that exists and is not in the future, a price above zero), every
 * problem named by its field (`comparables[1].sale_date`) in one 422.
 */
export function readReconsiderationRequest(
  input: {
    reason: RovReason;
    summary: string;
    supporting_data?: string | undefined;
    initiated_by?: RovInitiator | undefined;
    deficiencies?: { category: DeficiencyCategory; description: string }[] | undefined;
    comparables?: ComparableInputValue[] | undefined;
  },
  today: string,
): ReconsiderationRequest {
  const problems: FieldProblem[] = [];
  const comparables = (input.comparables ?? []).map((comparable, index) => {
    const field = (name: string) => `comparables[${index}].${name}`;
    const cents = decimalToCents(comparable.sale_price);
    if (cents === null) problems.push({ field: field('sale_price'), message: 'must be a decimal amount' });
    else if (cents <= 0n) problems.push({ field: field('sale_price'), message: 'must be more than 0' });
    const day = toIsoLocal(comparable.sale_date.trim());
    if (!isCalendarDay(day))
      problems.push({ field: field('sale_date'), message: 'must be a date: YYYY-MM-DD or MM/DD/YYYY' });
    else if (day > today)
      problems.push({
        field: field('sale_date'),
        message: `is ${usDay(day)}, in the future: give the day the sale closed`,
      });
    return {
      address: comparable.address.trim(),
      salePriceCents: cents ?? 0n,
      saleDate: day,
      dataSource: comparable.data_source.trim(),
      reason: comparable.reason.trim(),
    };
  });
  if (problems.length > 0)
    throw new AppError(
      'validation_failed',
      `Invalid input: ${[...new Set(problems.map((problem) => problem.field))].join(', ')}`,
      problems,
    );
  return {
    reason: input.reason,
    initiatedBy: input.initiated_by ?? 'lender',
    summary: input.summary,
    supportingData: input.supporting_data?.trim() ? input.supporting_data : null,
    deficiencies: (input.deficiencies ?? []).map((deficiency) => ({
      category: deficiency.category,
      description: deficiency.description.trim(),
    })),
    comparables,
  };
}

/** Today in the deployment's zone, the day sale dates are compared with. */
export const todayIn = (timeZone: string, now: Date): string => localDay(now, timeZone);

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const list = (items: string[]) => `<ol>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ol>`;

const INITIATED_BY_TEXT: Record<RovInitiator, string> = {
  borrower: 'the borrower (through the lender)',
  lender: 'the lender',
};

/**
 * The request's structured parts as readable text (sanitized-safe HTML): its reason, who
 * initiated it, the deficiencies and the alternative comparables. The same text goes in the
 * lender's note and in the note the company forwards to the appraiser, in its own words or not.
 */
export function reconsiderationDetailsHtml(
  request: Pick<ReconsiderationRequest, 'reason' | 'initiatedBy' | 'deficiencies' | 'comparables'>,
): string {
  const parts = [paragraph(`Initiated by: ${INITIATED_BY_TEXT[request.initiatedBy]}`)];
  if (request.deficiencies.length > 0)
    parts.push(
      paragraph('Deficiencies:'),
      list(
        request.deficiencies.map(
          (deficiency) => `${DEFICIENCY_CATEGORIES[deficiency.category]}: ${deficiency.description}`,
        ),
      ),
    );
  if (request.comparables.length > 0)
    parts.push(
      paragraph('Alternative comparables:'),
      list(
        request.comparables.map(
          (comparable) =>
            `${comparable.address}: sold ${usDay(comparable.saleDate)} for ${centsToCurrency(comparable.salePriceCents)} (data source: ${comparable.dataSource}). Why it is better: ${comparable.reason}`,
        ),
      ),
    );
  return parts.join('');
}

/** The reason as a line for people: "Reason: alternate closed sales". */
export const reasonHtml = (reason: RovReason) => paragraph(`Reason: ${reason.replace(/_/g, ' ')}`);
