/**
 * The reader of the legacy MISMO 2.6 GSE appraisal file (UAD 1.x): the VALUATION_RESPONSE that
 * appraisal software delivered to UCDP before UAD 3.6, read into the same report model as the
 * UAD 3.6 reader (uad36.reader.ts), so that the same fact reads the same in either format.
 *
 * Its structure follows these sources:
 * - MISMO, "Property Information Valuation Response v2.6 GSE Extension Schema" (2010-12-10), the
 *   MISMO 2.6 schema with the GSEs' UAD extensions, as shipped in Bradford Technologies' ClickFORMS
 *   source: https://github.com/yakovfr/ClickFormsVeptas, AppraisalWorld/Mismo/AppraisalMap2_6GSE.xsd
 *   (elements, attributes and their enumerations: AppraisalFormType, APPRAISER_LICENSE _Type,
 *   _CONDITION_OF_APPRAISAL _Type, SALE_PRICE_ADJUSTMENT _Type, the GSE extensions).
 * - ClickFORMS' form-cell-to-XPath map for that schema, same repository,
 *   AppraisalWorld/Mismo/AppraisalMap2_6GSE.xml (REPORT/@LoanOriginationSystemLoanIdentifier,
 *   the grid's ROOM_ADJUSTMENT and OTHER_FEATURE_ADJUSTMENT rows, COMPARABLE_SALE/@ClosingDate).
 * - ClickFORMS' export code, same repository, UGSEInterface.pas (ExportReportEmbededPDF: the PDF
 *   as REPORT/EMBEDDED_FILE _Type="PDF" _EncodingType="Base64" MIMEType="application/pdf" with
 *   its base64 in DOCUMENT; ExportFormSigners: one APPRAISER_LICENSE per signer, Certificate,
 *   License or Other) and 9.25.files/UAMC_BuildX26GSE.pas.
 * - Fannie Mae and Freddie Mac, "Uniform Appraisal Dataset Specification, Appendix D:
 *   Field-Specific Standardization Requirements" v1.6, https://docplayer.net/370178-Fannie-mae-
 *   and-freddie-mac-uniform-appraisal-dataset-specification-appendix-d-field-specific-
 *   standardization-requirements-document-version-1.html, and its Date of Sale/Time section as
 *   quoted at https://appraisersforum.com/forums/threads/listing-and-pending-arm-length-or-
 *   listing.185853/post-2226188: the grid's coded values (C1–C6, Q1–Q6, "s08/19;c07/19" — month
 *   and year only — "Active", "c04/10").
 *
 * Almost everything is an attribute, not element text; the GSEs' UAD fields sit in
 * X_EXTENSION/X_EXTENSION_SECTION/X_EXTENSION_SECTION_DATA wrappers under the element they extend.
 * The sales grid is VALUATION_METHODS/SALES_COMPARISON/COMPARABLE_SALE, sequence 0 the subject.
 */
import type {
  ConditionOfValue,
  LicenseLevel,
  PropertyKind,
  ReportAddress,
  ReportAdjustment,
  ReportComparable,
  ReportModel,
  ReportPhoto,
  ReportSigner,
} from './report.model.ts';
import { amount, date, indicator, number, snake, text } from './report-values.ts';
import type { XmlNode } from './xml-tree.ts';

/** An attribute's text; null when absent or blank. */
const at = (node: XmlNode | undefined | null, name: string): string | null => text(node?.attribute(name));

/** The first element named `name` below `node`: the GSE fields' wrapper chain varies in depth. */
const below = (node: XmlNode | undefined | null, name: string): XmlNode | undefined =>
  node ? [...node.descendants()].find((found) => found !== node && found.name === name) : undefined;

/** An amount the grid may sign: "+20000" is an upward adjustment, which amount() would refuse. */
const signedAmount = (value: string | null): string | null => amount(value?.replace(/^\s*\+/, '') ?? null);

/** What the form type says of the property and of the scope: the 2.6 file is one GSE form. */
interface FormFacts {
  kind: PropertyKind;
  method?: 'traditional' | 'exterior';
}

