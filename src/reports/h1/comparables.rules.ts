import type { XmlNode } from '../xml-tree.ts';
import { catalogEntry, numericLimit } from './catalog.ts';
import { coordinateRule } from './coordinates.ts';
import { propertiesOfUse, scopeOfWork } from './document.ts';
import { builtBefore } from './property.rules.ts';
import {
  absent,
  at,
  notUnique,
  propertiesUsedAs,
  required,
  valueIs,
  type H1Rule,
  type Owners,
} from './rule.ts';
import { decimal, isFalse, isTrue } from './values.ts';

/**
 * The comparables: who they are (their ordinal numbers and addresses), where they are from the
 * subject, how they were listed, and the facts of each that the grid compares.
 */
const comparables = propertiesUsedAs('SalesComparable');
const COMPARABLE_DETAIL = 'COMPARABLE/COMPARABLE_DETAIL';
const LISTING = 'LISTING_INFORMATIONS/LISTING_INFORMATION/LISTING_INFORMATION_DETAIL';
const IMAGES = 'INSPECTIONS/INSPECTION/IMAGES/IMAGE';
const addressOf = (_container: XmlNode | null, property: XmlNode) => [
  property.value('ADDRESS/AddressLineText'),
];

/** "If @ValuationUseType = `use` and PropertyOrdinalNumber is not provided". */
const ordinalProvided = (id: string, use: string, related = addressOf) =>
  required({
    id,
    owners: propertiesUsedAs(use),
    within: COMPARABLE_DETAIL,
    element: 'PropertyOrdinalNumber',
    related,
  });

/** "If PropertyOrdinalNumber is not unique across all instances of PROPERTY with @ValuationUseType = `use`". */
const ordinalUnique = (id: string, use: string) =>
  notUnique(id, (document) => [
    propertiesOfUse(document, use).flatMap((property) =>
      property.select(`${COMPARABLE_DETAIL}/PropertyOrdinalNumber`),
    ),
  ]);

/** "If ProximityToSubjectDistanceLinearMeasure > 0, and ComparableToSubjectDirectionType is not provided". */
const directionGiven = (id: string, owners: Owners) =>
  required({
    id,
    owners,
    within: COMPARABLE_DETAIL,
    element: 'ComparableToSubjectDirectionType',
    eachPresent: true,
    when: (detail) => (decimal(detail?.value('ProximityToSubjectDistanceLinearMeasure')) ?? 0) > 0,
  });

/** A count of a comparable's PROPERTY_DETAIL below the published Min Value (UAD1472, UAD1475, UAD1248). */
function comparableCountAtLeast(id: string, use: string, name: string): H1Rule {
  return {
    id,
    check(document) {
      const least = numericLimit(catalogEntry(id).min) ?? 1;
      return propertiesOfUse(document, use)
        .flatMap((property) => property.select(`PROPERTY_DETAIL/${name}`))
        .filter((node) => {
          const count = decimal(node.text);
          return count !== null && count < least;
        })
        .map((node) => at(node));
    },
  };
}

const detail = (id: string, element: string) =>
  required({ id, owners: comparables, within: 'PROPERTY_DETAIL', element });

