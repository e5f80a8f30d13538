import type { XmlNode } from '../xml-tree.ts';
import type { H1Document } from './document.ts';
import { absent, at, type H1Rule, type Hit } from './rule.ts';
import { isFalse, isTrue } from './values.ts';

/**
 * The relationships (xlink arcs) that tie the subject's facts to their data sources and its
 * defects to what is defective: each must join labels that exist, once, and the facts that
 * call for one must have it.
 */
const DETAIL = 'PROPERTY_DETAIL';

/** A hit when `node` (a fact of the subject) is not the target of an arc ending in `arc`. */
const unlinked = (document: H1Document, arc: string, node: XmlNode | undefined): Hit[] =>
  node && !document.isLinkedTo(arc, node) ? [at(node, node.text || undefined)] : [];

/** "If `indicator` = true and there is no RELATIONSHIP (`arc`) linking DEFECT to `target`" for each `target`. */
function defectsLinked(
  id: string,
  targets: (subject: XmlNode) => { indicator: XmlNode | undefined; target: XmlNode }[],
  arc: string,
): H1Rule {
  return {
    id,
    check: (document) =>
      (document.subject ? targets(document.subject) : [])
        .filter(({ indicator }) => indicator && isTrue(indicator.text))
        .filter(({ target }) => !document.isLinkedTo(arc, target))
        .map(({ indicator }) => at(indicator!)),
  };
}

/** "If `indicator` = true and there is no RELATIONSHIP (`arc`) linking DEFECT to one of `targets`". */
function defectLinkedToAny(id: string, indicator: string, targets: string, arc: string): H1Rule {
  return {
    id,
    check(document) {
      const subject = document.subject;
      const node = subject?.select(indicator)[0];
      if (!subject || !node || !isTrue(node.text)) return [];
      return subject.select(targets).some((target) => document.isLinkedTo(arc, target)) ? [] : [at(node)];
    },
  };
}

const improvementsOfType = (subject: XmlNode, type: string) =>
  subject
    .select('IMPROVEMENTS/IMPROVEMENT')
    .filter((improvement) => improvement.value('IMPROVEMENT_DETAIL/ImprovementType') === type);

