import type { XmlNode } from '../xml-tree.ts';
import { catalogEntry, numericLimit } from './catalog.ts';
import { propertiesOfUse, scopeOfWork, type H1Document } from './document.ts';
import { absent, at, provided, required, theAnalysis, valueIs, type H1Rule } from './rule.ts';
import { decimal, isFalse, isTrue } from './values.ts';

/**
 * The values the report concludes: the opinion of value and its conditions, the exposure time,
 * and what each approach to value the scope of work includes must deliver.
 */
const RECONCILIATION = 'VALUATION_REPORT/VALUATION_RECONCILIATION';
const SUMMARY_DETAIL = `${RECONCILIATION}/VALUATION_RECONCILIATION_SUMMARY/VALUATION_RECONCILIATION_SUMMARY_DETAIL`;
const CONDITIONS = `${RECONCILIATION}/VALUATION_RECONCILIATION_SUMMARY/VALUATION_CONDITIONS/VALUATION_CONDITION`;
const APPROACHES = 'VALUATION_REPORT/APPROACH_TO_VALUE';
const COST = `${APPROACHES}/COST_APPROACH/COST_APPROACH_DETAIL`;
const DEPRECIATED_VALUES = `${APPROACHES}/COST_APPROACH/IMPROVEMENT_COST_AND_DEPRECIATED_VALUES/IMPROVEMENT_COST_AND_DEPRECIATED_VALUE`;
const INCOME = `${APPROACHES}/INCOME_APPROACH/INCOME_APPROACH_DETAIL`;
const SALES_COMPARISON = `${APPROACHES}/SALES_COMPARISON_APPROACH/SALES_COMPARISON_APPROACH_DETAIL`;
const DEPRECIATION_PARTS = [
  'DepreciationExternalAmount',
  'DepreciationFunctionalAmount',
  'DepreciationPhysicalAmount',
];

const scopeIncludes = (name: string) => (_container: XmlNode | null, _owner: XmlNode, document: H1Document) =>
  isTrue(scopeOfWork(document, name));
const costApproach = scopeIncludes('CostApproachIndicator');
const incomeApproach = scopeIncludes('IncomeApproachIndicator');
const salesComparison = scopeIncludes('SalesComparisonApproachIndicator');
/** The cost approach, or a site value without it (CostApproachIndicator false and SiteValueIndicator true). */
const siteValued = (document: H1Document) =>
  isTrue(scopeOfWork(document, 'CostApproachIndicator')) ||
  (isFalse(scopeOfWork(document, 'CostApproachIndicator')) &&
    isTrue(scopeOfWork(document, 'SiteValueIndicator')));

const conclusions = (document: H1Document) =>
  document.analysis
    ?.select(`${CONDITIONS}/PropertyValuationConditionalConclusionType`)
    .map((node) => node.text) ?? [];

const depreciations = (document: H1Document) =>
  (document.analysis?.select(DEPRECIATED_VALUES) ?? []).flatMap((value) =>
    value.all('IMPROVEMENT_DEPRECIATION'),
  );

/** "If CostApproachIndicator = true and `element` < 0 in a given instance of IMPROVEMENT_DEPRECIATION" (warnings). */
function negativeDepreciation(id: string, element: string): H1Rule {
  return {
    id,
    check: (document) =>
      isTrue(scopeOfWork(document, 'CostApproachIndicator'))
        ? depreciations(document)
            .flatMap((depreciation) => depreciation.all(element))
            .filter((node) => (decimal(node.text) ?? 0) < 0)
            .map((node) => at(node))
        : [],
  };
}

/** "If the conclusion is `conclusion` and there are no DEFECT_DETAIL with DefectItemRecommendedActionType = `action`". */
function conditionBackedByDefects(id: string, conclusion: string, action: string): H1Rule {
  return {
    id,
    check(document) {
      const condition = document.analysis
        ?.select(CONDITIONS)
        .find((node) => valueIs(node, 'PropertyValuationConditionalConclusionType', conclusion));
      if (!condition) return [];
      const defects = document.properties.flatMap((property) =>
        property.select('PROPERTY_DEFECT/DEFECTS/DEFECT/DEFECT_DETAIL'),
      );
      return defects.some((defect) => valueIs(defect, 'DefectItemRecommendedActionType', action))
        ? []
        : [at(condition.first('PropertyValuationConditionalConclusionType')!, conclusion)];
    },
  };
}