export const comparableRules: H1Rule[] = [
  detail('UAD1041', 'AccessoryDwellingUnitTotalCount'),
  // Unique within each comparable: two comparables are different properties.
  notUnique('UAD1093', (document) =>
    propertiesOfUse(document, 'SalesComparable').map((property) =>
      property.select('IMPROVEMENTS/IMPROVEMENT/STRUCTURE/STRUCTURE_DETAIL/StructureIdentifier'),
    ),
  ),
  ordinalProvided('UAD1225', 'LandComparable', (_detail, property) => [
    property.value('ADDRESS/AddressLineText'),
    property.value('PARCELS/PARCEL/PARCEL_IDENTIFICATIONS/PARCEL_IDENTIFICATION/ParcelIdentifier'),
  ]),
  ordinalUnique('UAD1226', 'LandComparable'),
  ordinalProvided('UAD1246', 'GrossRentMultiplierComparable'),
  ordinalUnique('UAD1247', 'GrossRentMultiplierComparable'),
  comparableCountAtLeast('UAD1248', 'GrossRentMultiplierComparable', 'LivingUnitExcludingADUCount'),
  {
    id: 'UAD1275',
    check: (document) =>
      propertiesOfUse(document, 'SalesComparable')
        .filter(
          (property) =>
            !property.select(IMAGES).some((image) => valueIs(image, 'ImageCategoryType', 'PropertyPhoto')),
        )
        .map((property) => absent(property, `${IMAGES}/ImageCategoryType`, [])),
  },
  required({
    id: 'UAD1276',
    owners: comparables,
    within: IMAGES,
    element: 'ImageFileLocationIdentifier',
    eachPresent: true,
    related: (image) => [image?.value('ImageCategoryType')],
  }),
  required({ id: 'UAD1390', owners: comparables, within: 'ADDRESS', element: 'AddressLineText' }),
  required({ id: 'UAD1391', owners: comparables, within: 'ADDRESS', element: 'CityName' }),
  required({ id: 'UAD1392', owners: comparables, within: 'ADDRESS', element: 'PostalCode' }),
  required({ id: 'UAD1393', owners: comparables, within: 'ADDRESS', element: 'StateCode' }),
  required({
    id: 'UAD1396',
    owners: comparables,
    within: COMPARABLE_DETAIL,
    element: 'ProximityToSubjectDistanceLinearMeasure',
  }),
  directionGiven('UAD1397', comparables),
  required({ id: 'UAD1402', owners: comparables, within: LISTING, element: 'ListingStatusType' }),
  {
    id: 'UAD1403',
    check: (document) =>
      propertiesOfUse(document, 'SalesComparable').flatMap((property) =>
        property
          .select('LISTING_INFORMATIONS/LISTING_INFORMATION')
          .slice(1)
          .map((listing) => at(listing, '')),
      ),
  },
  {
    id: 'UAD1404',
    check: (document) =>
      document.analysis &&
      isTrue(scopeOfWork(document, 'SalesComparisonApproachIndicator')) &&
      propertiesOfUse(document, 'SalesComparable').length === 0
        ? [absent(document.analysis, 'PROPERTIES/PROPERTY', [])]
        : [],
  },
  required({
    id: 'UAD1415',
    owners: comparables,
    within: 'IMPROVEMENTS/IMPROVEMENT/IMPROVEMENT_DETAIL',
    element: 'ImprovementType',
    eachPresent: true,
  }),
  required({
    id: 'UAD1416',
    owners: comparables,
    within: 'IMPROVEMENTS/IMPROVEMENT/IMPROVEMENT_DETAIL',
    element: 'PropertyStructureBuiltYear',
    eachPresent: true,
    when: (improvement) => valueIs(improvement, 'ImprovementType', 'Dwelling'),
  }),
  builtBefore('UAD1418', (document) => propertiesOfUse(document, 'SalesComparable')),
  required({ id: 'UAD1428', owners: comparables, within: LISTING, element: 'DaysOnMarketCount' }),
  required({
    id: 'UAD1429',
    owners: comparables,
    within: 'LOCATION_IDENTIFIER/GEOSPATIAL_INFORMATION',
    element: 'LatitudeIdentifier',
  }),
  required({
    id: 'UAD1430',
    owners: comparables,
    within: 'LOCATION_IDENTIFIER/GEOSPATIAL_INFORMATION',
    element: 'LongitudeIdentifier',
  }),
  ordinalProvided('UAD1431', 'SalesComparable'),
  ordinalUnique('UAD1432', 'SalesComparable'),
  detail('UAD1433', 'AttachmentType'),
  detail('UAD1434', 'OverallConditionRatingCode'),
  detail('UAD1435', 'OverallQualityRatingCode'),
  detail('UAD1436', 'PriorSalesOrTransfersIndicator'),
  detail('UAD1471', 'DwellingCount'),
  comparableCountAtLeast('UAD1472', 'SalesComparable', 'DwellingCount'),
  detail('UAD1473', 'HomeownerResponsibleForExteriorMaintenanceIndicator'),
  detail('UAD1474', 'LivingUnitExcludingADUCount'),
  comparableCountAtLeast('UAD1475', 'SalesComparable', 'LivingUnitExcludingADUCount'),
  detail('UAD1479', 'PropertyInProjectIndicator'),
  detail('UAD1480', 'PUDIndicator'),
  required({
    id: 'UAD1481',
    owners: comparables,
    within: COMPARABLE_DETAIL,
    element: 'ContractDateUnknownIndicator',
    when: (_detail, property) => valueIs(property, `${LISTING}/ListingStatusType`, 'Pending', 'SettledSale'),
  }),
  ordinalUnique('UAD1485', 'PropertyAnalyzedNotUsed'),
  directionGiven('UAD1492', propertiesUsedAs('RentalComparable')),
  required({
    id: 'UAD1493',
    owners: propertiesUsedAs('RentalComparable'),
    within: COMPARABLE_DETAIL,
    element: 'ProximityToSubjectDistanceLinearMeasure',
  }),
  ordinalProvided('UAD1494', 'RentalComparable'),
  ordinalUnique('UAD1495', 'RentalComparable'),
  required({
    id: 'UAD1708',
    owners: comparables,
    within: IMAGES,
    element: 'MIMETypeIdentifier',
    eachPresent: true,
    related: (image) => [image?.value('ImageCategoryType')],
  }),
  required({
    id: 'UAD1731',
    owners: comparables,
    within: 'SALES_CONTRACTS/SALES_CONTRACT/SALES_CONTRACT_DETAIL',
    element: 'SalesContractDate',
    when: (_contract, property) =>
      isFalse(property.value(`${COMPARABLE_DETAIL}/ContractDateUnknownIndicator`)),
  }),
  coordinateRule('UAD1748', comparables, 'LatitudeIdentifier'),
  coordinateRule('UAD1749', comparables, 'LongitudeIdentifier'),
];
