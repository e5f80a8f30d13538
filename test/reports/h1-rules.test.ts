import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillMessage, h1Catalog, parseCsv, readCatalog } from '../../src/reports/h1/catalog.ts';
import { H1_RULE_IDS, runH1Rules } from '../../src/reports/h1/index.ts';
import { parseXml, XmlNode } from '../../src/reports/xml-tree.ts';

/**
 * The GSEs' compliance rules (src/reports/h1/) against their own sample reports: every sample
 * passes, and for each rule one change to one sample makes that rule, and no other, fire.
 */
const FIXTURES = new URL('../fixtures/uad/', import.meta.url);
const SAMPLE_FILES = {
  SF1: 'SF1/SF1_Appraisal_v1.4.xml',
  SF5: 'SF5/SF5_Appraisal_v1.2.xml',
  TwoToFour: 'xml/2-to-4-unit_Appraisal_v1.4.xml',
  Condo1: 'xml/Condo1_Appraisal_v1.4.xml',
  MH1: 'xml/MH1_Appraisal_v1.4.xml',
  SF2: 'xml/SF2_Appraisal_v1.4.xml',
  SF3: 'xml/SF3_Appraisal_v1.4.xml',
  SF4: 'xml/SF4_Appraisal_v1.4.xml',
} as const;
type Sample = keyof typeof SAMPLE_FILES;
const SAMPLES = Object.keys(SAMPLE_FILES) as Sample[];

/** Each sample read and parsed once; a mutation works on a copy of the tree (parsing takes ~50 ms). */
const parsed = new Map<Sample, XmlNode>();
function sampleTree(sample: Sample): XmlNode {
  let root = parsed.get(sample);
  if (!root) {
    root = parseXml(readFileSync(new URL(SAMPLE_FILES[sample], FIXTURES), 'utf8'));
    parsed.set(sample, root);
  }
  return root;
}

function copy(node: XmlNode, parent: XmlNode | null): XmlNode {
  const twin = new XmlNode(node.name, { ...node.attributes }, node.text, node.line, parent);
  for (const child of node.children) twin.children.push(copy(child, twin));
  return twin;
}

const DAY_MS = 86_400_000;

/**
 * The day after the sample was signed (its latest date among the effective date and the
 * signatures), as a report is checked when it is submitted: the samples' dates run 2019–2026.
 */
const asOfDates = new Map<Sample, Date>();
function asOfFor(sample: Sample): Date {
  let asOf = asOfDates.get(sample);
  if (!asOf) {
    const dates = [...sampleTree(sample).descendants()]
      .filter((node) => node.name === 'AppraisalReportEffectiveDate' || node.name === 'ExecutionDate')
      .map((node) => node.text)
      .toSorted();
    asOf = new Date(Date.parse(dates.at(-1)!) + DAY_MS);
    asOfDates.set(sample, asOf);
  }
  return asOf;
}

const firedIds = (root: XmlNode, sample: Sample) =>
  new Set(runH1Rules(root, asOfFor(sample)).map((finding) => finding.id));
const baselines = new Map<Sample, Set<string>>();
const baseline = (sample: Sample) => {
  if (!baselines.has(sample)) baselines.set(sample, firedIds(sampleTree(sample), sample));
  return baselines.get(sample)!;
};

// Where the mutations reach into a sample.
const ANALYSIS =
  'DOCUMENT_SETS/DOCUMENT_SET/DOCUMENTS/DOCUMENT/DEAL_SETS/DEAL_SET/DEALS/DEAL/SERVICES/SERVICE/VALUATION/VALUATION_RESPONSE/VALUATION_ANALYSES/VALUATION_ANALYSIS';
const DOCUMENT = 'DOCUMENT_SETS/DOCUMENT_SET/DOCUMENTS/DOCUMENT';
const SERVICES = `${DOCUMENT}/DEAL_SETS/DEAL_SET/DEALS/DEAL/SERVICES/SERVICE`;
const REPORT = 'VALUATION_REPORT';
const SCOPE = `${REPORT}/SCOPE_OF_WORK/SCOPE_OF_WORK_DETAIL`;
const REPORT_DETAIL = `${REPORT}/VALUATION_REPORT_DETAIL`;
const SUMMARY = `${REPORT}/VALUATION_RECONCILIATION/VALUATION_RECONCILIATION_SUMMARY/VALUATION_RECONCILIATION_SUMMARY_DETAIL`;
const CONDITION = `${REPORT}/VALUATION_RECONCILIATION/VALUATION_RECONCILIATION_SUMMARY/VALUATION_CONDITIONS/VALUATION_CONDITION`;
const RECONCILIATION_DETAIL = `${REPORT}/VALUATION_RECONCILIATION/VALUATION_RECONCILIATION_DETAIL`;
const COST = `${REPORT}/APPROACH_TO_VALUE/COST_APPROACH/COST_APPROACH_DETAIL`;
const DEPRECIATION = `${REPORT}/APPROACH_TO_VALUE/COST_APPROACH/IMPROVEMENT_COST_AND_DEPRECIATED_VALUES/IMPROVEMENT_COST_AND_DEPRECIATED_VALUE/IMPROVEMENT_DEPRECIATION`;
const INCOME = `${REPORT}/APPROACH_TO_VALUE/INCOME_APPROACH/INCOME_APPROACH_DETAIL`;
const SALES_COMPARISON = `${REPORT}/APPROACH_TO_VALUE/SALES_COMPARISON_APPROACH/SALES_COMPARISON_APPROACH_DETAIL`;
const COMMENTARY = `${REPORT}/VALUATION_COMMENTARIES/VALUATION_COMMENTARY`;
const DETAIL = 'PROPERTY_DETAIL';
const IMPROVEMENT = 'IMPROVEMENTS/IMPROVEMENT';
const IMPROVEMENT_DETAIL = `${IMPROVEMENT}/IMPROVEMENT_DETAIL`;
const STRUCTURE_DETAIL = `${IMPROVEMENT}/STRUCTURE/STRUCTURE_DETAIL`;
const UNIT = `${IMPROVEMENT}/PROPERTY_UNITS/PROPERTY_UNIT`;
const UNIT_DETAIL = `${UNIT}/PROPERTY_UNIT_DETAIL`;
const CONTRACT = 'SALES_CONTRACTS/SALES_CONTRACT/SALES_CONTRACT_DETAIL';
const HISTORY = 'SALES_HISTORIES/SALES_HISTORY';
const LISTING = 'LISTING_INFORMATIONS/LISTING_INFORMATION/LISTING_INFORMATION_DETAIL';
const COMPARABLE_DETAIL = 'COMPARABLE/COMPARABLE_DETAIL';
const ADJUSTMENT = 'COMPARABLE/COMPARABLE_ADJUSTMENTS/COMPARABLE_ADJUSTMENT';
const GEO = 'LOCATION_IDENTIFIER/GEOSPATIAL_INFORMATION';
const INSPECTION_DETAIL = 'INSPECTIONS/INSPECTION/INSPECTION_DETAIL';
const IMAGE = 'INSPECTIONS/INSPECTION/IMAGES/IMAGE';
const UTILITY = 'SITE/SITE_UTILITIES/SITE_UTILITY/SITE_UTILITY_DETAIL';
const VIEW = 'SITE/SITE_VIEWS/SITE_VIEW';
const ZONING = 'SITE/SITE_ZONING/SITE_ZONING_DETAIL';
const HAZARD = 'SITE/HAZARD_ZONES/HAZARD_ZONE';
const ACCESS = 'SITE/PROPERTY_ACCESS/PROPERTY_ACCESS_DETAIL';
const INVENTORY = 'MARKET/MARKET_INVENTORIES/MARKET_INVENTORY';
const LICENSE = 'LICENSES/LICENSE';
const APPRAISER_LICENSE = `${LICENSE}/APPRAISER_LICENSE`;
const LICENSE_DETAIL = `${LICENSE}/LICENSE_DETAIL`;
const EXECUTION = 'EXECUTION/EXECUTION_DETAIL/ExecutionDate';
const MANUFACTURED_HOME = `${IMPROVEMENT}/MANUFACTURED_HOME/MANUFACTURED_HOME_DETAIL`;
const TAX_EXEMPTION = 'PROPERTY_TAXES/PROPERTY_TAX/PROPERTY_TAX_EXEMPTIONS/PROPERTY_TAX_EXEMPTION';
const VALUATION_METHOD =
  'PROPERTY_VALUATIONS/PROPERTY_VALUATION/PROPERTY_VALUATION_DETAIL/PropertyValuationMethodType';

function one(node: XmlNode, path: string): XmlNode {
  const found = node.select(path)[0];
  if (!found) throw new Error(`the sample has no ${path} under ${node.path()}`);
  return found;
}
const analysis = (root: XmlNode) => one(root, ANALYSIS);
const propertiesOf = (root: XmlNode, use: string) =>
  analysis(root)
    .select('PROPERTIES/PROPERTY')
    .filter((property) => property.attribute('ValuationUseType') === use);
const subject = (root: XmlNode) => propertiesOf(root, 'SubjectProperty')[0]!;
/** The `ordinal`th property of `use` in the file (1 is the first). */
function comp(root: XmlNode, ordinal = 1, use = 'SalesComparable'): XmlNode {
  const found = propertiesOf(root, use)[ordinal - 1];
  if (!found) throw new Error(`the sample has no ${use} #${ordinal}`);
  return found;
}
/** The first ROLE of `type` among every service's parties. */
function role(root: XmlNode, type: string): XmlNode {
  const found = root
    .select(`${SERVICES}/PARTIES/PARTY/ROLES/ROLE`)
    .find((candidate) => candidate.value('ROLE_DETAIL/PartyRoleType') === type);
  if (!found) throw new Error(`the sample has no ${type}`);
  return found;
}
const party = (root: XmlNode, type: string) => role(root, type).parent!.parent!;
const relationships = (root: XmlNode, arc: string) =>
  root
    .select(`${SERVICES}/RELATIONSHIPS/RELATIONSHIP`)
    .filter((link) => link.attribute('arcrole')?.endsWith(`/${arc}`));
const signatories = (root: XmlNode) => root.select(`${DOCUMENT}/SIGNATORIES/SIGNATORY`);
/** The first element at `path` under `node` whose `child` reads `value`. */
function where(node: XmlNode, path: string, child: string, value: string): XmlNode {
  const found = node.select(path).find((candidate) => candidate.value(child) === value);
  if (!found) throw new Error(`the sample has no ${path} with ${child} ${value}`);
  return found;
}

const drop = (node: XmlNode, path: string) => one(node, path).remove();
const set = (node: XmlNode, path: string, text: string) => {
  one(node, path).text = text;
};
/** Appends an element `name` (with `text`) to the element at `path` under `node` (`node` itself for ''). */
function add(node: XmlNode, path: string, name: string, text = ''): XmlNode {
  const parent = path === '' ? node : one(node, path);
  const child = new XmlNode(name, {}, text, parent.line, parent);
  parent.children.push(child);
  return child;
}
/** A copy of `node` added after the last of its siblings. */
function twin(node: XmlNode): XmlNode {
  const copied = copy(node, node.parent);
  node.parent!.children.push(copied);
  return copied;
}
/** Repeats the element at `path` under `node`. */
const repeat = (node: XmlNode, path: string) => twin(one(node, path));
function setAttribute(node: XmlNode, name: string, value: string | undefined) {
  const attributes = node.attributes as Record<string, string>;
  if (value === undefined) delete attributes[name];
  else attributes[name] = value;
}

