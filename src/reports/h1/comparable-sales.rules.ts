import type { XmlNode } from '../xml-tree.ts';
import { propertiesOfUse, scopeOfWork, type H1Document } from './document.ts';
import {
  absent,
  at,
  otherDescribed,
  propertiesUsedAs,
  provided,
  required,
  valueIs,
  type H1Rule,
  type Hit,
} from './rule.ts';
import { dayNumber, decimal, isFalse, isFullDate, isTrue } from './values.ts';

/**
 * The comparables' sales: the price and date of each sale or transfer, the one that makes a
 * settled sale, and the data sources the comparables' facts are credited to.
 */
const comparables = propertiesUsedAs('SalesComparable');
const HISTORY = 'SALES_HISTORIES/SALES_HISTORY';
const transferType = (history: XmlNode | null) => [history?.value('OwnershipTransferTransactionType')];
const priorSales = (property: XmlNode) =>
  property.select('PROPERTY_DETAIL/PriorSalesOrTransfersIndicator')[0];

/** The sales histories of properties of `use` whose price is written below 0. */
function negativePrice(id: string, use: string): H1Rule {
  return {
    id,
    check: (document) =>
      propertiesOfUse(document, use)
        .flatMap((property) => property.select(`${HISTORY}/OwnershipTransferTransactionAmount`))
        .filter((node) => (decimal(node.text) ?? 0) < 0)
        .map((node) => at(node, node.text, transferType(node.parent))),
  };
}

/** "If @ValuationUseType = `use` and there is more than one instance of SALES_HISTORY" (Max Value 1). */
function oneSaleAtMost(id: string, use: string): H1Rule {
  return {
    id,
    check: (document) =>
      propertiesOfUse(document, use).flatMap((property) =>
        property
          .select(HISTORY)
          .slice(1)
          .map((history) => at(history, '')),
      ),
  };
}

/** The data source relationship (arcrole ending in `arc`) the comparables' prior sales need. */
function priorSalesSourced(document: H1Document, hadPriorSales: boolean, arc: string) {
  return propertiesOfUse(document, 'SalesComparable').flatMap((property) => {
    const indicator = priorSales(property);
    if (!indicator || !(hadPriorSales ? isTrue(indicator.text) : isFalse(indicator.text))) return [];
    const sourced = hadPriorSales
      ? property.select(HISTORY).some((history) => document.isLinkedTo(arc, history))
      : document.isLinkedTo(arc, indicator);
    return sourced ? [] : [at(indicator)];
  });
}