const FORMS: Record<string, FormFacts> = {
  FNM1004: { kind: 'single_family', method: 'traditional' },
  FNM2055: { kind: 'single_family', method: 'exterior' },
  FNM1073: { kind: 'condominium', method: 'traditional' },
  FNM1075: { kind: 'condominium', method: 'exterior' },
  FNM1004C: { kind: 'manufactured', method: 'traditional' },
  MOBILEHOME: { kind: 'manufactured' },
  FNM1025: { kind: 'two_to_four_units', method: 'traditional' },
  FNM2090: { kind: 'cooperative', method: 'traditional' },
  FNM2095: { kind: 'cooperative', method: 'exterior' },
};

const CONDITIONS: Record<string, ConditionOfValue> = {
  AsIs: 'as_is',
  SubjectToCompletion: 'subject_to_completion',
  SubjectToRepairs: 'subject_to_repair',
  SubjectToInspections: 'subject_to_inspection',
};

/** The scope the subject's inspection implies when the form type does not say (an update, "Other"). */
const INSPECTION_METHODS: Record<string, string> = {
  ExteriorAndInterior: 'traditional',
  ExteriorOnly: 'exterior',
};

/** The GSE listing status in the 3.6 words: 2.6's "Contract" is 3.6's "Pending". */
const LISTING_STATUSES: Record<string, string> = {
  SettledSale: 'settled_sale',
  Contract: 'pending',
  Active: 'active',
  Expired: 'expired',
  Withdrawn: 'withdrawn',
};

const DATE_STATUS_CODES: Record<string, string> = {
  s: 'SettledSale',
  c: 'Contract',
  e: 'Expired',
  w: 'Withdrawn',
};

/** The status the Date of Sale/Time line spells when the GSE extension is absent (Appendix D). */
function statusFromSaleDate(description: string | null): string | null {
  if (!description) return null;
  if (/^active/i.test(description)) return 'Active';
  const code = /^([scew])\s*\d/i.exec(description)?.[1]?.toLowerCase();
  return code ? (DATE_STATUS_CODES[code] ?? null) : null;
}

