import type { XmlNode } from '../xml-tree.ts';
import type { H1Document } from './document.ts';
import { absent, at, provided, required, subjectProperty, valueIs, type H1Rule } from './rule.ts';
import { decimal } from './values.ts';

/**
 * The market of the subject: its boundaries, the three inventories the form reports (active
 * listings, pending sales, total sales) with their prices and days on market, and its trends.
 */
const INVENTORIES = 'MARKET/MARKET_INVENTORIES/MARKET_INVENTORY';
type Inventory = 'ActiveListings' | 'PendingSales' | 'TotalSales';

const inventoriesOf = (document: H1Document, type: Inventory) =>
  (document.subject?.select(INVENTORIES) ?? []).filter((inventory) =>
    valueIs(inventory, 'MarketInventoryType', type),
  );
const counted = (inventory: XmlNode) => (decimal(inventory.value('MarketInventoryCount')) ?? 0) > 0;

/** "If MarketInventoryCount is not provided for the instance of MARKET_INVENTORY with MarketInventoryType = `type`". */
const countGiven = (id: string, type: Inventory): H1Rule => ({
  id,
  check: (document) =>
    inventoriesOf(document, type)
      .filter((inventory) => !provided(inventory, 'MarketInventoryCount'))
      .map((inventory) => absent(inventory, 'MarketInventoryCount', [type])),
});

/** "If `element` is not provided in the instance … with MarketInventoryType = `type` and MarketInventoryCount > 0". */
const givenWhenCounted = (id: string, type: Inventory, element: string): H1Rule => ({
  id,
  check: (document) =>
    inventoriesOf(document, type)
      .filter((inventory) => counted(inventory) && !provided(inventory, element))
      .map((inventory) => absent(inventory, element, [type])),
});

/** "If `element` <= 0 for the instance of MARKET_INVENTORY with MarketInventoryType = `type`". */
const positive = (id: string, type: Inventory, element: string): H1Rule => ({
  id,
  check: (document) =>
    inventoriesOf(document, type)
      .flatMap((inventory) => inventory.all(element))
      .filter((node) => {
        const value = decimal(node.text);
        return value !== null && value <= 0;
      })
      .map((node) => at(node, node.text, [type])),
});

/** Exactly one inventory of each type: none is one rule, more than one another. */
const noMoreThanOne = (id: string, type: Inventory): H1Rule => ({
  id,
  check: (document) =>
    inventoriesOf(document, type)
      .slice(1)
      .map((inventory) => at(inventory, type)),
});
const atLeastOne = (id: string, type: Inventory): H1Rule => ({
  id,
  check: (document) =>
    document.subject && inventoriesOf(document, type).length === 0
      ? [{ ...absent(document.subject, `${INVENTORIES}/MarketInventoryType`), primary: type }]
      : [],
});

export const marketRules: H1Rule[] = [
  required({
    id: 'UAD1626',
    owners: subjectProperty,
    within: 'MARKET/MARKET_DETAIL',
    element: 'MarketBoundariesDescription',
  }),
  required({
    id: 'UAD1627',
    owners: subjectProperty,
    within: 'MARKET/MARKET_DETAIL',
    element: 'MarketInventoryLookbackMonthsCount',
  }),
  countGiven('UAD1629', 'ActiveListings'),
  givenWhenCounted('UAD1630', 'ActiveListings', 'MarketInventoryHighestPriceAmount'),
  positive('UAD1631', 'ActiveListings', 'MarketInventoryHighestPriceAmount'),
  givenWhenCounted('UAD1632', 'ActiveListings', 'MarketInventoryLowestPriceAmount'),
  positive('UAD1633', 'ActiveListings', 'MarketInventoryLowestPriceAmount'),
  givenWhenCounted('UAD1634', 'ActiveListings', 'MarketInventoryMedianDaysOnMarketCount'),
  givenWhenCounted('UAD1635', 'ActiveListings', 'MarketInventoryMedianPriceAmount'),
  positive('UAD1636', 'ActiveListings', 'MarketInventoryMedianPriceAmount'),
  noMoreThanOne('UAD1637', 'ActiveListings'),
  atLeastOne('UAD1638', 'ActiveListings'),
  countGiven('UAD1639', 'PendingSales'),
  noMoreThanOne('UAD1640', 'PendingSales'),
  atLeastOne('UAD1641', 'PendingSales'),
  countGiven('UAD1642', 'TotalSales'),
  givenWhenCounted('UAD1643', 'TotalSales', 'MarketInventoryHighestPriceAmount'),
  positive('UAD1644', 'TotalSales', 'MarketInventoryHighestPriceAmount'),
  givenWhenCounted('UAD1645', 'TotalSales', 'MarketInventoryLowestPriceAmount'),
  positive('UAD1646', 'TotalSales', 'MarketInventoryLowestPriceAmount'),
  givenWhenCounted('UAD1647', 'TotalSales', 'MarketInventoryMedianPriceAmount'),
  positive('UAD1648', 'TotalSales', 'MarketInventoryMedianPriceAmount'),
  noMoreThanOne('UAD1649', 'TotalSales'),
  atLeastOne('UAD1650', 'TotalSales'),
  required({
    id: 'UAD1652',
    owners: subjectProperty,
    within: 'MARKET/MARKET_TREND',
    element: 'MarketSupplyTrendType',
  }),
  required({
    id: 'UAD1653',
    owners: subjectProperty,
    within: 'MARKET/MARKET_TREND',
    element: 'MarketTrendsForeclosureActivityIndicator',
  }),
  {
    // The price trend is described in words or shown as a graph.
    id: 'UAD1656',
    check(document) {
      const subject = document.subject;
      if (!subject || provided(subject, 'MARKET/MARKET_TREND/PriceTrendsAnalysisDescription')) return [];
      const graphed = subject
        .select('INSPECTIONS/INSPECTION/IMAGES/IMAGE')
        .some((image) => valueIs(image, 'ImageCategoryType', 'PriceTrendGraph'));
      if (graphed) return [];
      const trend = subject.select('MARKET/MARKET_TREND')[0];
      return [
        trend
          ? absent(trend, 'PriceTrendsAnalysisDescription')
          : absent(subject, 'MARKET/MARKET_TREND/PriceTrendsAnalysisDescription'),
      ];
    },
  },
  {
    // The data source credited for the subject's market trend names the source of the price trend.
    id: 'UAD1657',
    check(document) {
      const trends = document.subject?.select('MARKET/MARKET_TREND') ?? [];
      const labels = new Set(
        trends.map((trend) => trend.attribute('label')).filter((label) => label !== undefined),
      );
      const sources = document.links
        .filter(
          (link) => link.arcrole.endsWith('/DATA_SOURCE_IsDataSourceFor_MARKET_TREND') && labels.has(link.to),
        )
        .flatMap((link) => document.labelled(link.from))
        .filter((node) => node.name === 'DATA_SOURCE');
      return [...new Set(sources)]
        .filter((source) => !provided(source, 'DataSourceName'))
        .map((source) => absent(source, 'DataSourceName'));
    },
  },
];
