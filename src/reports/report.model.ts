import { Type, type Static } from 'typebox';
import { Nullable, ref } from '../schemas/common.ts';

/**
 * One appraisal report as the service understands it, whatever format it came in (UAD 3.6 or
 * the legacy MISMO 2.6 GSE file): the facts the checks, the review page and the lender's summary
 * read. Amounts are decimal text with two places ("491000.00"), dates are YYYY-MM-DD, codes that
 * look like numbers (ZIP codes, license numbers) stay text; an absent fact is null. The schemas
 * give the types below and the OpenAPI document alike.
 */
const Text = (description?: string) => Nullable(Type.String(description ? { description } : {}));
const Amount = (description: string) =>
  Nullable(
    Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: `${description}: decimal text, two places` }),
  );
const Day = (description: string) =>
  Nullable(Type.String({ format: 'date', description: `${description}, YYYY-MM-DD` }));

export const ReportFormatSchema = Type.Enum(['uad_3.6', 'mismo_2.6'], {
  $id: 'ReportFormat',
  description: 'uad_3.6: the MISMO 3.6 UAD file; mismo_2.6: the legacy MISMO 2.6 GSE file',
});
export type ReportFormat = Static<typeof ReportFormatSchema>;

export const ReportAddressSchema = Type.Object(
  {
    line: Text('Street address'),
    unit: Text(),
    city: Text(),
    state: Text('Two-letter state code'),
    postal_code: Text('As written: 01234 stays 01234'),
    county: Text(),
  },
  { $id: 'ReportAddress', description: 'An address as the report gives it' },
);
export type ReportAddress = Static<typeof ReportAddressSchema>;

export const LicenseLevelSchema = Type.Enum(
  ['trainee', 'licensed', 'certified_residential', 'certified_general', 'none', 'other'],
  { $id: 'ReportLicenseLevel', description: "The level of the signer's credential" },
);
export type LicenseLevel = Static<typeof LicenseLevelSchema>;

const ReportLicenseSchema = Type.Object({
  state: Text('The issuing state'),
  number: Text(),
  level: Nullable(ref(LicenseLevelSchema)),
  expires_on: Day('Expiry'),
});
export type ReportLicense = Static<typeof ReportLicenseSchema>;

export const ReportSignerSchema = Type.Object(
  {
    name: Text(),
    company: Text(),
    license: Nullable(ReportLicenseSchema),
    signed_on: Day('The day they signed'),
  },
  { $id: 'ReportSigner', description: 'The appraiser or the supervisory appraiser who signed the report' },
);
export type ReportSigner = Static<typeof ReportSignerSchema>;

const ReportAdjustmentSchema = Type.Object({
  item: Type.String({ description: 'What is adjusted for, as the report names the line' }),
  amount: Type.String({ description: 'Decimal text, two places; negative for a downward adjustment' }),
});
export type ReportAdjustment = Static<typeof ReportAdjustmentSchema>;

export const ReportComparableSchema = Type.Object(
  {
    number: Type.Integer({ description: "The comparable's number on the report (1, 2, 3…)" }),
    address: ref(ReportAddressSchema),
    proximity_miles: Nullable(Type.Number({ description: 'Distance from the subject the report gives' })),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    listing_status: Text('settled_sale, pending, active… as the listing says'),
    sale_price: Amount(
      "The price the grid adjusts: the sale's, a pending sale's contract price, a listing's list price",
    ),
    sale_date: Day("The settled sale's date; null for a pending sale or a listing"),
    contract_date: Day('The contract date'),
    data_source: Text('Where the sale was verified: an MLS number, say'),
    adjustments: Type.Array(ReportAdjustmentSchema),
    net_adjustment: Amount('The net adjustment'),
    adjusted_price: Amount('The adjusted price'),
    condition: Text('C1–C6'),
    quality: Text('Q1–Q6'),
  },
  { $id: 'ReportComparable', description: 'A comparable sale of the sales comparison grid' },
);
export type ReportComparable = Static<typeof ReportComparableSchema>;

const ConditionOfValueSchema = Type.Enum(
  ['as_is', 'subject_to_completion', 'subject_to_repair', 'subject_to_inspection'],
  { description: 'The condition the value is given on' },
);
export type ConditionOfValue = Static<typeof ConditionOfValueSchema>;

const PropertyKindSchema = Type.Enum(
  ['single_family', 'condominium', 'cooperative', 'manufactured', 'two_to_four_units'],
  { description: 'What kind of property is appraised' },
);
export type PropertyKind = Static<typeof PropertyKindSchema>;

const ReportPhotoSchema = Type.Object({
  reference: Type.String({ description: 'The file as the report names it (\\\\Images\\SF1_Comp1.png)' }),
  category: Text('DwellingFront, Kitchen…'),
  caption: Text(),
});
export type ReportPhoto = Static<typeof ReportPhotoSchema>;

export const ReportModelSchema = Type.Object(
  {
    format: ref(ReportFormatSchema),
    subject: Type.Object({
      address: ref(ReportAddressSchema),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
      property_kind: Nullable(PropertyKindSchema),
      attached: Nullable(Type.Boolean()),
      units: Nullable(Type.Integer({ description: 'Living units, accessory units aside' })),
      condition: Text('C1–C6'),
      quality: Text('Q1–Q6'),
    }),
    value: Amount('The opinion of market value'),
    effective_date: Day('The effective date of the opinion'),
    condition_of_value: Nullable(ConditionOfValueSchema),
    contract: Nullable(Type.Object({ price: Amount('The contract price'), date: Day('The contract date') })),
    inspection_date: Day('The inspection'),
    assignment_type: Text('purchase, refinance, home_equity… as the report states the assignment'),
    valuation_method: Text('traditional, desktop, exterior or hybrid'),
    government_agency: Text('FHA, VA or USDA when the report was prepared for one'),
    agency_case_number: Text('The agency case number (an FHA case number)'),
    appraiser: Nullable(ref(ReportSignerSchema)),
    supervisor: Nullable(ref(ReportSignerSchema)),
    client: Type.Object({ name: Text() }),
    lender: Type.Object({ name: Text() }),
    management_company: Type.Object({ name: Text() }),
    borrowers: Type.Array(Type.String()),
    file_numbers: Type.Object({
      appraiser: Text("The appraiser's file number"),
      client: Text("The lender's"),
      management_company: Text("The management company's: this order's file number"),
    }),
    comparables: Type.Array(ref(ReportComparableSchema)),
    photos: Type.Array(ReportPhotoSchema),
    documents: Type.Array(Type.String(), {
      description: 'Files the report names besides its photos (its PDF)',
    }),
  },
  { $id: 'ReportSummary', description: 'What the service read of an appraisal report (docs/reports.md)' },
);
export type ReportModel = Static<typeof ReportModelSchema>;