/** The opinion of value against the published Min or Max Value. */
function opinionOfValueWithin(id: string, bound: 'min' | 'max'): H1Rule {
  return {
    id,
    check(document) {
      const node = document.reconciliation?.first('OpinionOfValueAmount');
      const value = decimal(node?.text);
      const limit = numericLimit(catalogEntry(id)[bound]);
      if (!node || value === null || limit === null) return [];
      return (bound === 'min' ? value < limit : value > limit) ? [at(node)] : [];
    },
  };
}

export const valueRules: H1Rule[] = [
  required({
    id: 'UAD1227',
    owners: theAnalysis,
    within: COST,
    element: 'DepreciatedCostDwellingsTotalAmount',
    when: costApproach,
  }),
  required({
    id: 'UAD1229',
    owners: theAnalysis,
    within: COST,
    element: 'SiteEstimatedValueAmount',
    when: (_detail, _analysis, document) => siteValued(document),
  }),
  required({
    id: 'UAD1230',
    owners: theAnalysis,
    within: COST,
    element: 'SiteOtherImprovementsAsIsAmount',
    when: costApproach,
  }),
  negativeDepreciation('UAD1233', 'DepreciationTotalAmount'),
  negativeDepreciation('UAD1234', 'DepreciationExternalAmount'),
  negativeDepreciation('UAD1235', 'DepreciationFunctionalAmount'),
  negativeDepreciation('UAD1236', 'DepreciationPhysicalAmount'),
  {
    // The total depreciation, or its three parts: not both.
    id: 'UAD1237',
    check: (document) =>
      depreciations(document)
        .filter((depreciation) => provided(depreciation, 'DepreciationTotalAmount'))
        .filter((depreciation) => DEPRECIATION_PARTS.some((part) => provided(depreciation, part)))
        .map((depreciation) =>
          at(
            depreciation.first('DepreciationTotalAmount')!,
            undefined,
            DEPRECIATION_PARTS.map((part) => depreciation.value(part)),
          ),
        ),
  },
  {
    id: 'UAD1238',
    check: (document) =>
      (document.analysis?.select(`${COST}/SiteValuationMethodType`) ?? [])
        .filter(
          (node) =>
            node.text === 'SalesComparison' && propertiesOfUse(document, 'LandComparable').length === 0,
        )
        .map((node) => at(node)),
  },
  required({
    id: 'UAD1242',
    owners: theAnalysis,
    within: INCOME,
    element: 'GrossRentMultiplierFactorNumber',
    when: incomeApproach,
  }),
  required({
    id: 'UAD1243',
    owners: theAnalysis,
    within: INCOME,
    element: 'ValueIndicatedByIncomeApproachAmount',
    when: incomeApproach,
  }),
  required({
    id: 'UAD1252',
    owners: theAnalysis,
    within: COST,
    element: 'ValueIndicatedByCostApproachAmount',
    when: costApproach,
  }),
  required({
    id: 'UAD1253',
    owners: theAnalysis,
    within: SALES_COMPARISON,
    element: 'ValueIndicatedBySalesComparisonAmount',
    when: salesComparison,
  }),
  required({
    id: 'UAD1255',
    owners: theAnalysis,
    within: CONDITIONS,
    element: 'PropertyValuationConditionalConclusionType',
  }),
  {
    // "As is" is the only condition when it is one.
    id: 'UAD1256',
    check(document) {
      const conditions = document.analysis?.select(CONDITIONS) ?? [];
      const asIs = conditions.find((condition) =>
        valueIs(condition, 'PropertyValuationConditionalConclusionType', 'AsIs'),
      );
      return asIs && conditions.length > 1
        ? conditions.filter((condition) => condition !== asIs).map((condition) => at(condition, 'AsIs'))
        : [];
    },
  },
  {
    id: 'UAD1261',
    check(document) {
      if (!document.analysis) return [];
      const detail = document.reconciliation;
      const node = detail?.first('MarketingOrExposureTimeType');
      if (!detail) return [absent(document.analysis, `${SUMMARY_DETAIL}/MarketingOrExposureTimeType`)];
      if (!node || node.text === '') return [absent(detail, 'MarketingOrExposureTimeType')];
      return node.text === 'ReasonableExposureTime' ? [] : [at(node)];
    },
  },
  required({ id: 'UAD1262', owners: theAnalysis, within: SUMMARY_DETAIL, element: 'OpinionOfValueAmount' }),
  opinionOfValueWithin('UAD1263', 'min'),
  opinionOfValueWithin('UAD1264', 'max'),
  required({
    id: 'UAD1265',
    owners: theAnalysis,
    within: `${RECONCILIATION}/VALUATION_RECONCILIATION_DETAIL`,
    element: 'AdditionalClientRequestedConditionsIndicator',
  }),
  required({
    id: 'UAD1266',
    owners: theAnalysis,
    within: `${RECONCILIATION}/VALUATION_RECONCILIATION_DETAIL`,
    element: 'ValuationReconciliationSummaryCommentDescription',
  }),
  required({
    id: 'UAD1267',
    owners: theAnalysis,
    within: SUMMARY_DETAIL,
    element: 'PropertyAsIsConditionRatingCode',
    when: (_detail, _analysis, document) =>
      isFalse(document.subject?.value('PROPERTY_DETAIL/NewConstructionIndicator')) &&
      conclusions(document).some(
        (conclusion) => conclusion === 'SubjectToCompletionPerPlans' || conclusion === 'SubjectToRepair',
      ),
  }),
  conditionBackedByDefects('UAD1624', 'SubjectToRepair', 'Repair'),
  conditionBackedByDefects('UAD1732', 'SubjectToInspection', 'Inspection'),
  {
    // Without the total depreciation, its three parts.
    id: 'UAD1720',
    check: (document) =>
      isTrue(scopeOfWork(document, 'CostApproachIndicator'))
        ? (document.analysis?.select(DEPRECIATED_VALUES) ?? []).flatMap((value) => {
            const depreciation = value.first('IMPROVEMENT_DEPRECIATION');
            if (provided(depreciation, 'DepreciationTotalAmount')) return [];
            const missing = DEPRECIATION_PARTS.find((part) => !provided(depreciation, part));
            if (!missing) return [];
            return [
              depreciation
                ? absent(depreciation, missing)
                : absent(value, `IMPROVEMENT_DEPRECIATION/${missing}`),
            ];
          })
        : [],
  },
  {
    // The exposure time is a number of days or a range, not both.
    id: 'UAD1733',
    check(document) {
      const detail = document.reconciliation;
      const days = detail?.first('MarketingOrExposureDaysCount');
      if (!detail || !days || days.text === '') return [];
      return provided(detail, 'MarketingOrExposureLowRangeDaysCount') ||
        provided(detail, 'MarketingOrExposureHighRangeDaysCount')
        ? [at(days)]
        : [];
    },
  },
  {
    id: 'UAD1746',
    check(document) {
      const detail = document.reconciliation;
      if (!detail || provided(detail, 'MarketingOrExposureDaysCount')) return [];
      const missing = ['MarketingOrExposureLowRangeDaysCount', 'MarketingOrExposureHighRangeDaysCount'].find(
        (name) => !provided(detail, name),
      );
      return missing ? [absent(detail, missing)] : [];
    },
  },
  required({
    id: 'UAD1760',
    owners: theAnalysis,
    within: SALES_COMPARISON,
    element: 'SalesComparisonCommentDescription',
    when: salesComparison,
  }),
  required({
    id: 'UAD1761',
    owners: theAnalysis,
    within: COST,
    element: 'CostAnalysisCommentDescription',
    when: costApproach,
  }),
  required({
    id: 'UAD1762',
    owners: theAnalysis,
    within: INCOME,
    element: 'IncomeAnalysisCommentDescription',
    when: incomeApproach,
  }),
];
