import type { XmlNode } from '../xml-tree.ts';
import { scopeOfWork, type H1Document } from './document.ts';
import { absent, at, provided, required, theAnalysis, valueIs, type H1Rule, type Hit } from './rule.ts';
import { isTrue } from './values.ts';

/**
 * The report's commentaries (VALUATION_COMMENTARY): one per category, present where the facts
 * call for one, and no longer than the form's box for its category.
 */
const COMMENTARIES = 'VALUATION_REPORT/VALUATION_COMMENTARIES/VALUATION_COMMENTARY';

const commentaries = (document: H1Document) => document.analysis?.select(COMMENTARIES) ?? [];
const commentaryOf = (document: H1Document, category: string) =>
  commentaries(document).find((commentary) => valueIs(commentary, 'ValuationAnalysisCategoryType', category));
/** A commentary of `category` that is not there: pointed at VALUATION_COMMENTARIES, or the analysis without one. */
function missingCommentary(analysis: XmlNode, category: string): Hit {
  const holder = analysis.select('VALUATION_REPORT/VALUATION_COMMENTARIES')[0];
  const hit = holder
    ? absent(holder, 'VALUATION_COMMENTARY/ValuationAnalysisCategoryType')
    : absent(analysis, `${COMMENTARIES}/ValuationAnalysisCategoryType`);
  return { ...hit, primary: category };
}

/** "If ValuationAnalysisCategoryType = (`categories`) and ValuationCommentText length exceeds `longest` characters". */
function atMost(id: string, longest: number, categories: readonly string[]): H1Rule {
  return {
    id,
    check: (document) =>
      commentaries(document)
        .filter((commentary) => valueIs(commentary, 'ValuationAnalysisCategoryType', ...categories))
        .flatMap((commentary) => commentary.all('ValuationCommentText'))
        .filter((text) => Array.from(text.text).length > longest)
        .map((text) =>
          at(text, String(Array.from(text.text).length), [
            text.parent?.value('ValuationAnalysisCategoryType'),
          ]),
        ),
  };
}

/** A commentary of `category` the facts call for (`calledFor`) must be there… */
function commentaryPresent(
  id: string,
  category: string,
  calledFor: (document: H1Document) => boolean,
): H1Rule {
  return {
    id,
    check: (document) =>
      document.analysis && calledFor(document) && !commentaryOf(document, category)
        ? [missingCommentary(document.analysis, category)]
        : [],
  };
}

/** …and, when there, hold `element`. */
function commentaryHolds(
  id: string,
  category: string,
  element: string,
  calledFor: (document: H1Document) => boolean,
): H1Rule {
  return {
    id,
    check(document) {
      const commentary = commentaryOf(document, category);
      return commentary && calledFor(document) && !provided(commentary, element)
        ? [absent(commentary, element, [category])]
        : [];
    },
  };
}

/** "…and (ValueMarketabilityImpactType is not provided in the instance … or there is no instance …)". */
function impactGiven(id: string, category: string, calledFor: (document: H1Document) => boolean): H1Rule {
  return {
    id,
    check(document) {
      if (!document.analysis || !calledFor(document)) return [];
      const commentary = commentaryOf(document, category);
      if (!commentary) return [missingCommentary(document.analysis, category)];
      return provided(commentary, 'ValueMarketabilityImpactType')
        ? []
        : [absent(commentary, 'ValueMarketabilityImpactType', [category])];
    },
  };
}

const specialTaxAssessments = (document: H1Document) =>
  isTrue(
    document.subject?.value('PROPERTY_TAXES/PROPERTY_TAX/PROPERTY_TAX_DETAIL/SpecialTaxAssessmentsIndicator'),
  );
const inHazardZone = (document: H1Document) =>
  (document.subject?.select('SITE/HAZARD_ZONES/HAZARD_ZONE/HazardZoneType') ?? []).some(
    (zone) => zone.text !== '' && zone.text !== 'None',
  );
const notLegallyZoned = (document: H1Document) =>
  (document.subject?.select('SITE/SITE_ZONING/SITE_ZONING_DETAIL/SiteZoningComplianceType') ?? []).some(
    (compliance) => compliance.text !== '' && compliance.text !== 'Legal',
  );

export const commentaryRules: H1Rule[] = [
  {
    // One commentary per category: the form has one box for each.
    id: 'UAD1037',
    check(document) {
      const seen = new Set<string>();
      const hits: Hit[] = [];
      for (const category of commentaries(document).flatMap((commentary) =>
        commentary.all('ValuationAnalysisCategoryType'),
      )) {
        if (category.text === '') continue;
        if (seen.has(category.text)) hits.push(at(category));
        seen.add(category.text);
      }
      return hits;
    },
  },
  commentaryPresent('UAD1038', 'PropertySpecialTaxAssessments', specialTaxAssessments),
  commentaryHolds('UAD1039', 'PropertySpecialTaxAssessments', 'ValuationCommentText', specialTaxAssessments),
  impactGiven('UAD1375', 'HazardZones', inHazardZone),
  impactGiven('UAD1378', 'ZoningCompliance', notLegallyZoned),
  commentaryPresent('UAD1386', 'OverallQualityAndCondition', () => true),
  commentaryHolds('UAD1387', 'OverallQualityAndCondition', 'ValuationCommentText', () => true),
  required({
    id: 'UAD1388',
    owners: theAnalysis,
    within: COMMENTARIES,
    element: 'ValuationAnalysisCategoryType',
    eachPresent: true,
  }),
  {
    id: 'UAD1763',
    check: (document) =>
      document.analysis &&
      isTrue(scopeOfWork(document, 'RentScheduleIndicator')) &&
      !commentaries(document).some(
        (commentary) =>
          valueIs(commentary, 'ValuationAnalysisCategoryType', 'ComparableRental') &&
          provided(commentary, 'ValuationCommentText'),
      )
        ? [missingCommentary(document.analysis, 'ComparableRental')]
        : [],
  },
  atMost('UAD1765', 140, ['HazardZones', 'PropertyNonResidentialUses']),
  atMost('UAD1766', 210, [
    'ProjectDeveloperOrSponsorControlsProjectManagement',
    'IncompleteProject',
    'ProjectConversion',
    'SingleEntityGreatestNumberOfUnitsOwned',
    'SingleEntityGreatestNumberOfSharesOwned',
    'ProjectCommercialSpace',
    'ProjectLegalAction',
    'ProjectSpecialAssessmentsAttributedToSubjectProperty',
    'TransferFeeAttributedToSubjectProperty',
    'PropertyTaxAbatementsOrExemptions',
  ]),
  atMost('UAD1767', 540, ['PropertySpecialTaxAssessments']),
  atMost('UAD1768', 2500, [
    'ProjectFactors',
    'Project',
    'WaterFrontages',
    'SiteFeatures',
    'SiteViews',
    'SiteInfluences',
  ]),
];
