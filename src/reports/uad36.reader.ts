import type {
  ConditionOfValue,
  LicenseLevel,
  PropertyKind,
  ReportAddress,
  ReportComparable,
  ReportModel,
  ReportPhoto,
  ReportSigner,
} from './report.model.ts';
import { amount, date, indicator, number, snake, text } from './report-values.ts';
import type { XmlNode } from './xml-tree.ts';

/** Where a UAD 3.6 file keeps its parts (MISMO 3.6 reference model, GSE extension). */
const DOCUMENT = 'DOCUMENT_SETS/DOCUMENT_SET/DOCUMENTS/DOCUMENT';
const SERVICES = `${DOCUMENT}/DEAL_SETS/DEAL_SET/DEALS/DEAL/SERVICES/SERVICE`;
const ANALYSIS = `${SERVICES}/VALUATION/VALUATION_RESPONSE/VALUATION_ANALYSES/VALUATION_ANALYSIS`;
const RECONCILIATION = 'VALUATION_REPORT/VALUATION_RECONCILIATION/VALUATION_RECONCILIATION_SUMMARY';

/** The parts of a UAD 3.6 document the checks start from; null parts are absent from the file. */
export interface Uad36Parts {
  document: XmlNode | null;
  /** Every SERVICE of the deal, the valuation's first (a hybrid report adds an inspection's). */
  services: XmlNode[];
  analysis: XmlNode | null;
  subject: XmlNode | null;
}

export function uad36Parts(root: XmlNode): Uad36Parts {
  const analysis = root.select(ANALYSIS)[0] ?? null;
  const services = root.select(SERVICES);
  const valuation = services.find((service) => service.first('VALUATION'));
  return {
    document: root.select(DOCUMENT)[0] ?? null,
    services: valuation ? [valuation, ...services.filter((service) => service !== valuation)] : services,
    analysis,
    subject: analysis ? (propertiesOfUse(analysis, 'SubjectProperty')[0] ?? null) : null,
  };
}

/** The analysis's properties used as `use` (SubjectProperty, SalesComparable…). */
export function propertiesOfUse(analysis: XmlNode, use: string): XmlNode[] {
  return analysis
    .select('PROPERTIES/PROPERTY')
    .filter((property) => property.attribute('ValuationUseType') === use);
}

function address(node: XmlNode | undefined): ReportAddress {
  return {
    line: text(node?.value('AddressLineText')),
    unit: text(node?.value('AddressUnitIdentifier')),
    city: text(node?.value('CityName')),
    state: text(node?.value('StateCode')),
    postal_code: text(node?.value('PostalCode')),
    county: text(node?.value('CountyName')),
  };
}

const coordinates = (property: XmlNode) => ({
  latitude: number(property.value('LOCATION_IDENTIFIER/GEOSPATIAL_INFORMATION/LatitudeIdentifier')),
  longitude: number(property.value('LOCATION_IDENTIFIER/GEOSPATIAL_INFORMATION/LongitudeIdentifier')),
});

const LICENSE_LEVELS: Record<string, LicenseLevel> = {
  TraineeAppraiser: 'trainee',
  LicensedResidentialAppraiser: 'licensed',
  CertifiedResidential: 'certified_residential',
  CertifiedGeneral: 'certified_general',
  None: 'none',
  Other: 'other',
};

const CONDITIONS: Record<string, ConditionOfValue> = {
  AsIs: 'as_is',
  SubjectToCompletionPerPlans: 'subject_to_completion',
  SubjectToRepair: 'subject_to_repair',
  SubjectToInspection: 'subject_to_inspection',
};

const roleTypes = (role: XmlNode) => role.select('ROLE_DETAIL/PartyRoleType').map((node) => node.text);

