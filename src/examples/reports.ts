import type { Static } from 'typebox';
import { FindingSchema } from '../reports/findings.ts';
import {
  LicenseLevelSchema,
  ReportAddressSchema,
  ReportComparableSchema,
  ReportFormatSchema,
  ReportModelSchema,
  ReportSignerSchema,
} from '../reports/report.model.ts';
import {
  ChecklistAnswerBody,
  FindingReviewBody,
  ReportCheck,
  ReportSubmission,
  ReviewedFinding,
} from '../reports/report.schemas.ts';
import { ReportSettings, ReportSettingsBody } from '../reports/report-settings.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { COMPANY, FILE_ID, FILE_NUMBER, signed } from './ids.ts';

/** The example order's report: the GSEs' SF1 sample written for 1100 Congress Ave, abridged. */
const SUBJECT: Static<typeof ReportAddressSchema> = {
  line: '1100 Congress Ave',
  unit: null,
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  county: 'Travis',
};

const SIGNER: Static<typeof ReportSignerSchema> = {
  name: 'Avery Appraiser',
  company: 'ABC Appraisal Co.',
  license: { state: 'TX', number: 'TX-1380123-R', level: 'certified_residential', expires_on: '2028-10-10' },
  signed_on: '2026-11-20',
};

const COMPARABLE: Static<typeof ReportComparableSchema> = {
  number: 1,
  address: {
    line: '1204 Lavaca St',
    unit: null,
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    county: null,
  },
  proximity_miles: 0.17,
  latitude: 30.2747,
  longitude: -97.7431,
  listing_status: 'settled_sale',
  sale_price: '460000.00',
  sale_date: '2026-10-17',
  contract_date: '2026-09-22',
  data_source: 'MLS 123456',
  adjustments: [
    { item: 'LivingUnitBedroomCount', amount: '10000.00' },
    { item: 'LivingUnitStandardFinishedAreaAboveGrade', amount: '20760.00' },
  ],
  net_adjustment: '30760.00',
  adjusted_price: '490760.00',
  condition: 'C4',
  quality: 'Q4',
};

/** Also what tests store as a read report where only its shape matters. */
export const REPORT: Static<typeof ReportModelSchema> = {
  format: 'uad_3.6',
  subject: {
    address: SUBJECT,
    latitude: 30.2729,
    longitude: -97.7444,
    property_kind: 'single_family',
    attached: false,
    units: 1,
    condition: 'C4',
    quality: 'Q4',
  },
  value: '491000.00',
  effective_date: '2026-11-20',
  condition_of_value: 'subject_to_repair',
  contract: { price: '489000.00', date: '2026-11-17' },
  inspection_date: '2026-11-20',
  assignment_type: 'purchase',
  valuation_method: 'traditional',
  government_agency: null,
  agency_case_number: null,
  appraiser: SIGNER,
  supervisor: null,
  client: { name: 'Hill Country Lending' },
  lender: { name: 'Hill Country Lending' },
  management_company: { name: 'Demo Appraisal Co' },
  borrowers: ['Bea Borrower'],
  file_numbers: { appraiser: 'AA12345', client: '1234567', management_company: FILE_NUMBER },
  comparables: [COMPARABLE],
  photos: [{ reference: '\\\\Images\\SF1_DwellingFront.png', category: 'DwellingFront', caption: null }],
  documents: ['\\\\SF1_Appraisal_v1.4.pdf'],
};

const FINDING: Static<typeof FindingSchema> = {
  id: 'CMP-SALE-AGE',
  source: 'comparable',
  severity: 'warning',
  message: 'Comparable 3: sold on 2025-09-01, more than 12 months before the effective date 2026-11-20.',
  field: 'comparables[3].sale_date',
  line: null,
};

const REVIEWED: Static<typeof ReviewedFinding> = {
  ...FINDING,
  override: {
    reason: 'The only sale of a pool home in the subdivision in two years; the lender agreed',
    by: 'Casey Coordinator',
    at: '2026-11-24T16:30:00.000Z',
  },
  shared_with_lender: true,
};

const CHECKLIST = [
  'Subject photos match the address and the order',
  'Comparables are the best available',
  'Value reconciled with the contract price',
];

export const REPORT_EXAMPLES: NamedExample[] = [
  example(ChecklistAnswerBody, { item: CHECKLIST[0]!, done: true }),
  example(ReviewedFinding, REVIEWED),
  example(FindingReviewBody, {
    id: FINDING.id,
    field: FINDING.field,
    override_reason: REVIEWED.override!.reason,
    shared_with_lender: true,
  }),
  example(ReportSettings, {
    company_id: COMPANY.id,
    allow_fatal_override: false,
    comparable_max_age_months: 12,
    proximity_tolerance_miles: 0.5,
    net_adjustment_percent: 15,
    gross_adjustment_percent: 25,
    review_checklist: CHECKLIST,
  }),
  example(ReportSettingsBody, {
    allow_fatal_override: true,
    comparable_max_age_months: 6,
    proximity_tolerance_miles: 1,
    net_adjustment_percent: 12.5,
    gross_adjustment_percent: 20,
    review_checklist: CHECKLIST,
  }),
  example(ReportFormatSchema, 'uad_3.6'),
  example(LicenseLevelSchema, 'certified_residential'),
  example(ReportAddressSchema, SUBJECT),
  example(ReportSignerSchema, SIGNER),
  example(ReportComparableSchema, COMPARABLE),
  example(ReportModelSchema, REPORT),
  example(FindingSchema, FINDING),
  example(ReportSubmission, {
    submission: 2,
    format: 'uad_3.6',
    report: REPORT,
    photos: [
      {
        position: 1,
        category: 'DwellingFront',
        caption: null,
        link: signed(`/files/${FILE_ID}/photos/1`),
      },
    ],
    findings: [REVIEWED],
    fatal_count: 0,
    warning_count: 1,
    checked_as_of: '2026-11-24',
    override_reason: null,
    warnings_acknowledged: true,
    submitted_by: 'Avery Appraiser',
    submitted_at: '2026-11-24T15:02:11.000Z',
    released: false,
    checklist: [
      { item: CHECKLIST[0]!, done: true, by: 'Casey Coordinator', at: '2026-11-24T16:25:00.000Z' },
      { item: CHECKLIST[1]!, done: false, by: null, at: null },
      { item: CHECKLIST[2]!, done: false, by: null, at: null },
    ],
    changes: {
      fields: [{ field: 'comparables[1].adjusted_price', before: '488760.00', after: '490760.00' }],
      findings_cleared: [
        {
          ...FINDING,
          id: 'CMP-NET-ADJUSTMENT',
          severity: 'fatal',
          field: 'comparables[1].net_adjustment',
          message: 'Comparable 1: the adjustments add up to $28,760, not the net adjustment of $30,760.',
        },
      ],
      findings_new: [],
    },
  }),
  example(ReportCheck, {
    format: 'uad_3.6',
    report: REPORT,
    findings: [FINDING],
    fatal_count: 0,
    warning_count: 1,
    checked_as_of: '2026-11-28',
    can_submit: true,
    needs_override_reason: false,
    needs_acknowledgement: true,
  }),
];