/** The element a mutation starts from: the subject, a comparable, the analysis. */
type Scope = (root: XmlNode) => XmlNode;
const firstComp: Scope = (root) => comp(root, 1);
/** A mutation that removes the element at `path`. */
const without = (scope: Scope, path: string) => (root: XmlNode) => drop(scope(root), path);
/** A mutation that writes `text` in the element at `path`. */
const withText = (scope: Scope, path: string, text: string) => (root: XmlNode) =>
  set(scope(root), path, text);

/** The first improvement's depreciation given in its three parts instead of its total. */
function depreciationInParts(
  root: XmlNode,
  parts: { External: string; Functional: string; Physical: string },
) {
  const depreciation = one(analysis(root), DEPRECIATION);
  drop(depreciation, 'DepreciationTotalAmount');
  for (const [part, amount] of Object.entries(parts))
    add(depreciation, '', `Depreciation${part}Amount`, amount);
}

/** Appends an element at `path` under `node`, adding the containers on the way that are not there. */
function addPath(node: XmlNode, path: string, text: string): XmlNode {
  const steps = path.split('/');
  let parent = node;
  for (const step of steps.slice(0, -1)) parent = parent.first(step) ?? add(parent, '', step);
  return add(parent, '', steps.at(-1)!, text);
}

/**
 * A reconsideration of value, with every fact the rules ask of one but `left` (or with
 * `changes` to them): its result date is the effective date, 2019-09-20.
 */
function reconsidered(root: XmlNode, left?: string, changes: Record<string, string> = {}): XmlNode {
  set(analysis(root), `${REPORT_DETAIL}/ReconsiderationOfValueIndicator`, 'true');
  const reconsideration = add(
    add(analysis(root), REPORT, 'RECONSIDERATIONS_OF_VALUE'),
    '',
    'RECONSIDERATION_OF_VALUE',
  );
  const facts: Record<string, string> = {
    ReconsiderationOfValueCommentDescription: 'The client sent two more sales.',
    ReconsiderationOfValueRequestedByType: 'Lender',
    ReconsiderationOfValueResultType: 'ValueUnchanged',
    ReconsiderationOfValueResultDate: '2019-09-20',
    ...changes,
  };
  for (const [name, text] of Object.entries(facts)) if (name !== left) add(reconsideration, '', name, text);
  return reconsideration;
}

const inventory = (root: XmlNode, type: string) =>
  where(subject(root), INVENTORY, 'MarketInventoryType', type);
const commentary = (root: XmlNode, category: string) =>
  where(analysis(root), COMMENTARY, 'ValuationAnalysisCategoryType', category);

interface Mutation {
  id: string;
  sample: Sample;
  mutate: (root: XmlNode) => unknown;
}