export const comparableSaleRules: H1Rule[] = [
  {
    id: 'UAD1199',
    check: (document) =>
      priorSalesSourced(document, false, 'DATA_SOURCE_IsDataSourceFor_PriorSalesOrTransfersIndicator'),
  },
  {
    id: 'UAD1201',
    check: (document) => priorSalesSourced(document, true, 'DATA_SOURCE_IsDataSourceFor_SALES_HISTORY'),
  },
  required({
    id: 'UAD1251',
    owners: propertiesUsedAs('GrossRentMultiplierComparable'),
    within: HISTORY,
    element: 'OwnershipTransferTransactionAmount',
    eachPresent: true,
    when: (history) => valueIs(history, 'OwnershipTransferTransactionType', 'Sale'),
  }),
  {
    // A settled sale is the comparable's most recent transfer, and it is a sale.
    id: 'UAD1438',
    check: (document) =>
      propertiesOfUse(document, 'SalesComparable')
        .filter((property) =>
          valueIs(
            property,
            'LISTING_INFORMATIONS/LISTING_INFORMATION/LISTING_INFORMATION_DETAIL/ListingStatusType',
            'SettledSale',
          ),
        )
        .flatMap((property) => {
          const histories = property.select(HISTORY);
          let latest: XmlNode | undefined;
          let latestDay = -Infinity;
          for (const history of histories) {
            const day = dayNumber(history.value('OwnershipTransferDate'));
            if (day !== null && day > latestDay) [latest, latestDay] = [history, day];
          }
          if (!latest) return [absent(property, `${HISTORY}/OwnershipTransferTransactionType`, [])];
          return valueIs(latest, 'OwnershipTransferTransactionType', 'Sale')
            ? []
            : [
                at(
                  latest.first('OwnershipTransferTransactionType') ?? latest,
                  latest.value('OwnershipTransferTransactionType') ?? '',
                ),
              ];
        }),
  },
  {
    id: 'UAD1439',
    check: (document) =>
      propertiesOfUse(document, 'SalesComparable')
        .flatMap((property) => property.select(HISTORY))
        .filter(
          (history) =>
            !provided(history, 'OwnershipTransferTransactionAmount') &&
            !provided(history, 'OwnershipTransferAmountNotAvailableReasonType'),
        )
        .map((history) => absent(history, 'OwnershipTransferTransactionAmount', transferType(history))),
  },
  otherDescribed('UAD1440', comparables, HISTORY, 'OwnershipTransferAmountNotAvailableReasonType'),
  negativePrice('UAD1442', 'SalesComparable'),
  otherDescribed('UAD1444', comparables, HISTORY, 'SaleType'),
  {
    // Each MLS listing credited as the source of a comparable names its listing number.
    id: 'UAD1468',
    check(document) {
      const hits: Hit[] = [];
      for (const link of document.links) {
        if (!link.arcrole.endsWith('/DATA_SOURCE_IsDataSourceFor_PROPERTY')) continue;
        const comparable = document
          .labelled(link.to)
          .some(
            (node) =>
              node.name === 'PROPERTY' &&
              !['SubjectProperty', 'PropertyAnalyzedNotUsed'].includes(
                node.attribute('ValuationUseType') ?? '',
              ),
          );
        if (!comparable) continue;
        for (const source of document.labelled(link.from))
          if (
            source.name === 'DATA_SOURCE' &&
            valueIs(source, 'DataSourceType', 'MLS') &&
            !provided(source, 'DataSourceIdentifier')
          )
            hits.push(absent(source, 'DataSourceIdentifier'));
      }
      // One finding per data source, however many comparables it is credited for.
      return hits.filter((hit, index) => hits.findIndex((other) => other.node === hit.node) === index);
    },
  },
  {
    id: 'UAD1477',
    check: (document) =>
      isTrue(scopeOfWork(document, 'SalesComparisonApproachIndicator'))
        ? propertiesOfUse(document, 'SalesComparable')
            .filter((property) => !document.isLinkedTo('DATA_SOURCE_IsDataSourceFor_PROPERTY', property))
            .map((property) => at(property, ''))
        : [],
  },
  oneSaleAtMost('UAD1702', 'LandComparable'),
  oneSaleAtMost('UAD1703', 'GrossRentMultiplierComparable'),
  oneSaleAtMost('UAD1704', 'PropertyAnalyzedNotUsed'),
  required({
    id: 'UAD1734',
    owners: comparables,
    within: HISTORY,
    element: 'OwnershipTransferTransactionType',
    when: (_history, property) => isTrue(property.value('PROPERTY_DETAIL/PriorSalesOrTransfersIndicator')),
  }),
  required({
    id: 'UAD1735',
    owners: comparables,
    within: HISTORY,
    element: 'OwnershipTransferDate',
    eachPresent: true,
    related: transferType,
  }),
  {
    id: 'UAD1744',
    check: (document) =>
      propertiesOfUse(document, 'SalesComparable')
        .flatMap((property) => property.select(`${HISTORY}/OwnershipTransferDate`))
        .filter((node) => node.text !== '' && !isFullDate(node.text))
        .map((node) => at(node)),
  },
  negativePrice('UAD1745', 'GrossRentMultiplierComparable'),
  required({
    id: 'UAD1771',
    owners: comparables,
    within: HISTORY,
    element: 'SaleType',
    eachPresent: true,
    when: (history) => valueIs(history, 'OwnershipTransferTransactionType', 'Sale'),
    related: (history) => [history?.value('OwnershipTransferDate')],
  }),
];
