import type { XmlNode } from '../xml-tree.ts';
import { propertiesOfUse, type H1Document } from './document.ts';
import { absent, at, propertiesUsedAs, required, type H1Rule, type Hit } from './rule.ts';
import { decimal } from './values.ts';

/**
 * The sales comparison grid: each comparable's adjustments, their net total and adjusted price,
 * and the rows the appraiser adds to the grid, which every column must then have.
 */
const comparables = propertiesUsedAs('SalesComparable');
const COMPARABLE_DETAIL = 'COMPARABLE/COMPARABLE_DETAIL';
const ADJUSTMENTS = 'COMPARABLE/COMPARABLE_ADJUSTMENTS/COMPARABLE_ADJUSTMENT';

const cents = (value: number) => Math.round(value * 100);

/**
 * An added row of the grid (an adjustment of one of `types` named by its
 * AdditionalComparisonLineItemIdentifier) must be in the subject's column and in every
 * comparable's: each column without it is a hit naming the row.
 */
function addedRowsEverywhere(id: string, use: string, types: readonly string[]): H1Rule {
  return {
    id,
    check(document: H1Document) {
      const columns = [...(document.subject ? [document.subject] : []), ...propertiesOfUse(document, use)];
      const rowsOf = (column: XmlNode) =>
        column
          .select(ADJUSTMENTS)
          .filter((adjustment) => types.includes(adjustment.value('ComparableAdjustmentType') ?? ''))
          .map((adjustment) => ({
            type: adjustment.value('ComparableAdjustmentType')!,
            identifier: adjustment.value('AdditionalComparisonLineItemIdentifier'),
          }))
          .filter((row): row is { type: string; identifier: string } => row.identifier !== undefined);
      const key = (row: { type: string; identifier: string }) => `${row.type}\u0000${row.identifier}`;
      const rows = new Map(columns.flatMap(rowsOf).map((row) => [key(row), row]));
      const hits: Hit[] = [];
      for (const column of columns) {
        const own = new Set(rowsOf(column).map(key));
        for (const [rowKey, row] of rows)
          if (!own.has(rowKey))
            hits.push({
              ...absent(column, `${ADJUSTMENTS}/AdditionalComparisonLineItemIdentifier`),
              primary: row.identifier,
            });
      }
      return hits;
    },
  };
}

const moreThanOneUnit = (_detail: XmlNode | null, comparable: XmlNode) =>
  (decimal(comparable.value('PROPERTY_DETAIL/LivingUnitExcludingADUCount')) ?? 0) > 1;

export const adjustmentRules: H1Rule[] = [
  addedRowsEverywhere('UAD1250', 'GrossRentMultiplierComparable', [
    'GrossRentMultiplierAdditionalNonAdjustableComparisonItem',
  ]),
  addedRowsEverywhere('UAD1455', 'SalesComparable', [
    'SalesComparableAdditionalAdjustableComparisonItem',
    'SalesComparableAdditionalNonAdjustableComparisonItem',
  ]),
  required({
    id: 'UAD1456',
    owners: comparables,
    within: COMPARABLE_DETAIL,
    element: 'AdjustedSalesPriceAmount',
  }),
  required({
    id: 'UAD1457',
    owners: comparables,
    within: COMPARABLE_DETAIL,
    element: 'AdjustedSalesPricePerBedroomAmount',
    when: moreThanOneUnit,
  }),
  required({
    id: 'UAD1458',
    owners: comparables,
    within: COMPARABLE_DETAIL,
    element: 'AdjustedSalesPricePerUnitAmount',
    when: moreThanOneUnit,
  }),
  required({
    id: 'UAD1459',
    owners: comparables,
    within: COMPARABLE_DETAIL,
    element: 'ComparableWeightType',
  }),
  required({
    id: 'UAD1460',
    owners: comparables,
    within: COMPARABLE_DETAIL,
    element: 'SalePriceNetTotalAdjustmentAmount',
  }),
  {
    id: 'UAD1461',
    check: (document) =>
      propertiesOfUse(document, 'SalesComparable').flatMap((comparable) => {
        const node = comparable.select(`${COMPARABLE_DETAIL}/SalePriceNetTotalAdjustmentAmount`)[0];
        const net = decimal(node?.text);
        if (!node || net === null) return [];
        const sum = comparable
          .select(`${ADJUSTMENTS}/ComparableAdjustmentAmount`)
          .reduce((total, amount) => total + cents(decimal(amount.text) ?? 0), 0);
        return cents(net) === sum ? [] : [at(node, node.text, [(sum / 100).toFixed(2)])];
      }),
  },
];
