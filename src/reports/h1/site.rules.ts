import type { XmlNode } from '../xml-tree.ts';
import {
  absent,
  otherDescribed,
  propertiesUsedAs,
  provided,
  required,
  subjectProperty,
  valueIs,
  type H1Rule,
  type Owners,
} from './rule.ts';
import { decimal, isFalse } from './values.ts';

/** The site of the subject and of the sales comparables: size, utilities, views, zoning, hazards. */
const comparables = propertiesUsedAs('SalesComparable');
const ownedAlone = (property: XmlNode) =>
  isFalse(property.value('SITE/SITE_DETAIL/LandOwnedInCommonIndicator'));

const UTILITIES = 'SITE/SITE_UTILITIES/SITE_UTILITY/SITE_UTILITY_DETAIL';
const VIEWS = 'SITE/SITE_VIEWS/SITE_VIEW';
const ZONING = 'SITE/SITE_ZONING/SITE_ZONING_DETAIL';
const HAZARDS = 'SITE/HAZARD_ZONES/HAZARD_ZONE';
const ACCESS = 'SITE/PROPERTY_ACCESS/PROPERTY_ACCESS_DETAIL';
const HIGHEST_AND_BEST_USE = 'SITE/HIGHEST_AND_BEST_USE';

/** "If no instances of SITE_UTILITY_DETAIL with UtilityType = `utility` are provided" (warnings). */
function utilityListed(id: string, utility: string): H1Rule {
  return {
    id,
    check: (document) =>
      document.subject &&
      !document.subject.select(UTILITIES).some((detail) => valueIs(detail, 'UtilityType', utility))
        ? [absent(document.subject, `${UTILITIES}/UtilityType`, [])]
        : [],
  };
}

const highestAndBestUse = (id: string, element: string) =>
  required({ id, owners: subjectProperty, within: HIGHEST_AND_BEST_USE, element });

/** "If (at least one instance of X is not provided or XType is not provided in a given instance of X)". */
const listed = (id: string, owners: Owners, within: string, element: string) =>
  required({ id, owners, within, element });