function partyName(party: XmlNode): string | null {
  const legal = text(party.value('LEGAL_ENTITY/LEGAL_ENTITY_DETAIL/FullName'));
  if (legal) return legal;
  const full = text(party.value('INDIVIDUAL/NAME/FullName'));
  if (full) return full;
  const parts = ['FirstName', 'MiddleName', 'LastName', 'SuffixName']
    .map((name) => text(party.value(`INDIVIDUAL/NAME/${name}`)))
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** The parties of the services with each of their roles, the valuation's parties first. */
function partiesByRole(services: XmlNode[]): Map<string, { party: XmlNode; role: XmlNode }[]> {
  const found = new Map<string, { party: XmlNode; role: XmlNode }[]>();
  for (const party of services.flatMap((service) => service.select('PARTIES/PARTY')))
    for (const role of party.select('ROLES/ROLE'))
      for (const type of roleTypes(role)) found.set(type, [...(found.get(type) ?? []), { party, role }]);
  return found;
}

/**
 * The signatory linked to a role: by the document's SIGNATORY_IsAssociatedWith_ROLE relationship
 * when there is one, else by the signatory's label naming the role.
 */
function signedOn(root: XmlNode, document: XmlNode | null, role: XmlNode, roleType: string): string | null {
  const signatories = document?.select('SIGNATORIES/SIGNATORY') ?? [];
  const roleLabel = role.attribute('label');
  const linked = roleLabel
    ? [...root.descendants()]
        .filter(
          (node) =>
            node.name === 'RELATIONSHIP' &&
            node.attribute('arcrole')?.endsWith('SIGNATORY_IsAssociatedWith_ROLE') &&
            node.attribute('to') === roleLabel,
        )
        .map((relationship) => relationship.attribute('from'))
    : [];
  const signatory =
    signatories.find((node) => linked.includes(node.attribute('label'))) ??
    signatories.find((node) => node.attribute('label') === `SIGNATORY_${roleType}`);
  return date(signatory?.value('EXECUTION/EXECUTION_DETAIL/ExecutionDate'));
}

function signer(
  root: XmlNode,
  parts: Uad36Parts,
  entry: { party: XmlNode; role: XmlNode } | undefined,
  roleType: string,
): ReportSigner | null {
  if (!entry) return null;
  const { party, role } = entry;
  const license = role.select('LICENSES/LICENSE')[0];
  const level = license?.value('APPRAISER_LICENSE/AppraiserLicenseType');
  return {
    name: partyName(party),
    company: text(role.value('APPRAISER/APPRAISER_DETAIL/AppraiserCompanyName')),
    license: license
      ? {
          state: text(license.value('LICENSE_DETAIL/LicenseIssuingAuthorityStateCode')),
          number: text(license.value('LICENSE_DETAIL/LicenseIdentifier')),
          level: level ? (LICENSE_LEVELS[level] ?? 'other') : null,
          expires_on: date(license.value('LICENSE_DETAIL/LicenseExpirationDate')),
        }
      : null,
    signed_on: signedOn(root, parts.document, role, roleType),
  };
}

/** The comparable's own sale: its most recent transfer that is a sale (H-1 UAD1438). */
function latestSale(property: XmlNode): XmlNode | undefined {
  return property
    .select('SALES_HISTORIES/SALES_HISTORY')
    .filter((history) => history.value('OwnershipTransferTransactionType') === 'Sale')
    .sort((a, b) =>
      (date(b.value('OwnershipTransferDate')) ?? '').localeCompare(
        date(a.value('OwnershipTransferDate')) ?? '',
      ),
    )[0];
}

/**
 * The price the grid adjusts: a settled sale's price; for a pending sale, its contract price;
 * for an active listing, its list price.
 */
function gridPrice(property: XmlNode, status: string | null): { price: string | null; date: string | null } {
  const listing = property.select('LISTING_INFORMATIONS/LISTING_INFORMATION/LISTING_INFORMATION_DETAIL')[0];
  const contract = property.select('SALES_CONTRACTS/SALES_CONTRACT/SALES_CONTRACT_DETAIL')[0];
  if (status === null || status === 'SettledSale') {
    const sale = latestSale(property);
    return {
      price: amount(sale?.value('OwnershipTransferTransactionAmount')),
      date: date(sale?.value('OwnershipTransferDate')),
    };
  }
  const contractPrice = amount(contract?.value('SalesContractAmount'));
  if (contractPrice !== null) return { price: contractPrice, date: null };
  return {
    price: amount(listing?.value('ListPriceAmount') ?? listing?.value('FinalListPriceAmount')),
    date: null,
  };
}

function comparable(property: XmlNode, index: number, dataSources: Map<string, string>): ReportComparable {
  const detail = property.first('COMPARABLE')?.first('COMPARABLE_DETAIL');
  const status = text(
    property.value('LISTING_INFORMATIONS/LISTING_INFORMATION/LISTING_INFORMATION_DETAIL/ListingStatusType'),
  );
  const { price, date: saleDate } = gridPrice(property, status);
  const label = property.attribute('label');
  return {
    number: number(detail?.value('PropertyOrdinalNumber')) ?? index + 1,
    address: address(property.first('ADDRESS')),
    proximity_miles: number(detail?.value('ProximityToSubjectDistanceLinearMeasure')),
    ...coordinates(property),
    listing_status: snake(status),
    sale_price: price,
    sale_date: saleDate,
    contract_date: date(
      property.value('SALES_CONTRACTS/SALES_CONTRACT/SALES_CONTRACT_DETAIL/SalesContractDate'),
    ),
    data_source: (label && dataSources.get(label)) ?? null,
    adjustments: property
      .select('COMPARABLE/COMPARABLE_ADJUSTMENTS/COMPARABLE_ADJUSTMENT')
      .flatMap((adjustment) => {
        const value = amount(adjustment.value('ComparableAdjustmentAmount'));
        if (value === null) return [];
        const item =
          text(adjustment.value('AdditionalComparisonLineItemIdentifier')) ??
          text(adjustment.value('ComparableAdjustmentType')) ??
          'Adjustment';
        return [{ item, amount: value }];
      }),
    net_adjustment: amount(detail?.value('SalePriceNetTotalAdjustmentAmount')),
    adjusted_price: amount(detail?.value('AdjustedSalesPriceAmount')),
    condition: text(property.value('PROPERTY_DETAIL/OverallConditionRatingCode')),
    quality: text(property.value('PROPERTY_DETAIL/OverallQualityRatingCode')),
  };
}

/**
 * The MLS (or other) number each comparable's sale was verified by: the report links a
 * DATA_SOURCE to the comparable's property through a relationship, and labels name both.
 */
function comparableDataSources(root: XmlNode, analysis: XmlNode): Map<string, string> {
  const identifiers = new Map<string, string>();
  for (const source of analysis.select('DATA_SOURCES/DATA_SOURCE')) {
    const label = source.attribute('label');
    const identifier = text(source.value('DataSourceIdentifier'));
    if (label && identifier)
      identifiers.set(label, `${source.value('DataSourceType') ?? 'Source'} ${identifier}`);
  }
  const byProperty = new Map<string, string>();
  for (const node of root.descendants()) {
    if (node.name !== 'RELATIONSHIP') continue;
    const from = node.attribute('from');
    const to = node.attribute('to');
    if (!from || !to) continue;
    const source = identifiers.get(to) ?? identifiers.get(from);
    const property = identifiers.has(to) ? from : to;
    if (source && !byProperty.has(property)) byProperty.set(property, source);
  }
  return byProperty;
}

function propertyKind(subject: XmlNode | null): { kind: PropertyKind | null; units: number | null } {
  if (!subject) return { kind: null, units: null };
  const units = number(subject.value('PROPERTY_DETAIL/LivingUnitExcludingADUCount'));
  const structure = text(subject.value('PROJECT/PROJECT_DETAIL/ProjectLegalStructureType'));
  const methods = subject
    .select(
      'IMPROVEMENTS/IMPROVEMENT/STRUCTURE/CONSTRUCTION_METHODS/CONSTRUCTION_METHOD/ConstructionMethodType',
    )
    .map((node) => node.text);
  const kind: PropertyKind =
    structure === 'Condominium'
      ? 'condominium'
      : structure === 'Cooperative' || structure === 'Condop'
        ? 'cooperative'
        : methods.includes('Manufactured')
          ? 'manufactured'
          : units !== null && units > 1
            ? 'two_to_four_units'
            : 'single_family';
  return { kind, units };
}

function photos(subject: XmlNode | null, analysis: XmlNode | null): ReportPhoto[] {
  const seen = new Set<string>();
  const found: ReportPhoto[] = [];
  for (const image of analysis ? [...analysis.descendants()].filter((node) => node.name === 'IMAGE') : []) {
    const reference = text(image.value('ImageFileLocationIdentifier'));
    if (!reference || seen.has(reference)) continue;
    seen.add(reference);
    found.push({
      reference,
      category: text(image.value('ImageCategoryType')),
      caption: text(image.value('ImageCaptionCommentDescription')),
    });
  }
  return found;
}

/** The identifier of the report of `type` (Client, ManagementCompany, GovernmentAgency). */
function additionalIdentifier(analysis: XmlNode | null, type: string): string | null {
  const found = analysis
    ?.select('VALUATION_REPORT/ADDITIONAL_IDENTIFIERS/ADDITIONAL_IDENTIFIER')
    .find((node) => node.value('AdditionalValuationIdentifierType') === type);
  return text(found?.value('AdditionalValuationIdentifier'));
}

/** Reads a UAD 3.6 document (already validated against the schema) into the report model. */
export function readUad36(root: XmlNode): ReportModel {
  const parts = uad36Parts(root);
  const { analysis, subject, document } = parts;
  const summary = analysis?.select(`${RECONCILIATION}/VALUATION_RECONCILIATION_SUMMARY_DETAIL`)[0];
  const condition = analysis?.value(
    `${RECONCILIATION}/VALUATION_CONDITIONS/VALUATION_CONDITION/PropertyValuationConditionalConclusionType`,
  );
  const contract = subject?.select('SALES_CONTRACTS/SALES_CONTRACT/SALES_CONTRACT_DETAIL')[0];
  const inspections = subject?.select('INSPECTIONS/INSPECTION') ?? [];
  const appraiserInspection =
    inspections.find((node) => node.attribute('label') === 'INSPECTION_Appraiser') ??
    inspections.find((node) => node.value('INSPECTION_DETAIL/InspectionDate') !== undefined);
  const scope = analysis?.select('VALUATION_REPORT/SCOPE_OF_WORK/SCOPE_OF_WORK_DETAIL')[0];
  const roles = partiesByRole(parts.services);
  const nameOf = (role: string) => {
    const entry = roles.get(role)?.[0];
    return entry ? partyName(entry.party) : null;
  };
  const { kind, units } = propertyKind(subject);
  const dataSources = analysis ? comparableDataSources(root, analysis) : new Map<string, string>();
  const governmentAppraisal = indicator(scope?.value('GovernmentAgencyAppraisalIndicator'));
  return {
    format: 'uad_3.6',
    subject: {
      address: address(subject?.first('ADDRESS')),
      ...(subject ? coordinates(subject) : { latitude: null, longitude: null }),
      property_kind: kind,
      attached: subject ? attachment(subject.value('PROPERTY_DETAIL/AttachmentType')) : null,
      units,
      condition: text(subject?.value('PROPERTY_DETAIL/OverallConditionRatingCode')),
      quality: text(subject?.value('PROPERTY_DETAIL/OverallQualityRatingCode')),
    },
    value: amount(summary?.value('OpinionOfValueAmount')),
    effective_date: date(summary?.value('AppraisalReportEffectiveDate')),
    condition_of_value: condition ? (CONDITIONS[condition] ?? null) : null,
    contract:
      contract && indicator(contract.value('SalesContractExistsIndicator')) !== false
        ? {
            price: amount(contract.value('SalesContractAmount')),
            date: date(contract.value('SalesContractDate')),
          }
        : null,
    inspection_date: date(
      appraiserInspection?.value('INSPECTION_DETAIL/InspectionDate') ??
        parts.services
          .flatMap((service) =>
            service.select(
              'INSPECTION_SERVICE/INSPECTION_SERVICE_RESPONSE/PROPERTIES/PROPERTY/INSPECTIONS/INSPECTION',
            ),
          )[0]
          ?.value('INSPECTION_DETAIL/InspectionDate'),
    ),
    assignment_type: snake(scope?.value('ValuationAssignmentType')),
    valuation_method:
      snake(
        subject?.value(
          'PROPERTY_VALUATIONS/PROPERTY_VALUATION/PROPERTY_VALUATION_DETAIL/PropertyValuationMethodType',
        ),
      )?.replace(/_appraisal$/, '') ?? null,
    government_agency: governmentAppraisal ? text(scope?.value('GovernmentAgencyAppraisalType')) : null,
    agency_case_number: additionalIdentifier(analysis, 'GovernmentAgency'),
    appraiser: signer(root, parts, roles.get('Appraiser')?.[0], 'Appraiser'),
    supervisor: signer(root, parts, roles.get('AppraiserSupervisor')?.[0], 'AppraiserSupervisor'),
    client: { name: nameOf('Client') },
    lender: { name: nameOf('Lender') },
    management_company: { name: nameOf('ManagementCompany') },
    borrowers: (roles.get('Borrower') ?? []).flatMap(({ party }) => partyName(party) ?? []),
    file_numbers: {
      appraiser: text(analysis?.value('VALUATION_REPORT/VALUATION_REPORT_DETAIL/AppraiserFileIdentifier')),
      client: additionalIdentifier(analysis, 'Client'),
      management_company: additionalIdentifier(analysis, 'ManagementCompany'),
    },
    comparables: analysis
      ? propertiesOfUse(analysis, 'SalesComparable')
          .map((property, index) => comparable(property, index, dataSources))
          .sort((a, b) => a.number - b.number)
      : [],
    photos: photos(subject, analysis),
    documents: (document?.select('VIEWS/VIEW/VIEW_FILES/VIEW_FILE/FOREIGN_OBJECT/ObjectURL') ?? []).map(
      (node) => node.text,
    ),
  };
}

function attachment(value: string | undefined): boolean | null {
  if (value === 'Attached' || value === 'SemiDetached') return true;
  if (value === 'Detached') return false;
  return null;
}