function parseCityLine(line: string | null): Pick<ReportAddress, 'city' | 'state' | 'postal_code'> {
  const match = line ? /^(.*?),\s*([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(line) : null;
  return { city: text(match?.[1]), state: text(match?.[2]), postal_code: text(match?.[3]) };
}

function subjectAddress(property: XmlNode | undefined): ReportAddress {
  // The city line (_StreetAddress2, "Treeville, VA 12345") stands in when the parts are missing.
  const cityLine = parseCityLine(at(property, '_StreetAddress2'));
  return {
    line: at(property, '_StreetAddress'),
    unit:
      at(property?.first('STRUCTURE')?.first('_UNIT'), 'UnitIdentifier') ??
      at(property?.first('PARSED_STREET_ADDRESS'), '_ApartmentOrUnit'),
    city: at(property, '_City') ?? cityLine.city,
    state: at(property, '_State') ?? cityLine.state,
    postal_code: at(property, '_PostalCode') ?? cityLine.postal_code,
    county: at(property, '_County'),
  };
}

function comparableAddress(location: XmlNode | undefined): ReportAddress {
  const cityLine = parseCityLine(at(location, 'PropertyStreetAddress2'));
  return {
    line: at(location, 'PropertyStreetAddress'),
    unit: at(location, 'UnitIdentifier'),
    city: at(location, 'PropertyCity') ?? cityLine.city,
    state: at(location, 'PropertyState') ?? cityLine.state,
    postal_code: at(location, 'PropertyPostalCode') ?? cityLine.postal_code,
    // The grid's LOCATION has no county.
    county: null,
  };
}

/** "0.17 miles N" → 0.17: the grid gives the distance as text, with its direction. */
function proximityMiles(description: string | null): number | null {
  const match = description ? /^\s*(\d*\.?\d+)\s*(miles?|mi\b|feet|ft\b)?/i.exec(description) : null;
  if (!match) return null;
  const distance = Number(match[1]);
  return /^f/i.test(match[2] ?? '') ? Math.round((distance / 5280) * 100) / 100 : distance;
}

/** "MLS#123456;DOM 12" (source#number;DOM days) → "MLS 123456", as the 3.6 reader names it. */
function dataSource(description: string | null): string | null {
  const source = text(description?.split(';')[0]);
  const numbered = source ? /^([^#]+)#\s*(.+)$/.exec(source) : null;
  return numbered ? `${numbered[1]!.trim()} ${numbered[2]!.trim()}` : source;
}

/** A UAD rating (C1–C6, Q1–Q6) or null: the grid's description may hold free text instead. */
function rating(value: string | null, letter: 'C' | 'Q'): string | null {
  const code = value?.toUpperCase();
  return code && new RegExp(`^${letter}[1-6]$`).test(code) ? code : null;
}

const gridLine = (sale: XmlNode | undefined, type: string) =>
  sale?.all('SALE_PRICE_ADJUSTMENT').find((line) => line.attribute('_Type') === type);

/** The condition and quality of a grid column: the GSE extension's codes, else the lines'. */
function ratings(sale: XmlNode | undefined): { condition: string | null; quality: string | null } {
  const detail = below(sale, 'COMPARISON_DETAIL');
  return {
    condition:
      rating(at(detail, 'GSEOverallConditionType'), 'C') ??
      rating(at(gridLine(sale, 'Condition'), '_Description'), 'C'),
    quality:
      rating(at(detail, 'GSEQualityOfConstructionRatingType'), 'Q') ??
      rating(at(gridLine(sale, 'Quality'), '_Description'), 'Q'),
  };
}

/**
 * The grid's adjustments in the file's order, each named as the 2.6 file names its row: the
 * SALE_PRICE_ADJUSTMENT type (or its description when "Other"), "RoomCount" for the room count
 * row (rooms, bedrooms and baths share one adjustment on the form), and the appraiser's own rows
 * by the name SALES_COMPARISON/OTHER_FEATURE gives them. A row without an amount adjusts nothing.
 */
function adjustments(sale: XmlNode, otherRowNames: Map<string, string>): ReportAdjustment[] {
  const found: ReportAdjustment[] = [];
  const add = (item: string, value: string | null) => {
    const adjustment = signedAmount(value);
    if (adjustment !== null) found.push({ item, amount: adjustment });
  };
  for (const line of sale.children) {
    if (line.name === 'ROOM_ADJUSTMENT') {
      const unit = at(line, 'UnitSequenceIdentifier');
      add(unit ? `RoomCount unit ${unit}` : 'RoomCount', at(line, 'RoomAdjustmentAmount'));
      add(unit ? `BathroomCount unit ${unit}` : 'BathroomCount', at(line, 'BathroomAdjustmentAmount'));
    } else if (line.name === 'SALE_PRICE_ADJUSTMENT') {
      const type = at(line, '_Type') ?? 'Other';
      add(type === 'Other' ? (at(line, '_TypeOtherDescription') ?? type) : type, at(line, '_Amount'));
    } else if (line.name === 'OTHER_FEATURE_ADJUSTMENT') {
      const row = at(line, 'PropertyFeatureSequenceIdentifier');
      add((row && otherRowNames.get(row)) ?? 'Other', at(line, 'PropertyFeatureAdjustmentAmount'));
    }
  }
  return found;
}

/** The net adjustment, signed: the form prints it beside a + or − box (the positive indicator). */
function netAdjustment(sale: XmlNode): string | null {
  const net = signedAmount(at(sale, 'SalePriceTotalAdjustmentAmount'));
  const downward = indicator(at(sale, 'SalesPriceTotalAdjustmentPositiveIndicator')) === false;
  return net !== null && downward && !net.startsWith('-') && net !== '0.00' ? `-${net}` : net;
}

function comparable(sale: XmlNode, index: number, otherRowNames: Map<string, string>): ReportComparable {
  const location = sale.first('LOCATION');
  const status =
    at(below(sale, 'COMPARISON_DETAIL'), 'GSEListingStatusType') ??
    statusFromSaleDate(at(gridLine(sale, 'DateOfSale'), '_Description'));
  const settled = status === null || status === 'SettledSale';
  return {
    number: number(at(sale, 'PropertySequenceIdentifier')) ?? index + 1,
    address: comparableAddress(location),
    proximity_miles: proximityMiles(at(location, 'ProximityToSubjectDescription')),
    latitude: number(at(location, 'LatitudeNumber')),
    longitude: number(at(location, 'LongitudeNumber')),
    listing_status: status ? (LISTING_STATUSES[status] ?? snake(status)) : null,
    // The price the grid adjusts: a sale's price, a pending sale's contract price, a list price.
    sale_price: signedAmount(at(sale, 'PropertySalesAmount')),
    sale_date: settled ? date(at(sale, 'ClosingDate')) : null,
    // The grid gives the contract's month and year only ("c07/19"); the model holds a day.
    contract_date: null,
    data_source: dataSource(
      at(sale, 'DataSourceDescription') ?? at(below(sale, 'COMPARISON_DETAIL'), 'GSEDataSourceDescription'),
    ),
    adjustments: adjustments(sale, otherRowNames),
    net_adjustment: netAdjustment(sale),
    adjusted_price: signedAmount(at(sale, 'AdjustedSalesPriceAmount')),
    ...ratings(sale),
  };
}

/**
 * The level of a signer's license. The form offers State Certification #, State License # and
 * Other (describe); a certification does not say residential or general, so it reads as
 * certified_residential unless its description says general (a certified general appraiser reads
 * one level low, still certified for every check).
 */
function licenseLevel(license: XmlNode): LicenseLevel | null {
  const words = [at(license, '_Type'), at(license, '_TypeOtherDescription')].filter(Boolean).join(' ');
  if (words === '') return null;
  if (/trainee|apprentice|registered|provisional/i.test(words)) return 'trainee';
  if (/general/i.test(words)) return 'certified_general';
  if (/certif/i.test(words)) return 'certified_residential';
  if (/licen/i.test(words)) return 'licensed';
  return /^none$/i.test(words) ? 'none' : 'other';
}

/** A signer: PARTIES/APPRAISER or SUPERVISOR; the supervisor's element is often there and empty. */
function signer(person: XmlNode | undefined, signedOn: string | null): ReportSigner | null {
  const license = person
    ?.all('APPRAISER_LICENSE')
    .find((found) => ['_Identifier', '_State', '_ExpirationDate', '_Type'].some((name) => at(found, name)));
  const name = at(person, '_Name');
  if (!person || (name === null && !license)) return null;
  return {
    name,
    company: at(person, '_CompanyName'),
    license: license
      ? {
          state: at(license, '_State'),
          number: at(license, '_Identifier'),
          level: licenseLevel(license),
          expires_on: date(at(license, '_ExpirationDate')),
        }
      : null,
    signed_on: date(signedOn),
  };
}

/** The subject's inspections, the appraiser's first: the date, and whether the interior was seen. */
function subjectInspections(parties: XmlNode | undefined): XmlNode[] {
  return ['APPRAISER', 'SUPERVISOR']
    .flatMap((role) => parties?.first(role)?.all('INSPECTION') ?? [])
    .filter((inspection) => at(inspection, 'AppraisalInspectionPropertyType') !== 'Comparable');
}

/**
 * The one extra file number the REPORT carries, by the name the appraiser gave it ("AMC File
 * No.", "FHA Case No.", "Loan No."): the 2.6 schema has no place of its own for the management
 * company's number or an agency case number.
 */
function additionalFileNumber(report: XmlNode | undefined) {
  const name = at(report, 'AppraiserAdditionalFileIdentifierName') ?? '';
  const value = at(report, 'AppraiserAdditionalFileIdentifier');
  const agency = /\bfha\b/i.test(name)
    ? 'FHA'
    : /\bva\b/i.test(name)
      ? 'VA'
      : /usda|rural|\brhs\b/i.test(name)
        ? 'USDA'
        : null;
  const whose = agency
    ? 'agency'
    : /\bamc\b|management|order/i.test(name)
      ? 'management_company'
      : /loan|lender|client/i.test(name)
        ? 'client'
        : /\bcase\b/i.test(name)
          ? 'agency'
          : null;
  return {
    agency,
    caseNumber: whose === 'agency' ? value : null,
    managementCompany: whose === 'management_company' ? value : null,
    client: whose === 'client' ? value : null,
  };
}

/**
 * The borrowers: the GSE extension's names, else the form's one unparsed name. A shared line
 * ("Betty Borrower & Bob Borrower") is split on "&" and ";", never on "and", which names contain.
 */
function borrowers(parties: XmlNode | undefined): string[] {
  const borrower = parties?.first('BORROWER');
  const gseNames = borrower
    ? [...borrower.descendants()]
        .filter((node) => node.name === 'BORROWER_NAME')
        .map((node) => at(node, 'GSEBorrowerName'))
    : [];
  const parsed = ['_FirstName', '_MiddleName', '_LastName'].map((name) => at(borrower, name)).filter(Boolean);
  const names = gseNames.some(Boolean)
    ? gseNames
    : [at(borrower, '_UnparsedName') ?? (parsed.length > 0 ? parsed.join(' ') : null)];
  return names.flatMap((name) => (name ?? '').split(/\s*[;&]\s*/)).flatMap((name) => text(name) ?? []);
}

/** A referenced file's name as the report gives it: a file that travels beside the XML. */
const referencedName = (file: XmlNode) =>
  at(file, '_Name') ?? at(file, '_PathDescription') ?? at(file, '_URLDescription');

/**
 * The photos the file names as image files (IMAGE/REFERENCED_FILE). A 2.6 GSE file usually
 * carries its photos as pages of the embedded PDF, or embeds them (IMAGE/EMBEDDED_FILE): those
 * have no file to name, and the list is empty.
 */
function photos(root: XmlNode): ReportPhoto[] {
  const seen = new Set<string>();
  const found: ReportPhoto[] = [];
  for (const image of [...root.descendants()].filter((node) => node.name === 'IMAGE'))
    for (const file of image.all('REFERENCED_FILE')) {
      const reference = referencedName(file);
      if (!reference || seen.has(reference)) continue;
      seen.add(reference);
      found.push({ reference, category: at(image, '_Identifier'), caption: at(image, '_CaptionComment') });
    }
  return found;
}

/** Reads a MISMO 2.6 GSE VALUATION_RESPONSE into the report model. */
export function readMismo26(root: XmlNode): ReportModel {
  const report = root.first('REPORT');
  const parties = root.first('PARTIES');
  const property = root.first('PROPERTY');
  const structure = property?.first('STRUCTURE');
  const valuation = root.first('VALUATION');
  const salesComparison = root.select('VALUATION_METHODS/SALES_COMPARISON')[0];
  const grid = salesComparison?.all('COMPARABLE_SALE') ?? [];
  const subjectColumn = grid.find((sale) => at(sale, 'PropertySequenceIdentifier') === '0');
  const otherRowNames = new Map(
    (salesComparison?.all('OTHER_FEATURE') ?? []).flatMap((row) => {
      const sequence = at(row, 'PropertyFeatureSequenceIdentifier');
      const name = at(row, 'PropertyFeatureName');
      return sequence && name ? [[sequence, name] as const] : [];
    }),
  );
  const formType = at(report, 'AppraisalFormType')?.toUpperCase() ?? null;
  const form = formType ? FORMS[formType] : undefined;
  const contract = property?.first('SALES_CONTRACT');
  const contractPrice = signedAmount(at(contract, '_Amount'));
  const contractDate = date(at(contract, '_Date'));
  const inspections = subjectInspections(parties);
  const inspectionType = inspections.map((node) => at(node, 'AppraisalInspectionType')).find(Boolean);
  const additional = additionalFileNumber(report);
  const subjectRatings = ratings(subjectColumn);
  const conditions = (valuation?.select('_RECONCILIATION/_CONDITION_OF_APPRAISAL') ?? []).flatMap(
    (node) => CONDITIONS[at(node, '_Type') ?? ''] ?? [],
  );
  const purpose = at(report, 'AppraisalPurposeType') ?? at(report, 'LoanPurposeType');
  const units = number(at(structure, 'LivingUnitCount'));
  return {
    format: 'mismo_2.6',
    subject: {
      address: subjectAddress(property),
      latitude: number(at(property?.first('_IDENTIFICATION'), 'LatitudeNumber')),
      longitude: number(at(property?.first('_IDENTIFICATION'), 'LongitudeNumber')),
      property_kind: form?.kind ?? structureKind(property),
      attached: attachment(at(structure, 'AttachmentType')),
      // The condominium, cooperative and manufactured-home forms have no units box: one unit.
      units: units ?? (form && form.kind !== 'two_to_four_units' ? 1 : null),
      condition:
        subjectRatings.condition ??
        rating(at(below(structure, 'OVERALL_CONDITION_RATING'), 'GSEOverallConditionType'), 'C'),
      quality: subjectRatings.quality,
    },
    value: signedAmount(at(valuation, 'PropertyAppraisedValueAmount')),
    effective_date: date(at(valuation, 'AppraisalEffectiveDate')),
    // A report subject to completion may add "as is" for its as-is value: the value is the other.
    condition_of_value: conditions.find((condition) => condition !== 'as_is') ?? conditions[0] ?? null,
    contract:
      contractPrice !== null || contractDate !== null ? { price: contractPrice, date: contractDate } : null,
    inspection_date: date(inspections.map((node) => at(node, 'InspectionDate')).find(Boolean)),
    assignment_type:
      purpose === 'Other'
        ? (slug(at(report, 'AppraisalPurposeTypeOtherDescription')) ?? 'other')
        : snake(purpose),
    valuation_method: form?.method ?? (inspectionType ? (INSPECTION_METHODS[inspectionType] ?? null) : null),
    government_agency: additional.agency,
    agency_case_number: additional.caseNumber,
    appraiser: signer(parties?.first('APPRAISER'), at(report, 'AppraiserReportSignedDate')),
    supervisor: signer(parties?.first('SUPERVISOR'), at(report, 'SupervisorReportSignedDate')),
    // The form has one "Lender/Client": both are it.
    client: { name: at(parties?.first('LENDER'), '_UnparsedName') },
    lender: { name: at(parties?.first('LENDER'), '_UnparsedName') },
    management_company: {
      name: at(
        below(parties?.first('MANAGEMENT_COMPANY_EXTENSION'), 'MANAGEMENT_COMPANY'),
        'GSEManagementCompanyName',
      ),
    },
    borrowers: borrowers(parties),
    file_numbers: {
      appraiser: at(report, 'AppraiserFileIdentifier'),
      client: at(report, 'LoanOriginationSystemLoanIdentifier') ?? additional.client,
      management_company: additional.managementCompany,
    },
    comparables: grid
      .filter((sale) => sale !== subjectColumn)
      .map((sale, index) => comparable(sale, index, otherRowNames))
      .sort((a, b) => a.number - b.number),
    photos: photos(root),
    // The embedded PDF is inside the file (embeddedPdf); only files beside it are named here.
    documents: (report?.all('REFERENCED_FILE') ?? []).flatMap((file) => referencedName(file) ?? []),
  };
}

/** The kind from the structure when the form type does not say (an update, a review, "Other"). */
function structureKind(property: XmlNode | undefined): PropertyKind | null {
  if (!property) return null;
  const structure = property.first('STRUCTURE');
  const project =
    at(property, 'ProjectClassificationType') ?? at(property.first('PROJECT'), '_ClassificationType');
  if (project === 'Condominium') return 'condominium';
  if (project === 'Cooperative') return 'cooperative';
  const category = at(structure, 'PropertyCategoryType') ?? '';
  if (indicator(at(structure, 'ManufacturedHomeIndicator')) || /^(Manufactured|MobileHome)/.test(category))
    return 'manufactured';
  const units = number(at(structure, 'LivingUnitCount'));
  return units !== null && units > 1 ? 'two_to_four_units' : 'single_family';
}

function attachment(value: string | null): boolean | null {
  if (value === 'Attached' || value === 'SemiDetached') return true;
  if (value === 'Detached') return false;
  return null;
}

/** "Home Equity" → "home_equity": an "Other" purpose in the model's spelling. */
function slug(value: string | null): string | null {
  return text(
    value
      ?.toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, ''),
  );
}

const declaresPdf = (file: XmlNode) =>
  at(file, 'MIMEType')?.toLowerCase() === 'application/pdf' ||
  at(file, '_Type')?.toUpperCase() === 'PDF' ||
  at(file, '_Extension')?.toLowerCase().replace(/^\./, '') === 'pdf' ||
  /\.pdf$/i.test(at(file, '_Name') ?? '');

/**
 * The report's PDF, embedded in the file as base64 (REPORT/EMBEDDED_FILE/DOCUMENT), decoded; null
 * when there is none. Files declared as PDF are tried first, then any other (some software
 * declares nothing); bytes that do not start with "%PDF-" are refused, whatever the file says.
 */
export function embeddedPdf(root: XmlNode): Buffer | null {
  const files = [...root.descendants()].filter((node) => node.name === 'EMBEDDED_FILE');
  const declared = files.filter(declaresPdf);
  for (const file of declared.length > 0 ? declared : files) {
    if ((at(file, '_EncodingType') ?? 'Base64').toLowerCase() !== 'base64') continue;
    const encoded = file
      .all('DOCUMENT')
      .map((document) => document.text)
      .join('')
      .replace(/\s+/g, '');
    if (encoded === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) continue;
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return bytes;
  }
  return null;
}