export const siteRules: H1Rule[] = [
  required({
    id: 'UAD1036',
    owners: subjectProperty,
    within: 'SITE/SITE_DETAIL',
    element: 'LandOwnedInCommonIndicator',
  }),
  listed(
    'UAD1296',
    subjectProperty,
    'ENVIRONMENTAL_CONDITIONS/ENVIRONMENTAL_CONDITION',
    'EnvironmentalConditionType',
  ),
  required({
    id: 'UAD1298',
    owners: subjectProperty,
    within: 'ENVIRONMENTAL_CONDITIONS/ENVIRONMENTAL_CONDITION',
    element: 'EnvironmentalConditionProximityType',
    eachPresent: true,
    when: (condition) =>
      provided(condition, 'EnvironmentalConditionType') &&
      !valueIs(condition, 'EnvironmentalConditionType', 'None'),
    related: (condition) => [condition?.value('EnvironmentalConditionType')],
  }),
  listed('UAD1313', subjectProperty, HAZARDS, 'HazardZoneType'),
  otherDescribed('UAD1314', subjectProperty, HAZARDS, 'HazardZoneType'),
  required({
    id: 'UAD1315',
    owners: subjectProperty,
    within: HAZARDS,
    element: 'LavaFlowZoneCode',
    eachPresent: true,
    when: (zone) => valueIs(zone, 'HazardZoneType', 'USGSLavaFlowZone'),
  }),
  required({
    id: 'UAD1316',
    owners: subjectProperty,
    within: ACCESS,
    element: 'PrivateStreetMaintenanceAgreementExistIndicator',
    eachPresent: true,
    when: (access) => valueIs(access, 'PropertyPrimaryEntryExitMethodType', 'PrivateStreet'),
  }),
  required({
    id: 'UAD1317',
    owners: subjectProperty,
    within: ACCESS,
    element: 'PropertyAccessTypicalToMarketIndicator',
  }),
  required({
    id: 'UAD1318',
    owners: subjectProperty,
    within: ACCESS,
    element: 'PropertyPrimaryEntryExitMethodType',
  }),
  listed(
    'UAD1323',
    subjectProperty,
    'SITE/SITE_FEATURES/SITE_FEATURE/SITE_FEATURE_DETAIL',
    'SiteFeatureType',
  ),
  listed(
    'UAD1328',
    subjectProperty,
    'SITE/SITE_INFLUENCES/SITE_INFLUENCE/SITE_INFLUENCE_DETAIL',
    'SiteInfluenceType',
  ),
  required({
    id: 'UAD1341',
    owners: subjectProperty,
    within: 'SITE/SITE_SIZE_LAYOUT',
    element: 'LotSizeAreaMeasure',
    when: (_layout, subject) => ownedAlone(subject),
  }),
  required({
    id: 'UAD1342',
    owners: subjectProperty,
    within: 'SITE/SITE_SIZE_LAYOUT',
    element: 'ParcelCount',
    when: (_layout, subject) => ownedAlone(subject),
  }),
  required({
    id: 'UAD1343',
    owners: subjectProperty,
    within: 'SITE/SITE_SIZE_LAYOUT',
    element: 'ParcelsContiguousIndicator',
    eachPresent: true,
    when: (layout, subject) => ownedAlone(subject) && (decimal(layout?.value('ParcelCount')) ?? 0) > 1,
  }),
  listed('UAD1344', subjectProperty, UTILITIES, 'UtilityType'),
  utilityListed('UAD1345', 'Electricity'),
  utilityListed('UAD1346', 'Water'),
  utilityListed('UAD1347', 'SanitarySewer'),
  otherDescribed('UAD1348', subjectProperty, UTILITIES, 'UtilityType'),
  required({
    id: 'UAD1349',
    owners: subjectProperty,
    within: UTILITIES,
    element: 'SiteUtilityOwnershipType',
    eachPresent: true,
    related: (detail) => [detail?.value('UtilityType')],
  }),
  listed('UAD1361', subjectProperty, VIEWS, 'ViewType'),
  otherDescribed('UAD1362', subjectProperty, VIEWS, 'ViewType'),
  required({
    id: 'UAD1363',
    owners: subjectProperty,
    within: VIEWS,
    element: 'ViewPrimaryIndicator',
    eachPresent: true,
    related: (view) => [view?.value('ViewType')],
  }),
  required({
    id: 'UAD1364',
    owners: subjectProperty,
    within: VIEWS,
    element: 'ViewRangeType',
    eachPresent: true,
    related: (view) => [view?.value('ViewType')],
  }),
  required({
    id: 'UAD1366',
    owners: subjectProperty,
    within: VIEWS,
    element: 'ValueMarketabilityImpactType',
    eachPresent: true,
    related: (view) => [view?.value('ViewType')],
  }),
  required({
    id: 'UAD1367',
    owners: subjectProperty,
    within: ZONING,
    element: 'SiteZoningClassificationIdentifier',
    eachPresent: true,
    when: (zoning) =>
      provided(zoning, 'SiteZoningComplianceType') &&
      !valueIs(zoning, 'SiteZoningComplianceType', 'NoZoning'),
  }),
  required({
    id: 'UAD1368',
    owners: subjectProperty,
    within: ZONING,
    element: 'SiteZoningClassificationDescription',
    eachPresent: true,
    when: (zoning) =>
      provided(zoning, 'SiteZoningComplianceType') &&
      !valueIs(zoning, 'SiteZoningComplianceType', 'NoZoning'),
  }),
  required({ id: 'UAD1369', owners: subjectProperty, within: ZONING, element: 'SiteZoningComplianceType' }),
  required({
    id: 'UAD1372',
    owners: subjectProperty,
    within: 'SITE/SITE_DETAIL',
    element: 'BroadbandInternetAvailableIndicator',
  }),
  required({
    id: 'UAD1373',
    owners: subjectProperty,
    within: 'SITE/SITE_DETAIL',
    element: 'SiteDefectsExistIndicator',
  }),
  listed('UAD1445', comparables, HAZARDS, 'HazardZoneType'),
  required({
    id: 'UAD1449',
    owners: comparables,
    within: 'SITE/SITE_SIZE_LAYOUT',
    element: 'LotSizeAreaMeasure',
    when: (_layout, comparable) => ownedAlone(comparable),
  }),
  listed('UAD1450', comparables, VIEWS, 'ViewType'),
  required({
    id: 'UAD1452',
    owners: comparables,
    within: 'SITE/SITE_DETAIL',
    element: 'LandOwnedInCommonIndicator',
  }),
  highestAndBestUse('UAD1659', 'FinanciallyFeasibleIndicator'),
  highestAndBestUse('UAD1660', 'LegallyPermissibleIndicator'),
  highestAndBestUse('UAD1661', 'MaximallyProductiveIndicator'),
  highestAndBestUse('UAD1662', 'PhysicallyPossibleIndicator'),
  highestAndBestUse('UAD1663', 'SiteHighestBestUseIndicator'),
  listed('UAD1680', subjectProperty, 'FUNCTIONAL_ISSUES/FUNCTIONAL_ISSUE', 'FunctionalIssueType'),
  listed(
    'UAD1683',
    subjectProperty,
    'DISASTER_MITIGATION_FEATURES/DISASTER_MITIGATION_FEATURE',
    'DisasterMitigationFeatureType',
  ),
  listed(
    'UAD1769',
    comparables,
    'SITE/SITE_INFLUENCES/SITE_INFLUENCE/SITE_INFLUENCE_DETAIL',
    'SiteInfluenceType',
  ),
];