/** For each rule, the change to a sample after which it (and only it) fires. */
const MUTATIONS: Mutation[] = [
  // Subject address
  { id: 'UAD1001', sample: 'SF1', mutate: (root) => drop(subject(root), 'ADDRESS/AddressLineText') },
  { id: 'UAD1002', sample: 'SF1', mutate: (root) => drop(subject(root), 'ADDRESS/CityName') },
  { id: 'UAD1003', sample: 'SF1', mutate: (root) => drop(subject(root), 'ADDRESS/CountyName') },
  { id: 'UAD1004', sample: 'SF1', mutate: (root) => drop(subject(root), 'ADDRESS/PostalCode') },
  { id: 'UAD1005', sample: 'SF1', mutate: (root) => set(subject(root), 'ADDRESS/PostalCode', '12345-67') },
  { id: 'UAD1006', sample: 'SF1', mutate: (root) => drop(subject(root), 'ADDRESS/StateCode') },
  {
    id: 'UAD1007',
    sample: 'SF1',
    mutate: (root) => {
      // The appraiser's license moves with it, or UAD1533 (another state) would fire too.
      set(subject(root), 'ADDRESS/StateCode', 'XX');
      set(role(root, 'Appraiser'), `${LICENSE}/LICENSE_DETAIL/LicenseIssuingAuthorityStateCode`, 'XX');
    },
  },
  { id: 'UAD1008', sample: 'SF1', mutate: (root) => drop(subject(root), `${GEO}/LatitudeIdentifier`) },
  { id: 'UAD1009', sample: 'SF1', mutate: (root) => drop(subject(root), `${GEO}/LongitudeIdentifier`) },
  {
    id: 'UAD1742',
    sample: 'SF1',
    mutate: (root) => set(subject(root), `${GEO}/LatitudeIdentifier`, '25.1651'),
  },
  {
    id: 'UAD1743',
    sample: 'SF1',
    mutate: (root) => set(subject(root), `${GEO}/LongitudeIdentifier`, '-181.328125'),
  },

  // The subject's dwellings and units
  {
    id: 'UAD1010',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/AccessoryDwellingUnitTotalCount`),
  },
  {
    id: 'UAD1011',
    sample: 'SF3',
    mutate: (root) =>
      drop(
        where(subject(root), UNIT_DETAIL, 'AccessoryDwellingUnitIndicator', 'true'),
        'AccessoryDwellingUnitIndicator',
      ),
  },
  { id: 'UAD1012', sample: 'SF1', mutate: (root) => drop(subject(root), `${DETAIL}/AttachmentType`) },
  { id: 'UAD1013', sample: 'SF1', mutate: (root) => drop(subject(root), `${DETAIL}/DwellingCount`) },
  {
    id: 'UAD1016',
    sample: 'TwoToFour',
    mutate: (root) => set(subject(root), `${DETAIL}/DwellingCount`, '1'),
  },
  {
    id: 'UAD1017',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/LivingUnitExcludingADUCount`),
  },
  {
    id: 'UAD1019',
    sample: 'SF1',
    // A second detail for the unit, not an ADU: one more than the units excluding ADUs.
    mutate: (root) =>
      add(add(subject(root), UNIT, 'PROPERTY_UNIT_DETAIL'), '', 'AccessoryDwellingUnitIndicator', 'false'),
  },
  {
    id: 'UAD1022',
    sample: 'SF1',
    mutate: (root) => set(subject(root), `${DETAIL}/PropertyEstateType`, 'Other'),
  },
  { id: 'UAD1023', sample: 'SF1', mutate: (root) => drop(subject(root), `${DETAIL}/PUDIndicator`) },
  {
    id: 'UAD1032',
    sample: 'SF1',
    mutate: (root) => setAttribute(subject(root), 'ValuationUseType', 'PropertyAnalyzedNotUsed'),
  },
  {
    id: 'UAD1033',
    sample: 'SF1',
    mutate: (root) => setAttribute(comp(root, 3), 'ValuationUseType', 'SubjectProperty'),
  },
  {
    id: 'UAD1034',
    sample: 'SF1',
    mutate: (root) => setAttribute(comp(root, 3), 'ValuationUseType', undefined),
  },
  {
    id: 'UAD1035',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/HomeownerResponsibleForExteriorMaintenanceIndicator`),
  },
  {
    id: 'UAD1040',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/NativeAmericanLandsIndicator`),
  },
  {
    id: 'UAD1042',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/PropertyInProjectIndicator`),
  },
  {
    id: 'UAD1045',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/PropertyAmenityExistsIndicator`),
  },
  {
    id: 'UAD1046',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/SubjectPropertyAmenitiesDefectsExistIndicator`),
  },
  {
    id: 'UAD1047',
    sample: 'MH1',
    mutate: (root) =>
      drop(where(subject(root), IMPROVEMENT_DETAIL, 'ImprovementType', 'Outbuilding'), 'ImprovementType'),
  },
  {
    id: 'UAD1048',
    sample: 'SF1',
    mutate: (root) => {
      // No dwelling, and a count of dwellings that says so (or UAD1016 would fire too).
      set(subject(root), `${IMPROVEMENT_DETAIL}/ImprovementType`, 'Outbuilding');
      set(subject(root), `${DETAIL}/DwellingCount`, '0');
    },
  },
  {
    id: 'UAD1049',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/NewConstructionIndicator`),
  },
  {
    id: 'UAD1050',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${IMPROVEMENT_DETAIL}/PropertyStructureBuiltYear`),
  },
  {
    id: 'UAD1051',
    sample: 'MH1',
    mutate: (root) => set(subject(root), `${IMPROVEMENT_DETAIL}/PropertyStructureBuiltYear`, '2017'),
  },
  {
    id: 'UAD1052',
    sample: 'SF1',
    mutate: (root) => set(subject(root), `${IMPROVEMENT_DETAIL}/PropertyStructureBuiltYear`, '1799'),
  },
  {
    id: 'UAD1053',
    sample: 'SF1',
    mutate: (root) => set(subject(root), `${IMPROVEMENT_DETAIL}/PropertyStructureBuiltYear`, '2020'),
  },
  {
    id: 'UAD1054',
    sample: 'SF1',
    mutate: (root) =>
      drop(subject(root), `${IMPROVEMENT_DETAIL}/PropertyStructureBuiltYearEstimatedIndicator`),
  },
  {
    id: 'UAD1086',
    sample: 'SF1',
    mutate: (root) => add(subject(root), `${IMPROVEMENT}/PROPERTY_UNITS`, 'PROPERTY_UNIT'),
  },
  {
    id: 'UAD1092',
    sample: 'TwoToFour',
    mutate: (root) =>
      (subject(root).select(`${STRUCTURE_DETAIL}/StructureIdentifier`)[1]!.text = 'Building 1'),
  },
  {
    id: 'UAD1171',
    sample: 'SF3',
    mutate: (root) => (subject(root).select(`${UNIT_DETAIL}/UnitIdentifier`)[1]!.text = 'Primary Dwelling'),
  },
  {
    id: 'UAD1384',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/OverallConditionRatingCode`),
  },
  {
    id: 'UAD1385',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${DETAIL}/OverallQualityRatingCode`),
  },
  {
    id: 'UAD1693',
    sample: 'SF1',
    mutate: (root) => drop(subject(root), `${STRUCTURE_DETAIL}/LivingUnitCount`),
  },
  {
    id: 'UAD1694',
    sample: 'TwoToFour',
    mutate: (root) => {
      // The first building's unit loses its "not an ADU", the second's unit gains one: as many units, elsewhere.
      const [first, second] = subject(root).select(UNIT_DETAIL);
      drop(first!, 'AccessoryDwellingUnitIndicator');
      add(add(second!.parent!, '', 'PROPERTY_UNIT_DETAIL'), '', 'AccessoryDwellingUnitIndicator', 'false');
    },
  },
  // Sites
  { id: 'UAD1036', sample: 'SF1', mutate: without(subject, 'SITE/SITE_DETAIL/LandOwnedInCommonIndicator') },
  {
    id: 'UAD1296',
    sample: 'SF1',
    mutate: without(subject, 'ENVIRONMENTAL_CONDITIONS/ENVIRONMENTAL_CONDITION/EnvironmentalConditionType'),
  },
  {
    id: 'UAD1298',
    sample: 'SF1',
    mutate: withText(
      subject,
      'ENVIRONMENTAL_CONDITIONS/ENVIRONMENTAL_CONDITION/EnvironmentalConditionType',
      'Landfill',
    ),
  },
  { id: 'UAD1313', sample: 'SF1', mutate: without(subject, `${HAZARD}/HazardZoneType`) },
  { id: 'UAD1314', sample: 'TwoToFour', mutate: withText(subject, `${HAZARD}/HazardZoneType`, 'Other') },
  { id: 'UAD1315', sample: 'TwoToFour', mutate: without(subject, `${HAZARD}/LavaFlowZoneCode`) },
  {
    id: 'UAD1316',
    sample: 'SF1',
    mutate: withText(subject, `${ACCESS}/PropertyPrimaryEntryExitMethodType`, 'PrivateStreet'),
  },
  {
    id: 'UAD1317',
    sample: 'SF1',
    mutate: without(subject, `${ACCESS}/PropertyAccessTypicalToMarketIndicator`),
  },
  { id: 'UAD1318', sample: 'SF1', mutate: without(subject, `${ACCESS}/PropertyPrimaryEntryExitMethodType`) },
  {
    id: 'UAD1323',
    sample: 'SF1',
    mutate: without(subject, 'SITE/SITE_FEATURES/SITE_FEATURE/SITE_FEATURE_DETAIL/SiteFeatureType'),
  },
  {
    id: 'UAD1328',
    sample: 'SF1',
    mutate: without(subject, 'SITE/SITE_INFLUENCES/SITE_INFLUENCE/SITE_INFLUENCE_DETAIL/SiteInfluenceType'),
  },
  { id: 'UAD1341', sample: 'SF1', mutate: without(subject, 'SITE/SITE_SIZE_LAYOUT/LotSizeAreaMeasure') },
  { id: 'UAD1342', sample: 'SF1', mutate: without(subject, 'SITE/SITE_SIZE_LAYOUT/ParcelCount') },
  { id: 'UAD1343', sample: 'SF1', mutate: withText(subject, 'SITE/SITE_SIZE_LAYOUT/ParcelCount', '2') },
  {
    id: 'UAD1344',
    sample: 'SF1',
    mutate: (root) => drop(where(subject(root), UTILITY, 'UtilityType', 'Gas'), 'UtilityType'),
  },
  {
    id: 'UAD1345',
    sample: 'SF1',
    mutate: (root) => set(where(subject(root), UTILITY, 'UtilityType', 'Electricity'), 'UtilityType', 'Gas'),
  },
  {
    id: 'UAD1346',
    sample: 'SF1',
    mutate: (root) => set(where(subject(root), UTILITY, 'UtilityType', 'Water'), 'UtilityType', 'Gas'),
  },
  {
    id: 'UAD1347',
    sample: 'SF1',
    mutate: (root) =>
      set(where(subject(root), UTILITY, 'UtilityType', 'SanitarySewer'), 'UtilityType', 'Gas'),
  },
  {
    id: 'UAD1348',
    sample: 'SF1',
    mutate: (root) => set(where(subject(root), UTILITY, 'UtilityType', 'Gas'), 'UtilityType', 'Other'),
  },
  { id: 'UAD1349', sample: 'SF1', mutate: without(subject, `${UTILITY}/SiteUtilityOwnershipType`) },
  { id: 'UAD1361', sample: 'SF1', mutate: without(subject, `${VIEW}/ViewType`) },
  { id: 'UAD1362', sample: 'SF1', mutate: withText(subject, `${VIEW}/ViewType`, 'Other') },
  { id: 'UAD1363', sample: 'SF1', mutate: without(subject, `${VIEW}/ViewPrimaryIndicator`) },
  { id: 'UAD1364', sample: 'SF1', mutate: without(subject, `${VIEW}/ViewRangeType`) },
  { id: 'UAD1366', sample: 'SF1', mutate: without(subject, `${VIEW}/ValueMarketabilityImpactType`) },
  { id: 'UAD1367', sample: 'SF1', mutate: without(subject, `${ZONING}/SiteZoningClassificationIdentifier`) },
  { id: 'UAD1368', sample: 'SF1', mutate: without(subject, `${ZONING}/SiteZoningClassificationDescription`) },
  { id: 'UAD1369', sample: 'SF1', mutate: without(subject, `${ZONING}/SiteZoningComplianceType`) },
  {
    id: 'UAD1372',
    sample: 'SF1',
    mutate: without(subject, 'SITE/SITE_DETAIL/BroadbandInternetAvailableIndicator'),
  },
  { id: 'UAD1373', sample: 'SF1', mutate: without(subject, 'SITE/SITE_DETAIL/SiteDefectsExistIndicator') },
  { id: 'UAD1445', sample: 'SF1', mutate: without(firstComp, `${HAZARD}/HazardZoneType`) },
  { id: 'UAD1449', sample: 'SF1', mutate: without(firstComp, 'SITE/SITE_SIZE_LAYOUT/LotSizeAreaMeasure') },
  { id: 'UAD1450', sample: 'SF1', mutate: without(firstComp, `${VIEW}/ViewType`) },
  { id: 'UAD1452', sample: 'SF1', mutate: without(firstComp, 'SITE/SITE_DETAIL/LandOwnedInCommonIndicator') },
  {
    id: 'UAD1659',
    sample: 'SF1',
    mutate: without(subject, 'SITE/HIGHEST_AND_BEST_USE/FinanciallyFeasibleIndicator'),
  },
  {
    id: 'UAD1660',
    sample: 'SF1',
    mutate: without(subject, 'SITE/HIGHEST_AND_BEST_USE/LegallyPermissibleIndicator'),
  },
  {
    id: 'UAD1661',
    sample: 'SF1',
    mutate: without(subject, 'SITE/HIGHEST_AND_BEST_USE/MaximallyProductiveIndicator'),
  },
  {
    id: 'UAD1662',
    sample: 'SF1',
    mutate: without(subject, 'SITE/HIGHEST_AND_BEST_USE/PhysicallyPossibleIndicator'),
  },
  {
    id: 'UAD1663',
    sample: 'SF1',
    mutate: without(subject, 'SITE/HIGHEST_AND_BEST_USE/SiteHighestBestUseIndicator'),
  },
  {
    id: 'UAD1680',
    sample: 'SF1',
    mutate: without(subject, 'FUNCTIONAL_ISSUES/FUNCTIONAL_ISSUE/FunctionalIssueType'),
  },
  {
    id: 'UAD1683',
    sample: 'SF1',
    mutate: without(
      subject,
      'DISASTER_MITIGATION_FEATURES/DISASTER_MITIGATION_FEATURE/DisasterMitigationFeatureType',
    ),
  },
  {
    id: 'UAD1769',
    sample: 'SF1',
    mutate: without(firstComp, 'SITE/SITE_INFLUENCES/SITE_INFLUENCE/SITE_INFLUENCE_DETAIL/SiteInfluenceType'),
  },

  // The subject's contract, sales history and listings
  {
    id: 'UAD1028',
    sample: 'SF1',
    mutate: without(subject, `${CONTRACT}/AllPropertyRightsAppraisedIndicator`),
  },
  {
    id: 'UAD1127',
    sample: 'SF1',
    mutate: without(subject, `${CONTRACT}/SalesConcessionAmountKnownIndicator`),
  },
  { id: 'UAD1128', sample: 'SF1', mutate: without(subject, `${CONTRACT}/SalesConcessionIndicator`) },
  { id: 'UAD1129', sample: 'SF1', mutate: without(subject, `${CONTRACT}/SalesContractAmount`) },
  { id: 'UAD1130', sample: 'SF1', mutate: without(subject, `${CONTRACT}/SalesContractDate`) },
  { id: 'UAD1131', sample: 'SF1', mutate: withText(subject, `${CONTRACT}/SalesContractDate`, '2019-09-25') },
  { id: 'UAD1132', sample: 'SF1', mutate: without(subject, `${CONTRACT}/SalesContractReviewedIndicator`) },
  { id: 'UAD1133', sample: 'SF1', mutate: without(subject, `${CONTRACT}/TotalSalesConcessionAmount`) },
  { id: 'UAD1134', sample: 'SF1', mutate: without(subject, `${CONTRACT}/SalesContractExistsIndicator`) },
  { id: 'UAD1135', sample: 'SF1', mutate: without(subject, `${CONTRACT}/SaleType`) },
  { id: 'UAD1136', sample: 'SF1', mutate: withText(subject, `${CONTRACT}/SaleType`, 'Other') },
  // Blanked rather than removed: its label is what a data source's relationship points at.
  { id: 'UAD1191', sample: 'SF1', mutate: withText(subject, `${DETAIL}/PriorSalesOrTransfersIndicator`, '') },
  { id: 'UAD1192', sample: 'SF2', mutate: without(subject, `${HISTORY}/OwnershipTransferTransactionType`) },
  { id: 'UAD1193', sample: 'SF2', mutate: without(subject, `${HISTORY}/SaleType`) },
  { id: 'UAD1194', sample: 'SF2', mutate: withText(subject, `${HISTORY}/SaleType`, 'Other') },
  { id: 'UAD1195', sample: 'SF2', mutate: without(subject, `${HISTORY}/OwnershipTransferDate`) },
  { id: 'UAD1196', sample: 'SF2', mutate: withText(subject, `${HISTORY}/OwnershipTransferDate`, '2016-08') },
  {
    id: 'UAD1197',
    sample: 'SF2',
    mutate: withText(subject, `${HISTORY}/OwnershipTransferTransactionAmount`, '-750000'),
  },
  {
    id: 'UAD1198',
    sample: 'SF2',
    mutate: (root) => {
      // The price gives way to the reason it is not available (both at once is UAD1698).
      drop(subject(root), `${HISTORY}/OwnershipTransferTransactionAmount`);
      add(subject(root), HISTORY, 'OwnershipTransferAmountNotAvailableReasonType', 'Other');
    },
  },
  {
    id: 'UAD1203',
    sample: 'SF1',
    mutate: without(subject, 'LISTING_INFORMATION_SUMMARY/ListedWithinPreviousYearIndicator'),
  },
  { id: 'UAD1204', sample: 'SF1', mutate: without(subject, `${LISTING}/DaysOnMarketCount`) },
  { id: 'UAD1205', sample: 'SF1', mutate: without(subject, `${LISTING}/FinalListPriceAmount`) },
  { id: 'UAD1206', sample: 'SF1', mutate: withText(subject, `${LISTING}/ListingStartDate`, '2019-09-18') },
  { id: 'UAD1207', sample: 'SF1', mutate: without(subject, `${LISTING}/ListingStatusType`) },
  { id: 'UAD1208', sample: 'SF1', mutate: withText(subject, `${LISTING}/ListingType`, 'Other') },
  { id: 'UAD1698', sample: 'SF2', mutate: without(subject, `${HISTORY}/OwnershipTransferTransactionAmount`) },
  { id: 'UAD1725', sample: 'SF1', mutate: withText(subject, `${LISTING}/ListingStartDate`, '2019-09') },
  { id: 'UAD1726', sample: 'SF1', mutate: withText(subject, `${LISTING}/ListingEndDate`, '2019-9-17') },
  { id: 'UAD1728', sample: 'SF1', mutate: withText(subject, `${CONTRACT}/SalesContractDate`, '09/17/2019') },

  // Comparables
  { id: 'UAD1041', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/AccessoryDwellingUnitTotalCount`) },
  {
    id: 'UAD1093',
    sample: 'TwoToFour',
    mutate: (root) =>
      (firstComp(root).select(`${STRUCTURE_DETAIL}/StructureIdentifier`)[1]!.text = 'Building 1'),
  },
  {
    id: 'UAD1225',
    sample: 'MH1',
    mutate: (root) => drop(comp(root, 1, 'LandComparable'), `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`),
  },
  {
    id: 'UAD1226',
    sample: 'MH1',
    mutate: (root) => set(comp(root, 2, 'LandComparable'), `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`, '3'),
  },
  {
    id: 'UAD1246',
    sample: 'TwoToFour',
    mutate: (root) =>
      drop(comp(root, 1, 'GrossRentMultiplierComparable'), `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`),
  },
  {
    id: 'UAD1247',
    sample: 'TwoToFour',
    mutate: (root) =>
      set(comp(root, 2, 'GrossRentMultiplierComparable'), `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`, '1'),
  },
  {
    id: 'UAD1248',
    sample: 'TwoToFour',
    mutate: (root) =>
      set(comp(root, 1, 'GrossRentMultiplierComparable'), `${DETAIL}/LivingUnitExcludingADUCount`, '0'),
  },
  {
    id: 'UAD1275',
    sample: 'SF1',
    mutate: withText(firstComp, `${IMAGE}/ImageCategoryType`, 'DwellingFront'),
  },
  { id: 'UAD1276', sample: 'SF1', mutate: without(firstComp, `${IMAGE}/ImageFileLocationIdentifier`) },
  { id: 'UAD1390', sample: 'SF1', mutate: without(firstComp, 'ADDRESS/AddressLineText') },
  { id: 'UAD1391', sample: 'SF1', mutate: without(firstComp, 'ADDRESS/CityName') },
  { id: 'UAD1392', sample: 'SF1', mutate: without(firstComp, 'ADDRESS/PostalCode') },
  { id: 'UAD1393', sample: 'SF1', mutate: without(firstComp, 'ADDRESS/StateCode') },
  {
    id: 'UAD1396',
    sample: 'SF1',
    mutate: without(firstComp, `${COMPARABLE_DETAIL}/ProximityToSubjectDistanceLinearMeasure`),
  },
  {
    id: 'UAD1397',
    sample: 'SF1',
    mutate: without(firstComp, `${COMPARABLE_DETAIL}/ComparableToSubjectDirectionType`),
  },
  { id: 'UAD1402', sample: 'SF1', mutate: without(firstComp, `${LISTING}/ListingStatusType`) },
  {
    id: 'UAD1403',
    sample: 'SF1',
    mutate: (root) => repeat(firstComp(root), 'LISTING_INFORMATIONS/LISTING_INFORMATION'),
  },
  {
    id: 'UAD1404',
    sample: 'SF1',
    // The comparables become rental comparables: the sales comparison approach is left with none.
    mutate: (root) =>
      propertiesOf(root, 'SalesComparable').forEach((property) =>
        setAttribute(property, 'ValuationUseType', 'RentalComparable'),
      ),
  },
  { id: 'UAD1415', sample: 'SF1', mutate: without(firstComp, `${IMPROVEMENT_DETAIL}/ImprovementType`) },
  {
    id: 'UAD1416',
    sample: 'SF1',
    mutate: without(firstComp, `${IMPROVEMENT_DETAIL}/PropertyStructureBuiltYear`),
  },
  {
    id: 'UAD1418',
    sample: 'SF1',
    mutate: withText(firstComp, `${IMPROVEMENT_DETAIL}/PropertyStructureBuiltYear`, '1750'),
  },
  { id: 'UAD1428', sample: 'SF1', mutate: without(firstComp, `${LISTING}/DaysOnMarketCount`) },
  { id: 'UAD1429', sample: 'SF1', mutate: without(firstComp, `${GEO}/LatitudeIdentifier`) },
  { id: 'UAD1430', sample: 'SF1', mutate: without(firstComp, `${GEO}/LongitudeIdentifier`) },
  { id: 'UAD1431', sample: 'SF1', mutate: without(firstComp, `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`) },
  {
    id: 'UAD1432',
    sample: 'SF1',
    mutate: (root) => set(comp(root, 2), `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`, '1'),
  },
  { id: 'UAD1433', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/AttachmentType`) },
  { id: 'UAD1434', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/OverallConditionRatingCode`) },
  { id: 'UAD1435', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/OverallQualityRatingCode`) },
  { id: 'UAD1436', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/PriorSalesOrTransfersIndicator`) },
  { id: 'UAD1471', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/DwellingCount`) },
  { id: 'UAD1472', sample: 'SF1', mutate: withText(firstComp, `${DETAIL}/DwellingCount`, '0') },
  {
    id: 'UAD1473',
    sample: 'SF1',
    mutate: without(firstComp, `${DETAIL}/HomeownerResponsibleForExteriorMaintenanceIndicator`),
  },
  { id: 'UAD1474', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/LivingUnitExcludingADUCount`) },
  { id: 'UAD1475', sample: 'SF1', mutate: withText(firstComp, `${DETAIL}/LivingUnitExcludingADUCount`, '0') },
  { id: 'UAD1479', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/PropertyInProjectIndicator`) },
  { id: 'UAD1480', sample: 'SF1', mutate: without(firstComp, `${DETAIL}/PUDIndicator`) },
  {
    id: 'UAD1481',
    sample: 'SF1',
    mutate: without(firstComp, `${COMPARABLE_DETAIL}/ContractDateUnknownIndicator`),
  },
  {
    id: 'UAD1485',
    sample: 'Condo1',
    mutate: (root) =>
      set(comp(root, 2, 'PropertyAnalyzedNotUsed'), `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`, '1'),
  },
  {
    id: 'UAD1492',
    sample: 'TwoToFour',
    mutate: (root) =>
      drop(comp(root, 1, 'RentalComparable'), `${COMPARABLE_DETAIL}/ComparableToSubjectDirectionType`),
  },
  {
    id: 'UAD1493',
    sample: 'TwoToFour',
    mutate: (root) =>
      drop(comp(root, 1, 'RentalComparable'), `${COMPARABLE_DETAIL}/ProximityToSubjectDistanceLinearMeasure`),
  },
  {
    id: 'UAD1494',
    sample: 'TwoToFour',
    mutate: (root) => drop(comp(root, 1, 'RentalComparable'), `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`),
  },
  {
    id: 'UAD1495',
    sample: 'TwoToFour',
    mutate: (root) =>
      set(comp(root, 2, 'RentalComparable'), `${COMPARABLE_DETAIL}/PropertyOrdinalNumber`, '1'),
  },
  { id: 'UAD1708', sample: 'SF1', mutate: without(firstComp, `${IMAGE}/MIMETypeIdentifier`) },
  { id: 'UAD1731', sample: 'SF1', mutate: without(firstComp, `${CONTRACT}/SalesContractDate`) },
  { id: 'UAD1748', sample: 'SF1', mutate: withText(firstComp, `${GEO}/LatitudeIdentifier`, '25.1') },
  { id: 'UAD1749', sample: 'SF1', mutate: withText(firstComp, `${GEO}/LongitudeIdentifier`, '200.328126') },

  // Comparables' sales and their data sources
  {
    id: 'UAD1199',
    sample: 'SF1',
    mutate: (root) =>
      relationships(root, 'DATA_SOURCE_IsDataSourceFor_PriorSalesOrTransfersIndicator')
        .find((link) => link.attribute('to') === 'PriorSalesOrTransfersIndicator_SalesComp2NoPriorSales')!
        .remove(),
  },
  {
    id: 'UAD1201',
    sample: 'SF1',
    mutate: (root) => relationships(root, 'DATA_SOURCE_IsDataSourceFor_SALES_HISTORY')[0]!.remove(),
  },
  {
    id: 'UAD1251',
    sample: 'TwoToFour',
    mutate: (root) =>
      drop(comp(root, 1, 'GrossRentMultiplierComparable'), `${HISTORY}/OwnershipTransferTransactionAmount`),
  },
  {
    id: 'UAD1438',
    sample: 'SF1',
    mutate: (root) => set(comp(root, 2), `${HISTORY}/OwnershipTransferTransactionType`, 'Transfer'),
  },
  {
    id: 'UAD1439',
    sample: 'SF1',
    mutate: (root) => drop(comp(root, 2), `${HISTORY}/OwnershipTransferTransactionAmount`),
  },
  {
    id: 'UAD1440',
    sample: 'SF1',
    mutate: (root) => {
      drop(comp(root, 2), `${HISTORY}/OwnershipTransferTransactionAmount`);
      add(comp(root, 2), HISTORY, 'OwnershipTransferAmountNotAvailableReasonType', 'Other');
    },
  },
  {
    id: 'UAD1442',
    sample: 'SF1',
    mutate: (root) => set(comp(root, 2), `${HISTORY}/OwnershipTransferTransactionAmount`, '-450000'),
  },
  { id: 'UAD1444', sample: 'SF1', mutate: (root) => set(comp(root, 2), `${HISTORY}/SaleType`, 'Other') },
  {
    id: 'UAD1468',
    sample: 'SF1',
    mutate: (root) =>
      drop(
        where(analysis(root), 'DATA_SOURCES/DATA_SOURCE', 'DataSourceIdentifier', '123456'),
        'DataSourceIdentifier',
      ),
  },
  {
    id: 'UAD1477',
    sample: 'SF1',
    mutate: (root) =>
      relationships(root, 'DATA_SOURCE_IsDataSourceFor_PROPERTY')
        .filter((link) => link.attribute('to') === 'PROPERTY_SALESCOMP1')
        .forEach((link) => link.remove()),
  },
  { id: 'UAD1702', sample: 'MH1', mutate: (root) => repeat(comp(root, 1, 'LandComparable'), HISTORY) },
  {
    id: 'UAD1703',
    sample: 'TwoToFour',
    mutate: (root) => repeat(comp(root, 1, 'GrossRentMultiplierComparable'), HISTORY),
  },
  {
    id: 'UAD1704',
    sample: 'Condo1',
    mutate: (root) => repeat(comp(root, 1, 'PropertyAnalyzedNotUsed'), HISTORY),
  },
  // The first comparable's second sale is its older one: its latest stays a sale (UAD1438).
  {
    id: 'UAD1734',
    sample: 'SF1',
    mutate: (root) => drop(firstComp(root).select(HISTORY)[1]!, 'OwnershipTransferTransactionType'),
  },
  {
    id: 'UAD1735',
    sample: 'SF1',
    mutate: (root) => drop(firstComp(root).select(HISTORY)[1]!, 'OwnershipTransferDate'),
  },
  {
    id: 'UAD1744',
    sample: 'SF1',
    mutate: (root) => set(firstComp(root).select(HISTORY)[1]!, 'OwnershipTransferDate', '2018-09'),
  },
  {
    id: 'UAD1745',
    sample: 'TwoToFour',
    mutate: (root) =>
      set(
        comp(root, 1, 'GrossRentMultiplierComparable'),
        `${HISTORY}/OwnershipTransferTransactionAmount`,
        '-1',
      ),
  },
  { id: 'UAD1771', sample: 'SF1', mutate: (root) => drop(comp(root, 2), `${HISTORY}/SaleType`) },

  // The sales comparison grid
  {
    id: 'UAD1250',
    sample: 'TwoToFour',
    mutate: (root) => {
      // A row the first GRM comparable adds and no other column has.
      const property = comp(root, 1, 'GrossRentMultiplierComparable');
      const adjustments =
        property.select('COMPARABLE/COMPARABLE_ADJUSTMENTS')[0] ??
        add(property, 'COMPARABLE', 'COMPARABLE_ADJUSTMENTS');
      const adjustment = add(adjustments, '', 'COMPARABLE_ADJUSTMENT');
      add(adjustment, '', 'AdditionalComparisonLineItemIdentifier', 'Solar Panels');
      add(
        adjustment,
        '',
        'ComparableAdjustmentType',
        'GrossRentMultiplierAdditionalNonAdjustableComparisonItem',
      );
    },
  },
  {
    id: 'UAD1455',
    sample: 'SF1',
    mutate: (root) =>
      set(
        where(
          firstComp(root),
          ADJUSTMENT,
          'AdditionalComparisonLineItemIdentifier',
          'Below Grade Exterior Access',
        ),
        'AdditionalComparisonLineItemIdentifier',
        'Basement Access',
      ),
  },
  {
    id: 'UAD1456',
    sample: 'SF1',
    mutate: without(firstComp, `${COMPARABLE_DETAIL}/AdjustedSalesPriceAmount`),
  },
  {
    id: 'UAD1457',
    sample: 'TwoToFour',
    mutate: without(firstComp, `${COMPARABLE_DETAIL}/AdjustedSalesPricePerBedroomAmount`),
  },
  {
    id: 'UAD1458',
    sample: 'TwoToFour',
    mutate: without(firstComp, `${COMPARABLE_DETAIL}/AdjustedSalesPricePerUnitAmount`),
  },
  { id: 'UAD1459', sample: 'SF1', mutate: without(firstComp, `${COMPARABLE_DETAIL}/ComparableWeightType`) },
  {
    id: 'UAD1460',
    sample: 'SF1',
    mutate: without(firstComp, `${COMPARABLE_DETAIL}/SalePriceNetTotalAdjustmentAmount`),
  },
  {
    id: 'UAD1461',
    sample: 'SF1',
    mutate: withText(firstComp, `${COMPARABLE_DETAIL}/SalePriceNetTotalAdjustmentAmount`, '30750'),
  },

  // Values and approaches
  { id: 'UAD1227', sample: 'MH1', mutate: without(analysis, `${COST}/DepreciatedCostDwellingsTotalAmount`) },
  { id: 'UAD1229', sample: 'MH1', mutate: without(analysis, `${COST}/SiteEstimatedValueAmount`) },
  { id: 'UAD1230', sample: 'MH1', mutate: without(analysis, `${COST}/SiteOtherImprovementsAsIsAmount`) },
  {
    id: 'UAD1233',
    sample: 'MH1',
    mutate: withText(analysis, `${DEPRECIATION}/DepreciationTotalAmount`, '-1'),
  },
  {
    id: 'UAD1234',
    sample: 'MH1',
    mutate: (root) => depreciationInParts(root, { External: '-1', Functional: '0', Physical: '0' }),
  },
  {
    id: 'UAD1235',
    sample: 'MH1',
    mutate: (root) => depreciationInParts(root, { External: '0', Functional: '-1', Physical: '0' }),
  },
  {
    id: 'UAD1236',
    sample: 'MH1',
    mutate: (root) => depreciationInParts(root, { External: '0', Functional: '0', Physical: '-1' }),
  },
  {
    id: 'UAD1237',
    sample: 'MH1',
    mutate: (root) => add(analysis(root), DEPRECIATION, 'DepreciationPhysicalAmount', '0'),
  },
  {
    id: 'UAD1238',
    sample: 'MH1',
    mutate: (root) =>
      propertiesOf(root, 'LandComparable').forEach((property) =>
        setAttribute(property, 'ValuationUseType', 'PropertyAnalyzedNotUsed'),
      ),
  },
  {
    id: 'UAD1242',
    sample: 'TwoToFour',
    mutate: without(analysis, `${INCOME}/GrossRentMultiplierFactorNumber`),
  },
  {
    id: 'UAD1243',
    sample: 'TwoToFour',
    mutate: without(analysis, `${INCOME}/ValueIndicatedByIncomeApproachAmount`),
  },
  { id: 'UAD1252', sample: 'MH1', mutate: without(analysis, `${COST}/ValueIndicatedByCostApproachAmount`) },
  {
    id: 'UAD1253',
    sample: 'SF1',
    mutate: without(analysis, `${SALES_COMPARISON}/ValueIndicatedBySalesComparisonAmount`),
  },
  {
    id: 'UAD1255',
    sample: 'SF1',
    mutate: without(analysis, `${CONDITION}/PropertyValuationConditionalConclusionType`),
  },
  { id: 'UAD1256', sample: 'SF3', mutate: (root) => repeat(analysis(root), CONDITION) },
  {
    id: 'UAD1261',
    sample: 'SF1',
    mutate: withText(analysis, `${SUMMARY}/MarketingOrExposureTimeType`, 'MarketingTime'),
  },
  { id: 'UAD1262', sample: 'SF1', mutate: without(analysis, `${SUMMARY}/OpinionOfValueAmount`) },
  { id: 'UAD1263', sample: 'SF1', mutate: withText(analysis, `${SUMMARY}/OpinionOfValueAmount`, '0') },
  {
    id: 'UAD1264',
    sample: 'SF1',
    mutate: withText(analysis, `${SUMMARY}/OpinionOfValueAmount`, '1000000001'),
  },
  {
    id: 'UAD1265',
    sample: 'SF1',
    mutate: without(analysis, `${RECONCILIATION_DETAIL}/AdditionalClientRequestedConditionsIndicator`),
  },
  {
    id: 'UAD1266',
    sample: 'SF1',
    mutate: without(analysis, `${RECONCILIATION_DETAIL}/ValuationReconciliationSummaryCommentDescription`),
  },
  { id: 'UAD1267', sample: 'SF1', mutate: without(analysis, `${SUMMARY}/PropertyAsIsConditionRatingCode`) },
  {
    id: 'UAD1624',
    sample: 'SF1',
    mutate: (root) =>
      set(
        where(
          subject(root),
          'PROPERTY_DEFECT/DEFECTS/DEFECT/DEFECT_DETAIL',
          'DefectItemRecommendedActionType',
          'Repair',
        ),
        'DefectItemRecommendedActionType',
        'None',
      ),
  },
  { id: 'UAD1720', sample: 'MH1', mutate: without(analysis, `${DEPRECIATION}/DepreciationTotalAmount`) },
  {
    id: 'UAD1732',
    sample: 'SF2',
    mutate: (root) =>
      set(
        where(
          subject(root),
          'PROPERTY_DEFECT/DEFECTS/DEFECT/DEFECT_DETAIL',
          'DefectItemRecommendedActionType',
          'Inspection',
        ),
        'DefectItemRecommendedActionType',
        'None',
      ),
  },
  {
    id: 'UAD1733',
    sample: 'SF1',
    mutate: (root) => add(analysis(root), SUMMARY, 'MarketingOrExposureDaysCount', '90'),
  },
  {
    id: 'UAD1746',
    sample: 'SF1',
    mutate: without(analysis, `${SUMMARY}/MarketingOrExposureLowRangeDaysCount`),
  },
  {
    id: 'UAD1760',
    sample: 'SF1',
    mutate: without(analysis, `${SALES_COMPARISON}/SalesComparisonCommentDescription`),
  },
  { id: 'UAD1761', sample: 'MH1', mutate: without(analysis, `${COST}/CostAnalysisCommentDescription`) },
  {
    id: 'UAD1762',
    sample: 'TwoToFour',
    mutate: without(analysis, `${INCOME}/IncomeAnalysisCommentDescription`),
  },

  // Scope of work and the report
  { id: 'UAD1210', sample: 'SF1', mutate: without(analysis, `${SCOPE}/CostApproachIndicator`) },
  { id: 'UAD1211', sample: 'SF1', mutate: without(analysis, `${SCOPE}/GovernmentAgencyAppraisalIndicator`) },
  {
    id: 'UAD1212',
    sample: 'SF1',
    mutate: withText(analysis, `${SCOPE}/GovernmentAgencyAppraisalIndicator`, 'true'),
  },
  { id: 'UAD1213', sample: 'SF1', mutate: without(analysis, `${SCOPE}/IncomeApproachIndicator`) },
  {
    id: 'UAD1214',
    sample: 'TwoToFour',
    mutate: (root) =>
      propertiesOf(root, 'GrossRentMultiplierComparable').forEach((property) =>
        setAttribute(property, 'ValuationUseType', 'PropertyAnalyzedNotUsed'),
      ),
  },
  {
    id: 'UAD1215',
    sample: 'TwoToFour',
    mutate: withText(analysis, `${SCOPE}/RentScheduleIndicator`, 'false'),
  },
  { id: 'UAD1216', sample: 'SF1', mutate: without(analysis, `${SCOPE}/RentScheduleIndicator`) },
  {
    id: 'UAD1217',
    sample: 'TwoToFour',
    mutate: (root) =>
      propertiesOf(root, 'RentalComparable').forEach((property) =>
        setAttribute(property, 'ValuationUseType', 'PropertyAnalyzedNotUsed'),
      ),
  },
  { id: 'UAD1218', sample: 'SF1', mutate: without(analysis, `${SCOPE}/SalesComparisonApproachIndicator`) },
  { id: 'UAD1219', sample: 'SF1', mutate: without(analysis, `${SCOPE}/ValuationAssignmentType`) },
  { id: 'UAD1220', sample: 'SF1', mutate: withText(analysis, `${SCOPE}/ValuationAssignmentType`, 'Other') },
  {
    id: 'UAD1222',
    sample: 'SF1',
    mutate: without(
      subject,
      'PROPERTY_VALUATIONS/PROPERTY_VALUATION/PROPERTY_VALUATION_DETAIL/PropertyValuationMethodType',
    ),
  },
  { id: 'UAD1223', sample: 'SF1', mutate: (root) => repeat(root, `${SERVICES}/SERVICE_DETAIL`) },
  {
    id: 'UAD1224',
    sample: 'Condo1',
    mutate: (root) =>
      repeat(where(root, SERVICES, 'SERVICE_DETAIL/ServiceType', 'Inspection'), 'SERVICE_DETAIL'),
  },
  {
    id: 'UAD1270',
    sample: 'SF1',
    mutate: (root) => drop(root, `${DOCUMENT}/VIEWS/VIEW/VIEW_FILES/VIEW_FILE/FOREIGN_OBJECT/ObjectURL`),
  },
  {
    id: 'UAD1272',
    sample: 'SF1',
    mutate: (root) =>
      set(root, `${DOCUMENT}/VIEWS/VIEW/VIEW_FILES/VIEW_FILE/FOREIGN_OBJECT/MIMETypeIdentifier`, 'image/png'),
  },
  {
    id: 'UAD1273',
    sample: 'SF1',
    mutate: (root) => setAttribute(root, 'MISMOReferenceModelIdentifier', undefined),
  },
  {
    id: 'UAD1502',
    sample: 'SF1',
    mutate: without(analysis, `${REPORT_DETAIL}/ValuationReportContentIdentifier`),
  },
  {
    id: 'UAD1508',
    sample: 'SF1',
    mutate: without(analysis, `${REPORT_DETAIL}/AppraiserPriorServicesPerformedIndicator`),
  },
  {
    id: 'UAD1509',
    sample: 'SF1',
    mutate: without(analysis, `${REPORT_DETAIL}/AppraiserAdditionalCertificationIndicator`),
  },
  {
    id: 'UAD1510',
    sample: 'SF1',
    mutate: without(analysis, `${SCOPE}/ValuationAdditionalIntendedUserIndicator`),
  },
  {
    id: 'UAD1511',
    sample: 'SF1',
    mutate: without(analysis, `${REPORT_DETAIL}/ValuationReportInspectionCertificationType`),
  },
  {
    id: 'UAD1512',
    sample: 'SF1',
    mutate: (root) => {
      // An exterior-only certification, and an appraiser who did not go inside (or UAD1516 fires too).
      set(analysis(root), `${REPORT_DETAIL}/ValuationReportInspectionCertificationType`, 'Exterior');
      set(subject(root), `${INSPECTION_DETAIL}/PropertyInteriorInspectionMethodType`, 'NoInspection');
    },
  },
  { id: 'UAD1513', sample: 'SF1', mutate: withText(subject, VALUATION_METHOD, 'ExteriorAppraisal') },
  { id: 'UAD1514', sample: 'SF1', mutate: withText(subject, VALUATION_METHOD, 'DesktopAppraisal') },
  { id: 'UAD1515', sample: 'SF1', mutate: withText(subject, VALUATION_METHOD, 'HybridAppraisal') },
  {
    id: 'UAD1516',
    sample: 'SF1',
    mutate: (root) => {
      set(analysis(root), `${REPORT_DETAIL}/ValuationReportInspectionCertificationType`, 'Exterior');
      set(subject(root), VALUATION_METHOD, 'ExteriorAppraisal');
    },
  },
  {
    id: 'UAD1517',
    sample: 'Condo1',
    mutate: (root) => {
      set(analysis(root), `${REPORT_DETAIL}/ValuationReportInspectionCertificationType`, 'Exterior');
      set(subject(root), VALUATION_METHOD, 'ExteriorAppraisal');
    },
  },
  {
    id: 'UAD1518',
    sample: 'SF1',
    mutate: withText(subject, `${INSPECTION_DETAIL}/PropertyInteriorInspectionMethodType`, 'NoInspection'),
  },
  { id: 'UAD1519', sample: 'SF1', mutate: without(analysis, `${REPORT_DETAIL}/PropertyDataReportIndicator`) },
  {
    id: 'UAD1523',
    sample: 'SF1',
    mutate: without(analysis, `${SCOPE}/ValuationAdditionalScopeOfWorkIndicator`),
  },
  { id: 'UAD1676', sample: 'SF1', mutate: without(analysis, `${REPORT_DETAIL}/SketchExistsIndicator`) },
  {
    id: 'UAD1677',
    sample: 'SF1',
    mutate: without(analysis, `${REPORT_DETAIL}/MeasurementStandardPublisherType`),
  },
  {
    id: 'UAD1678',
    sample: 'SF1',
    mutate: withText(analysis, `${REPORT_DETAIL}/MeasurementStandardPublisherType`, 'Other'),
  },
  {
    id: 'UAD1750',
    sample: 'SF1',
    mutate: without(analysis, `${REPORT_DETAIL}/ReconsiderationOfValueIndicator`),
  },
  {
    id: 'UAD1751',
    sample: 'SF1',
    mutate: (root) => reconsidered(root, 'ReconsiderationOfValueCommentDescription'),
  },
  {
    id: 'UAD1752',
    sample: 'SF1',
    mutate: (root) => reconsidered(root, 'ReconsiderationOfValueRequestedByType'),
  },
  { id: 'UAD1753', sample: 'SF1', mutate: (root) => reconsidered(root, 'ReconsiderationOfValueResultType') },
  { id: 'UAD1754', sample: 'SF1', mutate: (root) => reconsidered(root, 'ReconsiderationOfValueResultDate') },

  // Dates
  {
    id: 'UAD1111',
    sample: 'MH1',
    mutate: withText(subject, `${MANUFACTURED_HOME}/ManufacturedHomeManufactureDate`, '1975-06-01'),
  },
  { id: 'UAD1257', sample: 'SF1', mutate: without(analysis, `${SUMMARY}/AppraisalReportEffectiveDate`) },
  {
    id: 'UAD1259',
    sample: 'SF5',
    mutate: (root) => {
      // Inspected and effective more than 367 days before the check (signed since: a late report).
      set(analysis(root), `${SUMMARY}/AppraisalReportEffectiveDate`, '2024-12-01');
      set(subject(root), `${INSPECTION_DETAIL}/InspectionDate`, '2024-12-01');
    },
  },
  {
    id: 'UAD1260',
    sample: 'SF1',
    mutate: withText(analysis, `${SUMMARY}/AppraisalReportEffectiveDate`, '2019-09'),
  },
  { id: 'UAD1505', sample: 'SF1', mutate: (root) => set(signatories(root)[0]!, EXECUTION, '2019-09-23') },
  { id: 'UAD1507', sample: 'SF1', mutate: (root) => set(signatories(root)[0]!, EXECUTION, '2019-09') },
  {
    id: 'UAD1535',
    sample: 'SF1',
    mutate: (root) => relationships(root, 'SIGNATORY_IsAssociatedWith_ROLE')[0]!.remove(),
  },
  { id: 'UAD1536', sample: 'SF1', mutate: (root) => set(signatories(root)[0]!, EXECUTION, '2019-09-19') },
  {
    id: 'UAD1611',
    sample: 'SF1',
    mutate: (root) =>
      addPath(subject(root), `${TAX_EXEMPTION}/TaxAbatementsOrExemptionsExpirationDate`, '2019-08'),
  },
  {
    id: 'UAD1721',
    sample: 'MH1',
    mutate: withText(subject, `${MANUFACTURED_HOME}/ManufacturedHomeManufactureDate`, '2019-01'),
  },
  {
    id: 'UAD1727',
    sample: 'SF1',
    mutate: (root) =>
      addPath(subject(root), `${TAX_EXEMPTION}/TaxAbatementsOrExemptionsExpirationDate`, '2030-1'),
  },
  {
    id: 'UAD1741',
    sample: 'SF1',
    mutate: (root) => add(subject(root), DETAIL, 'CooperativeProprietaryLeaseExpirationDate', '2050'),
  },
  {
    id: 'UAD1755',
    sample: 'SF1',
    mutate: (root) =>
      reconsidered(root, undefined, { ReconsiderationOfValueResultDate: '20 September 2019' }),
  },
  {
    id: 'UAD1756',
    sample: 'SF1',
    mutate: (root) => reconsidered(root, undefined, { ReconsiderationOfValueResultDate: '2019-09-19' }),
  },

  // Inspections and photos
  {
    id: 'UAD1268',
    sample: 'SF1',
    mutate: (root) =>
      repeat(
        where(subject(root), 'INSPECTIONS/INSPECTION', 'INSPECTION_DETAIL/InspectionDate', '2019-09-20'),
        'INSPECTION_DETAIL',
      ),
  },
  {
    id: 'UAD1274',
    sample: 'SF1',
    mutate: (root) =>
      subject(root)
        .select(`${IMAGE}/ImageCategoryType`)
        .filter((category) => category.text === 'DwellingFront')
        .forEach((category) => (category.text = 'PropertyPhoto')),
  },
  {
    id: 'UAD1279',
    sample: 'SF1',
    mutate: (root) =>
      drop(where(subject(root), `${UNIT}/ROOMS/ROOM`, 'ROOM_DETAIL/RoomType', 'HalfBathroom'), 'IMAGES'),
  },
  {
    id: 'UAD1283',
    sample: 'SF1',
    mutate: (root) =>
      set(
        where(subject(root), IMAGE, 'ImageCategoryType', 'SalesComparableMap'),
        'ImageCategoryType',
        'FloorPlan',
      ),
  },
  { id: 'UAD1556', sample: 'SF1', mutate: without(subject, `${INSPECTION_DETAIL}/InspectionDate`) },
  {
    id: 'UAD1557',
    sample: 'SF1',
    mutate: withText(subject, `${INSPECTION_DETAIL}/InspectionDate`, '2019-09-21'),
  },
  {
    id: 'UAD1558',
    sample: 'SF1',
    mutate: without(subject, `${INSPECTION_DETAIL}/PropertyExteriorInspectionMethodType`),
  },
  {
    id: 'UAD1559',
    sample: 'SF1',
    mutate: without(subject, `${INSPECTION_DETAIL}/PropertyInteriorInspectionMethodType`),
  },
  { id: 'UAD1705', sample: 'SF1', mutate: without(subject, `${IMAGE}/ImageFileLocationIdentifier`) },
  { id: 'UAD1707', sample: 'SF1', mutate: without(subject, `${IMAGE}/MIMETypeIdentifier`) },
  {
    id: 'UAD1723',
    sample: 'SF1',
    mutate: withText(subject, `${INSPECTION_DETAIL}/InspectionDate`, '09/20/2019'),
  },
  {
    id: 'UAD1736',
    sample: 'SF1',
    mutate: without(subject, 'CAR_STORAGES/CAR_STORAGE/IMAGES/IMAGE/ImageFileLocationIdentifier'),
  },
  {
    id: 'UAD1737',
    sample: 'SF3',
    mutate: without(
      subject,
      `${UNIT}/INTERIOR_COMPONENTS/INTERIOR_COMPONENT/IMAGES/IMAGE/ImageFileLocationIdentifier`,
    ),
  },
  {
    id: 'UAD1738',
    sample: 'SF1',
    mutate: without(subject, `${UNIT}/ROOMS/ROOM/IMAGES/IMAGE/ImageFileLocationIdentifier`),
  },
  {
    id: 'UAD1739',
    sample: 'SF1',
    mutate: without(
      subject,
      'PROPERTY_AMENITY/AMENITY_CATEGORIES/AMENITY_CATEGORY/AMENITIES/AMENITY/IMAGES/IMAGE/ImageFileLocationIdentifier',
    ),
  },
  {
    id: 'UAD1740',
    sample: 'SF1',
    mutate: without(subject, 'PROPERTY_DEFECT/DEFECTS/DEFECT/IMAGES/IMAGE/ImageFileLocationIdentifier'),
  },
  {
    id: 'UAD1747',
    sample: 'SF1',
    mutate: (root) => relationships(root, 'INSPECTION_CompletedBy_ROLE')[0]!.remove(),
  },

  // Appraisers, supervisors and their licenses
  {
    id: 'UAD1524',
    sample: 'TwoToFour',
    mutate: (root) => drop(party(root, 'AppraiserSupervisor'), 'INDIVIDUAL/NAME/FirstName'),
  },
  {
    id: 'UAD1525',
    sample: 'TwoToFour',
    mutate: (root) => drop(party(root, 'AppraiserSupervisor'), 'INDIVIDUAL/NAME/LastName'),
  },
  {
    id: 'UAD1526',
    sample: 'TwoToFour',
    mutate: (root) => drop(role(root, 'AppraiserSupervisor'), `${APPRAISER_LICENSE}/AppraiserLicenseType`),
  },
  {
    id: 'UAD1527',
    sample: 'TwoToFour',
    mutate: (root) =>
      set(role(root, 'AppraiserSupervisor'), `${APPRAISER_LICENSE}/AppraiserLicenseType`, 'Other'),
  },
  {
    id: 'UAD1528',
    sample: 'TwoToFour',
    mutate: (root) => drop(role(root, 'AppraiserSupervisor'), `${LICENSE_DETAIL}/LicenseExpirationDate`),
  },
  {
    id: 'UAD1529',
    sample: 'SF1',
    mutate: (root) => set(role(root, 'Appraiser'), `${LICENSE_DETAIL}/LicenseExpirationDate`, '2019-09-19'),
  },
  {
    id: 'UAD1530',
    sample: 'SF1',
    mutate: (root) => set(role(root, 'Appraiser'), `${LICENSE_DETAIL}/LicenseExpirationDate`, '2020-10'),
  },
  {
    id: 'UAD1531',
    sample: 'TwoToFour',
    mutate: (root) => drop(role(root, 'AppraiserSupervisor'), `${LICENSE_DETAIL}/LicenseIdentifier`),
  },
  {
    id: 'UAD1532',
    sample: 'TwoToFour',
    mutate: (root) =>
      drop(role(root, 'AppraiserSupervisor'), `${LICENSE_DETAIL}/LicenseIssuingAuthorityStateCode`),
  },
  {
    id: 'UAD1533',
    sample: 'SF1',
    mutate: (root) =>
      set(role(root, 'Appraiser'), `${LICENSE_DETAIL}/LicenseIssuingAuthorityStateCode`, 'MD'),
  },
  {
    id: 'UAD1534',
    sample: 'SF1',
    mutate: (root) =>
      set(role(root, 'Appraiser'), `${APPRAISER_LICENSE}/AppraiserLicenseType`, 'TraineeAppraiser'),
  },
  {
    id: 'UAD1544',
    sample: 'SF1',
    mutate: (root) => drop(party(root, 'Appraiser'), 'INDIVIDUAL/NAME/FirstName'),
  },
  {
    id: 'UAD1545',
    sample: 'SF1',
    mutate: (root) => drop(party(root, 'Appraiser'), 'INDIVIDUAL/NAME/LastName'),
  },
  {
    id: 'UAD1546',
    sample: 'SF1',
    mutate: (root) => drop(role(root, 'Appraiser'), `${APPRAISER_LICENSE}/AppraiserLicenseType`),
  },
  {
    id: 'UAD1548',
    sample: 'SF1',
    mutate: (root) => drop(role(root, 'Appraiser'), `${LICENSE_DETAIL}/LicenseExpirationDate`),
  },
  {
    id: 'UAD1551',
    sample: 'SF1',
    mutate: (root) => drop(role(root, 'Appraiser'), `${LICENSE_DETAIL}/LicenseIdentifier`),
  },
  {
    id: 'UAD1552',
    sample: 'SF1',
    mutate: (root) => drop(role(root, 'Appraiser'), `${LICENSE_DETAIL}/LicenseIssuingAuthorityStateCode`),
  },
  // The role's type blanked: its label, which relationships point at, stays.
  {
    id: 'UAD1554',
    sample: 'SF1',
    mutate: (root) => set(role(root, 'Appraiser'), 'ROLE_DETAIL/PartyRoleType', ''),
  },
  { id: 'UAD1722', sample: 'SF1', mutate: (root) => repeat(party(root, 'Appraiser'), 'ROLES/ROLE') },
  {
    id: 'UAD1759',
    sample: 'TwoToFour',
    mutate: (root) => repeat(party(root, 'AppraiserSupervisor'), 'ROLES/ROLE'),
  },

  // The other parties
  {
    id: 'UAD1537',
    sample: 'SF1',
    mutate: (root) => drop(party(root, 'Client'), 'ADDRESSES/ADDRESS/AddressLineText'),
  },
  {
    id: 'UAD1538',
    sample: 'SF1',
    mutate: (root) => drop(party(root, 'Client'), 'ADDRESSES/ADDRESS/CityName'),
  },
  {
    id: 'UAD1539',
    sample: 'SF1',
    mutate: (root) => drop(party(root, 'Client'), 'ADDRESSES/ADDRESS/PostalCode'),
  },
  {
    id: 'UAD1540',
    sample: 'SF1',
    mutate: (root) => drop(party(root, 'Client'), 'ADDRESSES/ADDRESS/StateCode'),
  },
  {
    id: 'UAD1541',
    sample: 'SF1',
    mutate: (root) => {
      // A client that is the investor rather than the lender: a lender without a name is UAD1560.
      set(role(root, 'Lender'), 'ROLE_DETAIL/PartyRoleType', 'Investor');
      drop(party(root, 'Client'), 'LEGAL_ENTITY/LEGAL_ENTITY_DETAIL/FullName');
    },
  },
  {
    id: 'UAD1542',
    sample: 'SF1',
    mutate: (root) => set(role(root, 'Client'), 'ROLE_DETAIL/PartyRoleType', 'Investor'),
  },
  {
    id: 'UAD1543',
    sample: 'SF1',
    mutate: (root) => set(role(root, 'Lender'), 'ROLE_DETAIL/PartyRoleType', ''),
  },
  {
    id: 'UAD1555',
    sample: 'SF1',
    mutate: (root) => set(role(root, 'Borrower'), 'ROLE_DETAIL/PartyRoleType', 'Other'),
  },
  {
    id: 'UAD1560',
    sample: 'SF1',
    mutate: (root) => drop(party(root, 'ManagementCompany'), 'LEGAL_ENTITY/LEGAL_ENTITY_DETAIL/FullName'),
  },
  {
    id: 'UAD1561',
    sample: 'SF1',
    mutate: (root) =>
      drop(party(root, 'SignificantRealPropertyAppraisalAssistance'), 'INDIVIDUAL/NAME/FirstName'),
  },
  {
    id: 'UAD1562',
    sample: 'SF1',
    mutate: (root) =>
      drop(party(root, 'SignificantRealPropertyAppraisalAssistance'), 'INDIVIDUAL/NAME/LastName'),
  },
  {
    id: 'UAD1563',
    sample: 'SF1',
    mutate: (root) =>
      drop(
        role(root, 'SignificantRealPropertyAppraisalAssistance'),
        'ROLE_DETAIL/PartyRoleTypeAdditionalDescription',
      ),
  },
  {
    id: 'UAD1699',
    sample: 'SF1',
    mutate: (root) => {
      // The seller is also the owner in every sample: the owner's role goes, or UAD1700 fires too.
      set(role(root, 'PropertyOwner'), 'ROLE_DETAIL/PartyRoleType', '');
      drop(party(root, 'PropertySeller'), 'INDIVIDUAL/NAME/LastName');
    },
  },
  {
    id: 'UAD1700',
    sample: 'MH1',
    mutate: (root) => {
      const owner = root
        .select(`${SERVICES}/PARTIES/PARTY`)
        .find((candidate) =>
          candidate
            .select('ROLES/ROLE/ROLE_DETAIL/PartyRoleType')
            .every((type) => type.text === 'PropertyOwner'),
        )!;
      drop(owner, 'INDIVIDUAL/NAME/LastName');
    },
  },
  {
    id: 'UAD1701',
    sample: 'SF1',
    mutate: (root) => drop(party(root, 'Borrower'), 'INDIVIDUAL/NAME/LastName'),
  },

  // The market
  {
    id: 'UAD1626',
    sample: 'SF1',
    mutate: without(subject, 'MARKET/MARKET_DETAIL/MarketBoundariesDescription'),
  },
  {
    id: 'UAD1627',
    sample: 'SF1',
    mutate: without(subject, 'MARKET/MARKET_DETAIL/MarketInventoryLookbackMonthsCount'),
  },
  {
    id: 'UAD1629',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'ActiveListings'), 'MarketInventoryCount'),
  },
  {
    id: 'UAD1630',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'ActiveListings'), 'MarketInventoryHighestPriceAmount'),
  },
  {
    id: 'UAD1631',
    sample: 'SF1',
    mutate: (root) => set(inventory(root, 'ActiveListings'), 'MarketInventoryHighestPriceAmount', '0'),
  },
  {
    id: 'UAD1632',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'ActiveListings'), 'MarketInventoryLowestPriceAmount'),
  },
  {
    id: 'UAD1633',
    sample: 'SF1',
    mutate: (root) => set(inventory(root, 'ActiveListings'), 'MarketInventoryLowestPriceAmount', '-1'),
  },
  {
    id: 'UAD1634',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'ActiveListings'), 'MarketInventoryMedianDaysOnMarketCount'),
  },
  {
    id: 'UAD1635',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'ActiveListings'), 'MarketInventoryMedianPriceAmount'),
  },
  {
    id: 'UAD1636',
    sample: 'SF1',
    mutate: (root) => set(inventory(root, 'ActiveListings'), 'MarketInventoryMedianPriceAmount', '0'),
  },
  { id: 'UAD1637', sample: 'SF1', mutate: (root) => twin(inventory(root, 'ActiveListings')) },
  { id: 'UAD1638', sample: 'SF1', mutate: (root) => inventory(root, 'ActiveListings').remove() },
  {
    id: 'UAD1639',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'PendingSales'), 'MarketInventoryCount'),
  },
  { id: 'UAD1640', sample: 'SF1', mutate: (root) => twin(inventory(root, 'PendingSales')) },
  { id: 'UAD1641', sample: 'SF1', mutate: (root) => inventory(root, 'PendingSales').remove() },
  {
    id: 'UAD1642',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'TotalSales'), 'MarketInventoryCount'),
  },
  {
    id: 'UAD1643',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'TotalSales'), 'MarketInventoryHighestPriceAmount'),
  },
  {
    id: 'UAD1644',
    sample: 'SF1',
    mutate: (root) => set(inventory(root, 'TotalSales'), 'MarketInventoryHighestPriceAmount', '0'),
  },
  {
    id: 'UAD1645',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'TotalSales'), 'MarketInventoryLowestPriceAmount'),
  },
  {
    id: 'UAD1646',
    sample: 'SF1',
    mutate: (root) => set(inventory(root, 'TotalSales'), 'MarketInventoryLowestPriceAmount', '0'),
  },
  {
    id: 'UAD1647',
    sample: 'SF1',
    mutate: (root) => drop(inventory(root, 'TotalSales'), 'MarketInventoryMedianPriceAmount'),
  },
  {
    id: 'UAD1648',
    sample: 'SF1',
    mutate: (root) => set(inventory(root, 'TotalSales'), 'MarketInventoryMedianPriceAmount', '0'),
  },
  { id: 'UAD1649', sample: 'SF1', mutate: (root) => twin(inventory(root, 'TotalSales')) },
  { id: 'UAD1650', sample: 'SF1', mutate: (root) => inventory(root, 'TotalSales').remove() },
  { id: 'UAD1652', sample: 'SF1', mutate: without(subject, 'MARKET/MARKET_TREND/MarketSupplyTrendType') },
  {
    id: 'UAD1653',
    sample: 'SF1',
    mutate: without(subject, 'MARKET/MARKET_TREND/MarketTrendsForeclosureActivityIndicator'),
  },
  {
    id: 'UAD1656',
    sample: 'TwoToFour',
    mutate: without(subject, 'MARKET/MARKET_TREND/PriceTrendsAnalysisDescription'),
  },
  {
    id: 'UAD1657',
    sample: 'SF1',
    mutate: (root) =>
      drop(where(analysis(root), 'DATA_SOURCES/DATA_SOURCE', 'DataSourceName', 'MLS'), 'DataSourceName'),
  },

  // Commentaries
  { id: 'UAD1037', sample: 'SF1', mutate: (root) => twin(commentary(root, 'Market')) },
  {
    id: 'UAD1038',
    sample: 'MH1',
    mutate: (root) => commentary(root, 'PropertySpecialTaxAssessments').remove(),
  },
  {
    id: 'UAD1039',
    sample: 'MH1',
    mutate: (root) => drop(commentary(root, 'PropertySpecialTaxAssessments'), 'ValuationCommentText'),
  },
  {
    id: 'UAD1375',
    sample: 'TwoToFour',
    mutate: (root) => drop(commentary(root, 'HazardZones'), 'ValueMarketabilityImpactType'),
  },
  {
    id: 'UAD1378',
    sample: 'TwoToFour',
    mutate: (root) => drop(commentary(root, 'ZoningCompliance'), 'ValueMarketabilityImpactType'),
  },
  { id: 'UAD1386', sample: 'SF5', mutate: (root) => commentary(root, 'OverallQualityAndCondition').remove() },
  {
    id: 'UAD1387',
    sample: 'SF5',
    mutate: (root) => drop(commentary(root, 'OverallQualityAndCondition'), 'ValuationCommentText'),
  },
  {
    id: 'UAD1388',
    sample: 'SF1',
    mutate: (root) => drop(commentary(root, 'Market'), 'ValuationAnalysisCategoryType'),
  },
  {
    id: 'UAD1763',
    sample: 'TwoToFour',
    mutate: (root) => drop(commentary(root, 'ComparableRental'), 'ValuationCommentText'),
  },
  {
    id: 'UAD1765',
    sample: 'TwoToFour',
    mutate: (root) => set(commentary(root, 'HazardZones'), 'ValuationCommentText', 'x'.repeat(141)),
  },
  {
    id: 'UAD1766',
    sample: 'Condo1',
    mutate: (root) => set(commentary(root, 'ProjectLegalAction'), 'ValuationCommentText', 'x'.repeat(211)),
  },
  {
    id: 'UAD1767',
    sample: 'MH1',
    mutate: (root) =>
      set(commentary(root, 'PropertySpecialTaxAssessments'), 'ValuationCommentText', 'x'.repeat(541)),
  },
  {
    id: 'UAD1768',
    sample: 'SF2',
    mutate: (root) => set(commentary(root, 'SiteInfluences'), 'ValuationCommentText', 'x'.repeat(2501)),
  },

  // Relationships
  {
    id: 'UAD1183',
    sample: 'SF1',
    mutate: (root) => relationships(root, 'DATA_SOURCE_IsDataSourceFor_PROPERTY_UNIT_AREA')[0]!.remove(),
  },
  {
    id: 'UAD1200',
    sample: 'SF1',
    mutate: (root) =>
      relationships(root, 'DATA_SOURCE_IsDataSourceFor_PriorSalesOrTransfersIndicator')
        .find(
          (link) => link.attribute('to') === 'PriorSalesOrTransfersIndicator_SubjectPropertyNoPriorSales',
        )!
        .remove(),
  },
  {
    id: 'UAD1202',
    sample: 'SF2',
    mutate: (root) => {
      const labels = subject(root)
        .select(HISTORY)
        .map((history) => history.attribute('label'));
      relationships(root, 'DATA_SOURCE_IsDataSourceFor_SALES_HISTORY')
        .filter((link) => labels.includes(link.attribute('to')))
        .forEach((link) => link.remove());
    },
  },
  {
    id: 'UAD1209',
    sample: 'MH1',
    mutate: (root) =>
      relationships(root, 'DATA_SOURCE_IsDataSourceFor_LISTING_INFORMATION_SUMMARY')[0]!.remove(),
  },
  {
    id: 'UAD1614',
    sample: 'SF1',
    mutate: (root) => relationships(root, 'DATA_SOURCE_IsDataSourceFor_PROJECT')[0]!.remove(),
  },
  {
    id: 'UAD1658',
    sample: 'SF1',
    mutate: (root) => relationships(root, 'DATA_SOURCE_IsDataSourceFor_MARKET_TREND')[0]!.remove(),
  },
  {
    id: 'UAD1685',
    sample: 'Condo1',
    mutate: (root) => relationships(root, 'DEFECT_ContainsDefectOf_AMENITY')[0]!.remove(),
  },
  {
    id: 'UAD1686',
    sample: 'SF1',
    mutate: withText(subject, `${DETAIL}/VehicleStorageDefectsExistIndicator`, 'true'),
  },
  {
    id: 'UAD1689',
    sample: 'SF1',
    mutate: (root) => relationships(root, 'DEFECT_ContainsDefectOf_IMPROVEMENT')[0]!.remove(),
  },
  {
    id: 'UAD1690',
    sample: 'SF1',
    mutate: withText(subject, 'SITE/SITE_DETAIL/SiteDefectsExistIndicator', 'true'),
  },
  {
    id: 'UAD1691',
    sample: 'SF1',
    mutate: (root) => relationships(root, 'DEFECT_ContainsDefectOf_PROPERTY_UNIT')[0]!.remove(),
  },
  {
    id: 'UAD1692',
    sample: 'MH1',
    mutate: (root) => {
      const outbuildings = subject(root)
        .select(IMPROVEMENT)
        .filter((improvement) => improvement.value('IMPROVEMENT_DETAIL/ImprovementType') === 'Outbuilding')
        .map((improvement) => improvement.attribute('label'));
      relationships(root, 'DEFECT_ContainsDefectOf_IMPROVEMENT')
        .filter((link) => outbuildings.includes(link.attribute('to')))
        .forEach((link) => link.remove());
    },
  },
  {
    id: 'UAD1717',
    sample: 'SF1',
    mutate: (root) => twin(relationships(root, 'DATA_SOURCE_IsDataSourceFor_MARKET_TREND')[0]!),
  },
  {
    id: 'UAD1718',
    sample: 'SF1',
    mutate: (root) =>
      setAttribute(
        relationships(root, 'DATA_SOURCE_IsDataSourceFor_MARKET_TREND')[0]!,
        'from',
        'DATA_SOURCE_Nowhere',
      ),
  },
  {
    id: 'UAD1719',
    sample: 'SF1',
    mutate: (root) =>
      setAttribute(
        relationships(root, 'DATA_SOURCE_IsDataSourceFor_PROPERTY').find(
          (link) => link.attribute('from') === 'DATA_SOURCE_AssessorRecord',
        )!,
        'to',
        'PROPERTY_Nowhere',
      ),
  },
];

describe('the catalog of Appendix H-1', () => {
  it('reads quoted fields with commas, newlines and doubled quotes, after a byte order mark', () => {
    const text =
      '\uFEFFid,text\r\nUAD9001,"Provide the ""Contract Price"", then\nthe date."\nUAD9002,plain\n';
    expect(parseCsv(text)).toEqual([
      ['id', 'text'],
      ['UAD9001', 'Provide the "Contract Price", then\nthe date.'],
      ['UAD9002', 'plain'],
    ]);
  });

  it('gives each message id its severity, text, xPath and limits, and keeps an id published twice fatal', () => {
    const header =
      'Unique ID,Primary Data Element,Message ID,Message Text,Rule Logic,Severity,Property Affected,Report Section,Report Subsection,Report Label / Value,Data Point Name / Value,xPath,Related Value(s),Date Format,Number Format,Min Value,Max Value';
    const catalog = readCatalog(
      [
        header,
        '1,DwellingCount,UAD9001,"The count, at least %PV%.",If DwellingCount < 1,Warning,Subject,,,,DwellingCount,../A/,,,,1,',
        '2,DwellingCount,UAD9001,Another row.,If DwellingCount < 1,Fatal,Subject,,,,DwellingCount,../B/,,,,,',
        '3,AppraisalReportEffectiveDate,UAD9002,In the future.,If in the future,Fatal,N/A,,,,X,../C/,,CCYY-MM-DD,,,"""Current + 1"""',
      ].join('\n'),
    );
    expect(catalog.get('UAD9001')).toMatchObject({
      severity: 'fatal',
      text: 'The count, at least %PV%.',
      xPath: '../A/',
      xPaths: ['../A/', '../B/'],
      min: '1',
      max: null,
    });
    expect(catalog.get('UAD9002')).toMatchObject({
      severity: 'fatal',
      max: 'Current + 1',
      dateFormat: 'CCYY-MM-DD',
    });
    expect(fillMessage('%PV% is after %RV1% (%RV2%)', '2019-10-01', ['2019-09-20'])).toBe(
      '2019-10-01 is after 2019-09-20 (not provided)',
    );
  });

  it('has every implemented rule, and the published file has 729 rules with unique message ids', () => {
    expect(h1Catalog().size).toBe(729);
    expect(H1_RULE_IDS.filter((id) => !h1Catalog().has(id))).toEqual([]);
  });
});

describe('the GSE sample reports', () => {
  /** The warnings each sample gives; none: every sample is written to pass the rules. */
  const WARNINGS: Record<Sample, string[]> = {
    SF1: [],
    SF5: [],
    TwoToFour: [],
    Condo1: [],
    MH1: [],
    SF2: [],
    SF3: [],
    SF4: [],
  };

  it.each(SAMPLES)('%s passes every rule the day after it was signed', (sample) => {
    const findings = runH1Rules(sampleTree(sample), asOfFor(sample));
    expect(findings.filter((finding) => finding.severity === 'fatal')).toEqual([]);
    expect(findings.map((finding) => `${finding.id} ${finding.field}`)).toEqual(WARNINGS[sample]);
  });

  it('are checked by every rule in well under 50 ms each', () => {
    for (const sample of SAMPLES) {
      const root = sampleTree(sample);
      const asOf = asOfFor(sample);
      runH1Rules(root, asOf);
      const started = performance.now();
      runH1Rules(root, asOf);
      expect(performance.now() - started).toBeLessThan(50);
    }
  });
});

describe('each rule', () => {
  it('has a mutation below, and each mutation is of an implemented rule', () => {
    expect(MUTATIONS.map((mutation) => mutation.id).toSorted()).toEqual([...H1_RULE_IDS].toSorted());
  });

  it.each(MUTATIONS)('$id fires, alone, on $sample changed', ({ id, sample, mutate }) => {
    const root = copy(sampleTree(sample), null);
    mutate(root);
    const fired = firedIds(root, sample);
    const before = baseline(sample);
    expect({
      gained: [...fired].filter((other) => !before.has(other)),
      lost: [...before].filter((other) => !fired.has(other)),
    }).toEqual({ gained: [id], lost: [] });
  });

  it('names the element it fires on, with its line', () => {
    const root = copy(sampleTree('SF1'), null);
    set(subject(root), 'ADDRESS/PostalCode', '1234');
    drop(subject(root), 'ADDRESS/CityName');
    const findings = runH1Rules(root, asOfFor('SF1'));
    const postal = one(subject(root), 'ADDRESS/PostalCode');
    expect(findings.find((finding) => finding.id === 'UAD1005')).toEqual({
      id: 'UAD1005',
      source: 'uad',
      severity: 'fatal',
      message: h1Catalog().get('UAD1005')!.text,
      field: postal.path(),
      line: postal.line,
    });
    expect(findings.find((finding) => finding.id === 'UAD1002')).toMatchObject({
      field: `${one(subject(root), 'ADDRESS').path()}/CityName`,
      line: one(subject(root), 'ADDRESS').line,
    });
  });
});

describe('docs/report-rules.md', () => {
  it('lists the rules the service implements (run npm run docs:reports after changing them)', async () => {
    const { renderReportRulesDocument } = await import('../../src/reports/h1/rules-document.ts');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(new URL('../../docs/report-rules.md', import.meta.url), 'utf8')).toBe(
      renderReportRulesDocument(),
    );
  });
});
