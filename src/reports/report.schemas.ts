import { Type } from 'typebox';
import { Binary, Nullable, ref } from '../schemas/common.ts';
import { FileTypeSlug } from '../schemas/file-types.ts';
import { FindingSchema } from './findings.ts';
import { ReportFormatSchema, ReportModelSchema } from './report.model.ts';

/**
 * The files of a report submission, as request_submission takes them and the pre-check reads
 * them: declared once here, so that the two never drift apart.
 */
export const SubmittedFiles = Type.Array(
  Type.Object({
    attachment: Type.Optional(Binary),
    file_id: Type.Optional(
      Type.String({
        description:
          'Instead of attachment: a file you uploaded to this order before (POST /orders/{order_id}/files), so that each file can be sent, and sent again, on its own',
      }),
    ),
    file_type: FileTypeSlug,
    product_id: Type.Optional(Type.String({ description: "One of the order's products" })),
  }),
  {
    minItems: 1,
    maxItems: 50,
    description:
      'Sent as files[][attachment], files[][file_type], files[][product_id] (or files[0][...]); or as JSON with file_id instead of attachment. The report: its XML as appraisal_xml (or its UAD 3.6 ZIP package as appraisal_xml) and its PDF as appraisal_pdf',
  },
);

export const ReportCheckBody = Type.Object(
  { files: SubmittedFiles },
  { $id: 'ReportCheckBody', description: 'The files the appraiser is about to submit' },
);

export const ReportCheck = Type.Object(
  {
    format: ref(ReportFormatSchema),
    report: ref(ReportModelSchema),
    findings: Type.Array(ref(FindingSchema), { description: 'Fatal findings first, then warnings' }),
    fatal_count: Type.Integer(),
    warning_count: Type.Integer(),
    checked_as_of: Type.String({
      format: 'date',
      description: 'The day the rules that compare with today used',
    }),
    can_submit: Type.Boolean({
      description:
        'false: fatal findings block the submission (the company allows no override); correct the report',
    }),
    needs_override_reason: Type.Boolean({
      description:
        'Submitting it as it is needs override_reason (fatal findings the company lets the appraiser override)',
    }),
    needs_acknowledgement: Type.Boolean({
      description: 'Submitting it needs acknowledge_warnings=true (it has warnings)',
    }),
  },
  {
    $id: 'ReportCheck',
    description:
      'What the checks found in a report before it is submitted; nothing was stored (docs/reports.md)',
  },
);

/** A finding as the company reviewed it: overridden with a reason, shared with the lender. */
export const ReviewedFinding = Type.Object(
  {
    ...FindingSchema.properties,
    override: Nullable(
      Type.Object({
        reason: Type.String({ description: 'Why the company accepts the report despite it' }),
        by: Nullable(Type.String({ description: 'Who overrode it' })),
        at: Type.String({ format: 'date-time' }),
      }),
    ),
    shared_with_lender: Type.Boolean({
      description: 'Whether the lender sees it once the report is released',
    }),
  },
  {
    $id: 'ReviewedFinding',
    description:
      'A finding of a submitted report with the company\'s review of it (docs/reports.md, "Review")',
  },
);

export const FindingReviewBody = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100, description: "The finding's id (UAD1001, ORD-ZIP…)" }),
    field: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'The field it points at, as the finding gives it',
    }),
    override_reason: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 2000,
          description:
            'Override it, with why the report is accepted despite it; null takes the override back',
        }),
      ),
    ),
    shared_with_lender: Type.Optional(
      Type.Boolean({ description: 'Share it with the lender, who sees it once the report is released' }),
    ),
  },
  { $id: 'FindingReviewBody', description: 'The review of one finding: send what changes' },
);

export const ChecklistAnswerBody = Type.Object(
  {
    item: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "One of the company's review checklist items",
    }),
    done: Type.Boolean({ description: 'Ticked, or the tick taken back' }),
  },
  { $id: 'ChecklistAnswerBody', description: 'A tick of the review checklist for one submission' },
);

const FieldChange = Type.Object({
  field: Type.String({ description: 'value, effective_date, comparables[2].adjusted_price…' }),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});

export const ReportSubmission = Type.Object(
  {
    submission: Type.Integer({ description: 'The submission of the order it came with (1, 2, …)' }),
    format: ref(ReportFormatSchema),
    report: ref(ReportModelSchema),
    photos: Type.Array(
      Type.Object({
        position: Type.Integer({
          description: "Its place among the report's photos (report.photos), from 1",
        }),
        category: Nullable(Type.String({ description: 'DwellingFront, Kitchen…, as the report names it' })),
        caption: Nullable(Type.String()),
        link: Nullable(
          Type.String({
            format: 'uri',
            description:
              "The image, out of the report's UAD 3.6 package, through a signed link like File.link (no API key); null where the report came without a package (a bare XML, a MISMO 2.6 file) or the package is not one the caller may download",
          }),
        ),
      }),
      {
        description:
          "The report's photos, in its order, each with a link to the image where the package holds it",
      },
    ),
    findings: Type.Array(ref(ReviewedFinding), {
      description:
        "What the checks found when it was submitted, with the company's review of each (the override only for staff); a lender's answer lists the findings the company shared",
    }),
    fatal_count: Nullable(Type.Integer({ description: 'null for a lender' })),
    warning_count: Nullable(Type.Integer({ description: 'null for a lender' })),
    checked_as_of: Type.String({ format: 'date' }),
    override_reason: Nullable(
      Type.String({
        description:
          'Why it was submitted despite fatal findings (the company allowed it); null for a lender',
      }),
    ),
    warnings_acknowledged: Type.Boolean(),
    submitted_by: Nullable(Type.String({ description: 'Who submitted it' })),
    submitted_at: Type.String({ format: 'date-time' }),
    released: Type.Boolean({ description: 'Whether the company released it to the lender' }),
    checklist: Type.Array(
      Type.Object({
        item: Type.String(),
        done: Type.Boolean(),
        by: Nullable(Type.String({ description: 'Who ticked it, or took the tick back' })),
        at: Nullable(Type.String({ format: 'date-time' })),
      }),
      {
        description:
          "The company's review checklist for this submission, in its order; empty for others than staff",
      },
    ),
    changes: Nullable(
      Type.Object(
        {
          fields: Type.Array(FieldChange),
          findings_cleared: Type.Array(ref(FindingSchema)),
          findings_new: Type.Array(ref(FindingSchema)),
        },
        { description: 'What changed from the submission before it; null for the first, and for a lender' },
      ),
    ),
  },
  {
    $id: 'ReportSubmission',
    description: 'One submission of the report as the service read it (docs/reports.md)',
  },
);
