import type { XmlNode } from '../xml-tree.ts';
import { catalogEntry, numericLimit } from './catalog.ts';
import { propertiesOfUse, type H1Document } from './document.ts';
import {
  absent,
  at,
  otherDescribed,
  notUnique,
  required,
  subjectProperty,
  valueIs,
  type H1Rule,
} from './rule.ts';
import { decimal, isFalse, isTrue, yearOf } from './values.ts';

/**
 * The subject as a whole (PROPERTY_DETAIL) and its dwellings: how many dwellings and living
 * units it has, and whether the counts agree with the improvements and units delivered.
 */
const DETAIL = { owners: subjectProperty, within: 'PROPERTY_DETAIL' };
const IMPROVEMENT_DETAILS = 'IMPROVEMENTS/IMPROVEMENT/IMPROVEMENT_DETAIL';

const isDwelling = (improvement: XmlNode) =>
  valueIs(improvement, 'IMPROVEMENT_DETAIL/ImprovementType', 'Dwelling');
const subjectImprovements = (document: H1Document) =>
  document.subject?.select('IMPROVEMENTS/IMPROVEMENT') ?? [];
const unitDetails = (improvement: XmlNode) =>
  improvement.select('PROPERTY_UNITS/PROPERTY_UNIT/PROPERTY_UNIT_DETAIL');

/** The subject's PROPERTY_DETAIL/`name` element, when written. */
const detailOf = (document: H1Document, name: string) =>
  document.subject?.select(`PROPERTY_DETAIL/${name}`).find((node) => node.text !== '');

/** A count of PROPERTY_DETAIL that must equal what the file delivers (`counted`). */
function countEquals(id: string, name: string, counted: (document: H1Document) => number): H1Rule {
  return {
    id,
    check(document) {
      const node = detailOf(document, name);
      const count = decimal(node?.text);
      return node && count !== null && count !== counted(document) ? [at(node)] : [];
    },
  };
}

const unitsWithAduIndicator = (document: H1Document, test: (text: string | undefined) => boolean) =>
  subjectImprovements(document)
    .flatMap(unitDetails)
    .filter((unit) => test(unit.value('AccessoryDwellingUnitIndicator'))).length;

