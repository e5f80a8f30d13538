import { Type, type Static } from 'typebox';
import { Id } from '../schemas/common.ts';

/** A company's settings for the checks of its own (docs/reports.md, "Settings"). */
const fields = {
  allow_fatal_override: Type.Boolean({
    description:
      'Whether an appraiser may submit a report with fatal findings, giving a reason (override_reason)',
  }),
  comparable_max_age_months: Type.Integer({
    minimum: 1,
    maximum: 60,
    description:
      'A settled comparable sold more than this many months before the effective date is flagged (CMP-SALE-AGE)',
  }),
  proximity_tolerance_miles: Type.Number({
    exclusiveMinimum: 0,
    maximum: 100,
    description: "How far the stated proximity and the coordinates' distance may differ (CMP-PROXIMITY)",
  }),
  net_adjustment_percent: Type.Number({
    exclusiveMinimum: 0,
    maximum: 100,
    description: "A net adjustment above this share of the comparable's price is flagged (CMP-NET-PERCENT)",
  }),
  gross_adjustment_percent: Type.Number({
    exclusiveMinimum: 0,
    maximum: 200,
    description:
      "Gross adjustments above this share of the comparable's price are flagged (CMP-GROSS-PERCENT)",
  }),
  review_checklist: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
    maxItems: 30,
    uniqueItems: true,
    description:
      "What the company's reviewers tick for every report, in order (PATCH …/reports/{submission}/checklist)",
  }),
};

export const ReportSettings = Type.Object(
  { company_id: Id('The company'), ...fields },
  { $id: 'ReportSettings', description: "The company's settings for the report checks of its own" },
);
export type ReportSettingsView = Static<typeof ReportSettings>;

export const ReportSettingsBody = Type.Object(
  {
    allow_fatal_override: Type.Optional(fields.allow_fatal_override),
    comparable_max_age_months: Type.Optional(fields.comparable_max_age_months),
    proximity_tolerance_miles: Type.Optional(fields.proximity_tolerance_miles),
    net_adjustment_percent: Type.Optional(fields.net_adjustment_percent),
    gross_adjustment_percent: Type.Optional(fields.gross_adjustment_percent),
    review_checklist: Type.Optional(fields.review_checklist),
  },
  { $id: 'ReportSettingsBody', description: 'Send only what changes', additionalProperties: false },
);
export type ReportSettingsInput = Static<typeof ReportSettingsBody>;
