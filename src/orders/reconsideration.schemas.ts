import { Type, type Static } from 'typebox';
import { FieldProblem, Id, Nullable, ref } from '../schemas/common.ts';
import {
  Deficiency,
  ROV_INITIATORS,
  ROV_REPORT_CHECKS,
  ROV_RESULTS,
  ROV_STATUSES,
  RovInitiatorSchema,
  RovReasonSchema,
} from '../workflow/reconsideration.ts';

/**
 * A reconsideration of value as GET /orders/{order_id}/reconsiderations answers it
 * (docs/reports.md, "Reconsideration of value"); the request's own shapes are declared in
 * workflow/reconsideration.ts. Instants are ISO 8601 date-times, a sale's day MM/DD/YYYY, money
 * decimal strings.
 */
const Instant = (description: string) => Type.String({ format: 'date-time', description });
const Decimal = (description: string) =>
  Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: `${description}: a decimal string, "455000.00"` });

export const ReconsiderationOutcome = Type.Object(
  {
    submission_before: Nullable(
      Type.Integer({ description: 'The last submission read before the revised one (GET …/reports)' }),
    ),
    submission_after: Type.Integer({ description: 'The revised submission that answered the request' }),
    value_before: Nullable(Decimal('The opinion of value before')),
    value_after: Nullable(Decimal('The opinion of value of the revised report')),
    result: Type.Enum(ROV_RESULTS, {
      description:
        'value_change, no_value_change, or unknown where either report had no appraisal XML the service read',
    }),
    recorded_at: Instant('When the revised report came in'),
    report_check: Nullable(
      Type.Object(
        {
          status: Type.Enum(ROV_REPORT_CHECKS, {
            description:
              "matches: the revised report's reconsideration section agrees with the record; mismatch: see mismatches; not_checked: the revised report is no UAD 3.6 file the service read",
          }),
          section: Nullable(
            Type.Object(
              {
                indicator: Nullable(Type.Boolean({ description: 'ReconsiderationOfValueIndicator' })),
                requested_by: Nullable(
                  Type.Enum(ROV_INITIATORS, { description: 'ReconsiderationOfValueRequestedByType' }),
                ),
                result: Nullable(
                  Type.Enum(['value_change', 'no_value_change'], {
                    description: 'ReconsiderationOfValueResultType',
                  }),
                ),
                result_date: Nullable(
                  Type.String({
                    format: 'date',
                    description: 'ReconsiderationOfValueResultDate, YYYY-MM-DD',
                  }),
                ),
                comment: Nullable(Type.String({ description: 'ReconsiderationOfValueCommentDescription' })),
              },
              { description: 'What the revised UAD 3.6 report says (its latest RECONSIDERATION_OF_VALUE)' },
            ),
          ),
          mismatches: Type.Array(ref(FieldProblem), {
            description: 'Each element of the section that disagrees with the record, and how',
          }),
        },
        { description: "The company's and the appraiser's; null for the lender" },
      ),
    ),
  },
  {
    $id: 'ReconsiderationOutcome',
    description:
      "What the appraiser's revised report gave; the lender reads it once the company released that report",
  },
);

export const Reconsideration = Type.Object(
  {
    id: Id(),
    number: Type.Integer({ minimum: 1, description: "The request's number on the order: 1, 2, …" }),
    status: Type.Enum(ROV_STATUSES, {
      description:
        "in_review: waits for the company's review; with_appraiser: forwarded (or sent at once where the company does not review the lender's requests), the revised report awaited; answered: the company answered it itself; resolved: the revised report came in (outcome)",
    }),
    initiated_by: RovInitiatorSchema,
    reason: RovReasonSchema,
    summary: Nullable(
      Type.String({
        description:
          "The lender's summary; null for the appraiser when the company forwarded the request in its own words",
      }),
    ),
    supporting_data: Nullable(Type.String({ description: 'Likewise' })),
    deficiencies: Type.Array(Deficiency),
    comparables: Type.Array(
      Type.Object({
        position: Type.Integer({ minimum: 1, maximum: 5 }),
        address: Type.String(),
        sale_price: Decimal('The sale price'),
        sale_date: Type.String({ description: 'MM/DD/YYYY' }),
        data_source: Type.String({ description: 'Where the sale can be verified: "MLS 123456"' }),
        reason: Type.String({ description: 'Why it is a better comparable' }),
      }),
      { description: 'The alternative comparables, at most 5' },
    ),
    requested_at: Instant('When the lender asked'),
    requested_by: Nullable(
      Type.Object(
        { id: Id(), name: Type.String() },
        { description: "The lender's user who asked: for the company and the lender, never the appraiser" },
      ),
    ),
    review: Nullable(
      Type.Object(
        {
          decision: Type.Enum(['forwarded', 'answered'], {
            description:
              'forwarded: passed on to the appraiser (forward_request); answered: answered by the company itself (answer_request)',
          }),
          at: Instant('When'),
          comments: Nullable(
            Type.String({
              description:
                "forwarded: the company's own words to the appraiser (null: as the lender wrote it), read by the company and the appraiser; answered: the answer, read by the company and the lender",
            }),
          ),
        },
        {
          description:
            "The company's review; null while it waits, and where the request went to the appraiser at once",
        },
      ),
    ),
    sent_to_appraiser_at: Nullable(Instant('When it reached the appraiser')),
    outcome: Nullable(ref(ReconsiderationOutcome)),
  },
  {
    $id: 'Reconsideration',
    description:
      "A reconsideration of value of the order's report: the company's staff see every one; the lender its client's, without the company's words to the appraiser; the appraiser those that reached them, without who of the lender wrote them (docs/reports.md)",
  },
);

export type ReconsiderationView = Static<typeof Reconsideration>;
export type ReconsiderationOutcomeView = Static<typeof ReconsiderationOutcome>;