export const propertyRules: H1Rule[] = [
  required({ id: 'UAD1010', ...DETAIL, element: 'AccessoryDwellingUnitTotalCount' }),
  countEquals('UAD1011', 'AccessoryDwellingUnitTotalCount', (document) =>
    unitsWithAduIndicator(document, isTrue),
  ),
  required({ id: 'UAD1012', ...DETAIL, element: 'AttachmentType' }),
  required({ id: 'UAD1013', ...DETAIL, element: 'DwellingCount' }),
  countEquals(
    'UAD1016',
    'DwellingCount',
    (document) => subjectImprovements(document).filter(isDwelling).length,
  ),
  required({ id: 'UAD1017', ...DETAIL, element: 'LivingUnitExcludingADUCount' }),
  countEquals('UAD1019', 'LivingUnitExcludingADUCount', (document) =>
    unitsWithAduIndicator(document, isFalse),
  ),
  otherDescribed('UAD1022', subjectProperty, 'PROPERTY_DETAIL', 'PropertyEstateType'),
  required({ id: 'UAD1023', ...DETAIL, element: 'PUDIndicator' }),
  {
    id: 'UAD1032',
    check: (document) =>
      document.analysis && propertiesOfUse(document, 'SubjectProperty').length === 0
        ? [absent(document.analysis, 'PROPERTIES/PROPERTY', [])]
        : [],
  },
  {
    id: 'UAD1033',
    check: (document) =>
      propertiesOfUse(document, 'SubjectProperty')
        .slice(1)
        .map((property) => at(property, '')),
  },
  {
    id: 'UAD1034',
    check: (document) =>
      document.properties
        .filter((property) => !property.attribute('ValuationUseType'))
        .map((property) => at(property, '', [property.value('ADDRESS/AddressLineText')])),
  },
  required({ id: 'UAD1035', ...DETAIL, element: 'HomeownerResponsibleForExteriorMaintenanceIndicator' }),
  required({ id: 'UAD1040', ...DETAIL, element: 'NativeAmericanLandsIndicator' }),
  required({ id: 'UAD1042', ...DETAIL, element: 'PropertyInProjectIndicator' }),
  required({ id: 'UAD1045', ...DETAIL, element: 'PropertyAmenityExistsIndicator' }),
  required({
    id: 'UAD1046',
    ...DETAIL,
    element: 'SubjectPropertyAmenitiesDefectsExistIndicator',
    when: (detail) => isTrue(detail?.value('PropertyAmenityExistsIndicator')),
  }),
  required({
    id: 'UAD1047',
    owners: subjectProperty,
    within: IMPROVEMENT_DETAILS,
    element: 'ImprovementType',
    eachPresent: true,
  }),
  {
    id: 'UAD1048',
    check: (document) =>
      document.subject && !subjectImprovements(document).some(isDwelling)
        ? [absent(document.subject, `${IMPROVEMENT_DETAILS}/ImprovementType`, [])]
        : [],
  },
  required({ id: 'UAD1049', ...DETAIL, element: 'NewConstructionIndicator' }),
  required({
    id: 'UAD1050',
    owners: subjectProperty,
    within: IMPROVEMENT_DETAILS,
    element: 'PropertyStructureBuiltYear',
    eachPresent: true,
    when: (detail) => valueIs(detail, 'ImprovementType', 'Dwelling'),
  }),
  {
    // New construction is built the year of the effective date or the year before: the rule's
    // Min and Max Value (the logic's "within 1 year" read as they bound it).
    id: 'UAD1051',
    check(document) {
      const effectiveYear = yearOf(document.effectiveDate);
      const newConstruction = detailOf(document, 'NewConstructionIndicator');
      if (effectiveYear === null || !newConstruction || !isTrue(newConstruction.text)) return [];
      const outside = subjectImprovements(document)
        .filter(isDwelling)
        .flatMap((improvement) => improvement.select('IMPROVEMENT_DETAIL/PropertyStructureBuiltYear'))
        .filter((node) => {
          const built = yearOf(node.text);
          return built !== null && (built < effectiveYear - 1 || built > effectiveYear);
        });
      return outside.length > 0 ? [at(newConstruction, newConstruction.text)] : [];
    },
  },
  builtBefore('UAD1052', (document) => (document.subject ? [document.subject] : [])),
  {
    id: 'UAD1053',
    check(document) {
      const effectiveYear = yearOf(document.effectiveDate);
      if (effectiveYear === null) return [];
      return subjectImprovements(document)
        .filter(isDwelling)
        .flatMap((improvement) => {
          const node = improvement.select('IMPROVEMENT_DETAIL/PropertyStructureBuiltYear')[0];
          const built = yearOf(node?.text);
          if (!node || built === null) return [];
          // A dwelling in condition C1 may still be under construction: two years of leeway.
          const newest = valueIs(improvement, 'STRUCTURE/STRUCTURE_DETAIL/ExteriorConditionRatingCode', 'C1')
            ? effectiveYear + 2
            : effectiveYear;
          return built > newest ? [at(node)] : [];
        });
    },
  },
  required({
    id: 'UAD1054',
    owners: subjectProperty,
    within: IMPROVEMENT_DETAILS,
    element: 'PropertyStructureBuiltYearEstimatedIndicator',
    eachPresent: true,
    when: (detail) => valueIs(detail, 'ImprovementType', 'Dwelling'),
  }),
  {
    id: 'UAD1086',
    check: (document) =>
      subjectImprovements(document).flatMap((improvement) => {
        const node = improvement.select('STRUCTURE/STRUCTURE_DETAIL/LivingUnitCount')[0];
        const count = decimal(node?.text);
        const units = improvement.select('PROPERTY_UNITS/PROPERTY_UNIT').length;
        return node && count !== null && count !== units ? [at(node, node.text, [String(units)])] : [];
      }),
  },
  notUnique('UAD1092', (document) => [
    subjectImprovements(document).flatMap((improvement) =>
      improvement.select('STRUCTURE/STRUCTURE_DETAIL/StructureIdentifier'),
    ),
  ]),
  notUnique('UAD1171', (document) => [
    subjectImprovements(document).flatMap((improvement) =>
      unitDetails(improvement).flatMap((unit) => unit.all('UnitIdentifier')),
    ),
  ]),
  required({ id: 'UAD1384', ...DETAIL, element: 'OverallConditionRatingCode' }),
  required({ id: 'UAD1385', ...DETAIL, element: 'OverallQualityRatingCode' }),
  {
    id: 'UAD1693',
    check(document) {
      const adus = decimal(detailOf(document, 'AccessoryDwellingUnitTotalCount')?.text);
      const units = decimal(detailOf(document, 'LivingUnitExcludingADUCount')?.text);
      const node = detailOf(document, 'AccessoryDwellingUnitTotalCount');
      if (!node || adus === null || units === null) return [];
      const structures = subjectImprovements(document).flatMap((improvement) =>
        improvement.select('STRUCTURE/STRUCTURE_DETAIL/LivingUnitCount'),
      );
      const total = structures.reduce((sum, count) => sum + (decimal(count.text) ?? 0), 0);
      return adus + units !== total ? [at(node, String(adus + units), [String(total)])] : [];
    },
  },
  {
    id: 'UAD1694',
    check: (document) =>
      subjectImprovements(document)
        .filter(isDwelling)
        .filter(
          (improvement) =>
            !unitDetails(improvement).some((unit) => isFalse(unit.value('AccessoryDwellingUnitIndicator'))),
        )
        .map((improvement) =>
          absent(
            improvement,
            'PROPERTY_UNITS/PROPERTY_UNIT/PROPERTY_UNIT_DETAIL/AccessoryDwellingUnitIndicator',
          ),
        ),
  },
];

/** "PropertyStructureBuiltYear < 1800 in a given instance of IMPROVEMENT_DETAIL with ImprovementType = Dwelling". */
export function builtBefore(id: string, properties: (document: H1Document) => XmlNode[]): H1Rule {
  return {
    id,
    check(document) {
      const earliest = numericLimit(catalogEntry(id).min) ?? 1800;
      return properties(document)
        .flatMap((property) => property.select(IMPROVEMENT_DETAILS))
        .filter((detail) => valueIs(detail, 'ImprovementType', 'Dwelling'))
        .flatMap((detail) => detail.all('PropertyStructureBuiltYear'))
        .filter((node) => {
          const built = yearOf(node.text);
          return built !== null && built < earliest;
        })
        .map((node) => at(node));
    },
  };
}