export const relationshipRules: H1Rule[] = [
  {
    id: 'UAD1183',
    check: (document) =>
      (
        document.subject?.select(
          'IMPROVEMENTS/IMPROVEMENT/PROPERTY_UNITS/PROPERTY_UNIT/PROPERTY_UNIT_AREA',
        ) ?? []
      ).flatMap((area) => unlinked(document, 'DATA_SOURCE_IsDataSourceFor_PROPERTY_UNIT_AREA', area)),
  },
  {
    id: 'UAD1200',
    check(document) {
      const indicator = document.subject?.select(`${DETAIL}/PriorSalesOrTransfersIndicator`)[0];
      return indicator && isFalse(indicator.text)
        ? unlinked(document, 'DATA_SOURCE_IsDataSourceFor_PriorSalesOrTransfersIndicator', indicator)
        : [];
    },
  },
  {
    id: 'UAD1202',
    check(document) {
      const subject = document.subject;
      const indicator = subject?.select(`${DETAIL}/PriorSalesOrTransfersIndicator`)[0];
      if (!subject || !indicator || !isTrue(indicator.text)) return [];
      const sourced = subject
        .select('SALES_HISTORIES/SALES_HISTORY')
        .some((history) => document.isLinkedTo('DATA_SOURCE_IsDataSourceFor_SALES_HISTORY', history));
      return sourced ? [] : [at(indicator)];
    },
  },
  {
    id: 'UAD1209',
    check(document) {
      const summary = document.subject?.select('LISTING_INFORMATION_SUMMARY')[0];
      return summary && isFalse(summary.value('ListedWithinPreviousYearIndicator'))
        ? unlinked(document, 'DATA_SOURCE_IsDataSourceFor_LISTING_INFORMATION_SUMMARY', summary)
        : [];
    },
  },
  {
    id: 'UAD1614',
    check(document) {
      const subject = document.subject;
      if (
        !subject ||
        !(
          isTrue(subject.value(`${DETAIL}/PropertyInProjectIndicator`)) ||
          isTrue(subject.value(`${DETAIL}/PUDIndicator`))
        )
      )
        return [];
      const project = subject.first('PROJECT');
      if (!project) return [absent(subject, 'PROJECT', [])];
      return unlinked(document, 'DATA_SOURCE_IsDataSourceFor_PROJECT', project);
    },
  },
  {
    id: 'UAD1658',
    check: (document) =>
      (document.subject?.select('MARKET/MARKET_TREND') ?? []).flatMap((trend) =>
        unlinked(document, 'DATA_SOURCE_IsDataSourceFor_MARKET_TREND', trend),
      ),
  },
  defectLinkedToAny(
    'UAD1685',
    `${DETAIL}/SubjectPropertyAmenitiesDefectsExistIndicator`,
    'PROPERTY_AMENITY/AMENITY_CATEGORIES/AMENITY_CATEGORY/AMENITIES/AMENITY',
    'DEFECT_ContainsDefectOf_AMENITY',
  ),
  defectLinkedToAny(
    'UAD1686',
    `${DETAIL}/VehicleStorageDefectsExistIndicator`,
    'CAR_STORAGES/CAR_STORAGE',
    'DEFECT_ContainsDefectOf_CAR_STORAGE',
  ),
  defectsLinked(
    'UAD1689',
    (subject) =>
      improvementsOfType(subject, 'Dwelling').map((improvement) => ({
        indicator: improvement.select('IMPROVEMENT_DETAIL/DwellingExteriorDefectsExistIndicator')[0],
        target: improvement,
      })),
    'DEFECT_ContainsDefectOf_IMPROVEMENT',
  ),
  defectLinkedToAny(
    'UAD1690',
    'SITE/SITE_DETAIL/SiteDefectsExistIndicator',
    'SITE',
    'DEFECT_ContainsDefectOf_SITE',
  ),
  defectsLinked(
    'UAD1691',
    (subject) =>
      subject.select('IMPROVEMENTS/IMPROVEMENT/PROPERTY_UNITS/PROPERTY_UNIT').map((unit) => ({
        indicator: unit.select('PROPERTY_UNIT_DETAIL/UnitInteriorDefectsExistIndicator')[0],
        target: unit,
      })),
    'DEFECT_ContainsDefectOf_PROPERTY_UNIT',
  ),
  defectsLinked(
    'UAD1692',
    (subject) =>
      improvementsOfType(subject, 'Outbuilding').map((improvement) => ({
        indicator: improvement.select('IMPROVEMENT_DETAIL/OutbuildingDefectsExistIndicator')[0],
        target: improvement,
      })),
    'DEFECT_ContainsDefectOf_IMPROVEMENT',
  ),
  {
    // The same arc twice says nothing more and makes the data ambiguous.
    id: 'UAD1717',
    check(document) {
      const seen = new Set<string>();
      const hits: Hit[] = [];
      for (const link of document.links) {
        const key = `${link.arcrole}\u0000${link.from}\u0000${link.to}`;
        if (seen.has(key)) hits.push(at(link.node, link.arcrole, [link.from, link.to]));
        seen.add(key);
      }
      return hits;
    },
  },
  {
    id: 'UAD1718',
    check: (document) =>
      document.links
        .filter((link) => document.labelled(link.from).length === 0)
        .map((link) => at(link.node, link.from, [link.arcrole, link.from])),
  },
  {
    id: 'UAD1719',
    check: (document) =>
      document.links
        .filter((link) => document.labelled(link.to).length === 0)
        .map((link) => at(link.node, link.to, [link.arcrole, link.to])),
  },
];
