import type { XmlNode } from '../xml-tree.ts';
import type { H1Document } from './document.ts';
import {
  at,
  otherDescribed,
  provided,
  required,
  subjectProperty,
  valueIs,
  type H1Rule,
  type Hit,
} from './rule.ts';
import { dayNumber, decimal, isFalse, isFullDate, isTrue } from './values.ts';

/**
 * The subject's sale: the contract the appraiser analysed, the subject's own sales and
 * transfers before it, and its listings in the year before the effective date.
 */
const CONTRACT = { owners: subjectProperty, within: 'SALES_CONTRACTS/SALES_CONTRACT/SALES_CONTRACT_DETAIL' };
const HISTORY = 'SALES_HISTORIES/SALES_HISTORY';
const LISTING = 'LISTING_INFORMATIONS/LISTING_INFORMATION/LISTING_INFORMATION_DETAIL';

const reviewed = (contract: XmlNode | null) => isTrue(contract?.value('SalesContractReviewedIndicator'));
const hasPriorSales = (subject: XmlNode) =>
  isTrue(subject.value('PROPERTY_DETAIL/PriorSalesOrTransfersIndicator'));
const listedLastYear = (subject: XmlNode) =>
  isTrue(subject.value('LISTING_INFORMATION_SUMMARY/ListedWithinPreviousYearIndicator'));
const listingRelated = (listing: XmlNode | null) => [
  listing?.value('ListingStatusType'),
  listing?.value('ListingType'),
];
const transferType = (history: XmlNode | null) => [history?.value('OwnershipTransferTransactionType')];

/** The written dates at `path` under the subject that are not a full YYYY-MM-DD date. */
export function datesNotFull(
  id: string,
  path: string,
  related?: (date: XmlNode) => (string | undefined)[],
): H1Rule {
  return {
    id,
    check: (document) =>
      (document.subject?.select(path) ?? [])
        .filter((node) => node.text !== '' && !isFullDate(node.text))
        .map((node) => at(node, node.text, related?.(node))),
  };
}

/** The dates at `path` under the subject that are later than the effective date. */
export function datesAfterEffective(id: string, path: string): H1Rule {
  return {
    id,
    check(document: H1Document) {
      const effective = dayNumber(document.effectiveDate);
      if (effective === null) return [];
      const hits: Hit[] = [];
      for (const node of document.subject?.select(path) ?? []) {
        const day = dayNumber(node.text);
        if (day !== null && day > effective) hits.push(at(node, node.text, [document.effectiveDate]));
      }
      return hits;
    },
  };
}

