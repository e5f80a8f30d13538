import type { XmlNode } from '../xml-tree.ts';
import { rolesOfType, scopeOfWork, type H1Document } from './document.ts';
import { absent, at, required, subjectProperty, valueIs, type H1Rule, type Hit } from './rule.ts';
import { dayNumber, isFullDate, isTrue } from './values.ts';

/**
 * Who inspected the subject, how and when, and the photos the GSEs want of it: each
 * appraiser's and supervisor's inspection is tied to their role by a relationship.
 */
const INSPECTION_DETAILS = 'INSPECTIONS/INSPECTION/INSPECTION_DETAIL';
const IMAGES = 'INSPECTIONS/INSPECTION/IMAGES/IMAGE';
const REPORT_DETAIL = 'VALUATION_REPORT/VALUATION_REPORT_DETAIL';
const PHYSICAL_OR_VIRTUAL = ['Physical', 'Virtual'];
const NOT_PHYSICAL = ['Virtual', 'NoInspection'];

/** The INSPECTION elements tied to `role` by an INSPECTION_CompletedBy_ROLE relationship. */
function inspectionsOf(document: H1Document, role: XmlNode): XmlNode[] {
  const label = role.attribute('label');
  if (label === undefined) return [];
  return document.links
    .filter((link) => link.arcrole.endsWith('/INSPECTION_CompletedBy_ROLE') && link.to === label)
    .flatMap((link) => document.labelled(link.from))
    .filter((node) => node.name === 'INSPECTION');
}

/** The subject's inspection details: the form's "how was the property inspected". */
const subjectInspections = (document: H1Document) => document.subject?.select(INSPECTION_DETAILS) ?? [];

/**
 * "If PropertyInteriorInspectionMethodType is one of `interior` and PropertyExteriorInspectionMethodType
 * one of `exterior` for PartyRoleType = Appraiser, and ValuationReportInspectionCertificationType <>
 * `certification`" (warnings): the certification follows how the appraiser inspected.
 */
function certificationFollowsInspection(
  id: string,
  interior: string[],
  exterior: string[],
  certification: string,
): H1Rule {
  return {
    id,
    check(document) {
      const certified = document.analysis?.select(
        `${REPORT_DETAIL}/ValuationReportInspectionCertificationType`,
      )[0];
      if (!certified || certified.text === certification) return [];
      const hits: Hit[] = [];
      for (const { role } of rolesOfType(document, 'Appraiser'))
        for (const detail of inspectionsOf(document, role).flatMap((inspection) =>
          inspection.all('INSPECTION_DETAIL'),
        )) {
          const inside = detail.value('PropertyInteriorInspectionMethodType');
          const outside = detail.value('PropertyExteriorInspectionMethodType');
          if (
            inside !== undefined &&
            interior.includes(inside) &&
            outside !== undefined &&
            exterior.includes(outside)
          )
            hits.push(at(certified, certified.text, [inside, outside]));
        }
      return hits;
    },
  };
}

/** "If ImageFileLocationIdentifier is not provided in a given instance of IMAGE" under `images`. */
const imageFile = (id: string, images: string) =>
  required({
    id,
    owners: subjectProperty,
    within: images,
    element: 'ImageFileLocationIdentifier',
    eachPresent: true,
    related: (image) => [image?.value('ImageCategoryType')],
  });

/** The photos every subject has (UAD1274). */
const REQUIRED_PHOTOS = ['DwellingFront', 'PropertyAccess', 'PropertyPhoto'];
const KITCHENS_AND_BATHS = ['Kitchen', 'HalfBathroom', 'FullBathroom'];