export const contractRules: H1Rule[] = [
  required({
    id: 'UAD1028',
    ...CONTRACT,
    element: 'AllPropertyRightsAppraisedIndicator',
    when: (_contract, subject) => isFalse(subject.value('SITE/SITE_DETAIL/LandOwnedInCommonIndicator')),
  }),
  required({
    id: 'UAD1127',
    ...CONTRACT,
    element: 'SalesConcessionAmountKnownIndicator',
    eachPresent: true,
    when: (contract) => isTrue(contract?.value('SalesConcessionIndicator')),
  }),
  required({
    id: 'UAD1128',
    ...CONTRACT,
    element: 'SalesConcessionIndicator',
    eachPresent: true,
    when: reviewed,
  }),
  required({ id: 'UAD1129', ...CONTRACT, element: 'SalesContractAmount', eachPresent: true, when: reviewed }),
  required({ id: 'UAD1130', ...CONTRACT, element: 'SalesContractDate', eachPresent: true, when: reviewed }),
  datesAfterEffective('UAD1131', `${CONTRACT.within}/SalesContractDate`),
  required({
    id: 'UAD1132',
    ...CONTRACT,
    element: 'SalesContractReviewedIndicator',
    eachPresent: true,
    when: (contract) => isTrue(contract?.value('SalesContractExistsIndicator')),
  }),
  required({
    id: 'UAD1133',
    ...CONTRACT,
    element: 'TotalSalesConcessionAmount',
    eachPresent: true,
    when: (contract) => isTrue(contract?.value('SalesConcessionAmountKnownIndicator')),
  }),
  required({ id: 'UAD1134', ...CONTRACT, element: 'SalesContractExistsIndicator' }),
  required({ id: 'UAD1135', ...CONTRACT, element: 'SaleType', eachPresent: true, when: reviewed }),
  otherDescribed('UAD1136', subjectProperty, CONTRACT.within, 'SaleType'),
  required({
    id: 'UAD1191',
    owners: subjectProperty,
    within: 'PROPERTY_DETAIL',
    element: 'PriorSalesOrTransfersIndicator',
  }),
  required({
    id: 'UAD1192',
    owners: subjectProperty,
    within: HISTORY,
    element: 'OwnershipTransferTransactionType',
    when: (_history, subject) => hasPriorSales(subject),
  }),
  required({
    id: 'UAD1193',
    owners: subjectProperty,
    within: HISTORY,
    element: 'SaleType',
    eachPresent: true,
    when: (history, subject) =>
      hasPriorSales(subject) && valueIs(history, 'OwnershipTransferTransactionType', 'Sale'),
  }),
  otherDescribed('UAD1194', subjectProperty, HISTORY, 'SaleType'),
  required({
    id: 'UAD1195',
    owners: subjectProperty,
    within: HISTORY,
    element: 'OwnershipTransferDate',
    eachPresent: true,
    when: (_history, subject) => hasPriorSales(subject),
    related: transferType,
  }),
  datesNotFull('UAD1196', `${HISTORY}/OwnershipTransferDate`, (date) => transferType(date.parent)),
  {
    id: 'UAD1197',
    check: (document) =>
      (document.subject?.select(`${HISTORY}/OwnershipTransferTransactionAmount`) ?? [])
        .filter((node) => (decimal(node.text) ?? 0) < 0)
        .map((node) => at(node, node.text, transferType(node.parent))),
  },
  otherDescribed('UAD1198', subjectProperty, HISTORY, 'OwnershipTransferAmountNotAvailableReasonType'),
  required({
    id: 'UAD1203',
    owners: subjectProperty,
    within: 'LISTING_INFORMATION_SUMMARY',
    element: 'ListedWithinPreviousYearIndicator',
  }),
  required({
    id: 'UAD1204',
    owners: subjectProperty,
    within: LISTING,
    element: 'DaysOnMarketCount',
    eachPresent: true,
    when: (_listing, subject) => listedLastYear(subject),
    related: listingRelated,
  }),
  required({
    id: 'UAD1205',
    owners: subjectProperty,
    within: LISTING,
    element: 'FinalListPriceAmount',
    eachPresent: true,
    when: (_listing, subject) => listedLastYear(subject),
    related: listingRelated,
  }),
  {
    id: 'UAD1206',
    check: (document) =>
      (document.subject?.select(LISTING) ?? []).flatMap((listing) => {
        const start = listing.first('ListingStartDate');
        const end = dayNumber(listing.value('ListingEndDate'));
        const begun = dayNumber(start?.text);
        return start && begun !== null && end !== null && begun > end
          ? [at(start, start.text, [listing.value('ListingEndDate')])]
          : [];
      }),
  },
  required({
    id: 'UAD1207',
    owners: subjectProperty,
    within: LISTING,
    element: 'ListingStatusType',
    when: (_listing, subject) => listedLastYear(subject),
  }),
  otherDescribed('UAD1208', subjectProperty, LISTING, 'ListingType'),
  {
    id: 'UAD1698',
    check: (document) => {
      const subject = document.subject;
      if (!subject || !hasPriorSales(subject)) return [];
      // Either the price of the transfer or the reason it is not available: one, not both.
      return subject
        .select(HISTORY)
        .filter(
          (history) =>
            provided(history, 'OwnershipTransferTransactionAmount') ===
            provided(history, 'OwnershipTransferAmountNotAvailableReasonType'),
        )
        .map((history) => at(history, '', transferType(history)));
    },
  },
  datesNotFull('UAD1725', `${LISTING}/ListingStartDate`),
  datesNotFull('UAD1726', `${LISTING}/ListingEndDate`),
  datesNotFull('UAD1728', `${CONTRACT.within}/SalesContractDate`),
];