export const inspectionRules: H1Rule[] = [
  {
    // One inspection detail per appraiser and supervisor (their inspection is found by UAD1747's relationship).
    id: 'UAD1268',
    check: (document) =>
      rolesOfType(document, 'Appraiser', 'AppraiserSupervisor').flatMap(({ role, type }) => {
        const inspections = inspectionsOf(document, role);
        if (inspections.length === 0) return [];
        const details = inspections.flatMap((inspection) => inspection.all('INSPECTION_DETAIL'));
        if (details.length === 0) return [absent(inspections[0]!, 'INSPECTION_DETAIL', [type])];
        return details.slice(1).map((detail) => at(detail, type));
      }),
  },
  {
    id: 'UAD1274',
    check(document) {
      const subject = document.subject;
      if (!subject) return [];
      const categories = new Set(subject.select(`${IMAGES}/ImageCategoryType`).map((node) => node.text));
      return REQUIRED_PHOTOS.filter((category) => !categories.has(category)).map((category) => ({
        ...absent(subject, `${IMAGES}/ImageCategoryType`),
        primary: category,
      }));
    },
  },
  {
    id: 'UAD1279',
    check: (document) =>
      (document.subject?.select('IMPROVEMENTS/IMPROVEMENT/PROPERTY_UNITS/PROPERTY_UNIT/ROOMS/ROOM') ?? [])
        .filter(
          (room) =>
            valueIs(room, 'ROOM_DETAIL/RoomType', ...KITCHENS_AND_BATHS) &&
            room.select('IMAGES/IMAGE').length === 0,
        )
        .map((room) => absent(room, 'IMAGES/IMAGE', [room.value('ROOM_DETAIL/RoomType')])),
  },
  {
    id: 'UAD1283',
    check: (document) =>
      document.subject &&
      isTrue(scopeOfWork(document, 'SalesComparisonApproachIndicator')) &&
      !document.subject
        .select(IMAGES)
        .some((image) => valueIs(image, 'ImageCategoryType', 'SalesComparableMap'))
        ? [{ ...absent(document.subject, `${IMAGES}/ImageCategoryType`), primary: 'SalesComparableMap' }]
        : [],
  },
  certificationFollowsInspection('UAD1516', ['Physical'], ['Physical'], 'InteriorAndExterior'),
  certificationFollowsInspection('UAD1517', NOT_PHYSICAL, NOT_PHYSICAL, 'NoPhysicalInspection'),
  certificationFollowsInspection('UAD1518', NOT_PHYSICAL, ['Physical'], 'Exterior'),
  required({
    id: 'UAD1556',
    owners: subjectProperty,
    within: INSPECTION_DETAILS,
    element: 'InspectionDate',
    eachPresent: true,
    when: (detail) =>
      valueIs(detail, 'PropertyExteriorInspectionMethodType', ...PHYSICAL_OR_VIRTUAL) ||
      valueIs(detail, 'PropertyInteriorInspectionMethodType', ...PHYSICAL_OR_VIRTUAL),
  }),
  {
    id: 'UAD1557',
    check(document) {
      const effective = dayNumber(document.effectiveDate);
      if (effective === null) return [];
      return subjectInspections(document)
        .flatMap((detail) => detail.all('InspectionDate'))
        .filter((node) => (dayNumber(node.text) ?? -Infinity) > effective)
        .map((node) => at(node, node.text, [document.effectiveDate]));
    },
  },
  required({
    id: 'UAD1558',
    owners: subjectProperty,
    within: INSPECTION_DETAILS,
    element: 'PropertyExteriorInspectionMethodType',
    eachPresent: true,
  }),
  required({
    id: 'UAD1559',
    owners: subjectProperty,
    within: INSPECTION_DETAILS,
    element: 'PropertyInteriorInspectionMethodType',
    eachPresent: true,
  }),
  imageFile('UAD1705', IMAGES),
  required({
    id: 'UAD1707',
    owners: subjectProperty,
    within: IMAGES,
    element: 'MIMETypeIdentifier',
    eachPresent: true,
    related: (image) => [image?.value('ImageCategoryType')],
  }),
  {
    id: 'UAD1723',
    check: (document) =>
      subjectInspections(document)
        .flatMap((detail) => detail.all('InspectionDate'))
        .filter((node) => node.text !== '' && !isFullDate(node.text))
        .map((node) => at(node)),
  },
  imageFile('UAD1736', 'CAR_STORAGES/CAR_STORAGE/IMAGES/IMAGE'),
  imageFile(
    'UAD1737',
    'IMPROVEMENTS/IMPROVEMENT/PROPERTY_UNITS/PROPERTY_UNIT/INTERIOR_COMPONENTS/INTERIOR_COMPONENT/IMAGES/IMAGE',
  ),
  imageFile('UAD1738', 'IMPROVEMENTS/IMPROVEMENT/PROPERTY_UNITS/PROPERTY_UNIT/ROOMS/ROOM/IMAGES/IMAGE'),
  imageFile('UAD1739', 'PROPERTY_AMENITY/AMENITY_CATEGORIES/AMENITY_CATEGORY/AMENITIES/AMENITY/IMAGES/IMAGE'),
  imageFile('UAD1740', 'PROPERTY_DEFECT/DEFECTS/DEFECT/IMAGES/IMAGE'),
  {
    // Every appraiser and supervisor says which inspection is theirs.
    id: 'UAD1747',
    check: (document) =>
      rolesOfType(document, 'Appraiser', 'AppraiserSupervisor')
        .filter(({ role }) => inspectionsOf(document, role).length === 0)
        .map(({ role, type }) => at(role, type)),
  },
];
