import type { XmlNode } from '../xml-tree.ts';
import { catalogEntry, daysFromCurrent, numericLimit } from './catalog.ts';
import { rolesOfType, type H1Document } from './document.ts';
import { at, required, theAnalysis, type H1Rule, type Hit } from './rule.ts';
import { dayNumber, dayOf, isFullDate, isYearMonth, yearOf } from './values.ts';

/**
 * The report's dates: the effective date and the signatures against the day of the check and
 * each other, and the formats the GSEs require of the other dates they read.
 */
const SUMMARY_DETAIL =
  'VALUATION_REPORT/VALUATION_RECONCILIATION/VALUATION_RECONCILIATION_SUMMARY/VALUATION_RECONCILIATION_SUMMARY_DETAIL';
const RECONSIDERATION = 'VALUATION_REPORT/RECONSIDERATIONS_OF_VALUE/RECONSIDERATION_OF_VALUE';
const MANUFACTURED_HOME = 'IMPROVEMENTS/IMPROVEMENT/MANUFACTURED_HOME/MANUFACTURED_HOME_DETAIL';
const TAX_EXEMPTION = 'PROPERTY_TAXES/PROPERTY_TAX/PROPERTY_TAX_EXEMPTIONS/PROPERTY_TAX_EXEMPTION';

/** The dates a rule reads, found in the document. */
type Dates = (document: H1Document) => XmlNode[];

const effectiveDates: Dates = (document) =>
  document.reconciliation?.all('AppraisalReportEffectiveDate') ?? [];
const executionDates: Dates = (document) =>
  document.document?.select('SIGNATORIES/SIGNATORY/EXECUTION/EXECUTION_DETAIL/ExecutionDate') ?? [];
const reconsiderationDates: Dates = (document) =>
  document.analysis?.select(`${RECONSIDERATION}/ReconsiderationOfValueResultDate`) ?? [];
const subjectDates =
  (path: string): Dates =>
  (document) =>
    document.subject?.select(path) ?? [];

const written = (dates: Dates, document: H1Document) => dates(document).filter((node) => node.text !== '');

/** "If `date` does not include year, month and day (YYYY-MM-DD format)". */
function fullDate(id: string, dates: Dates): H1Rule {
  return {
    id,
    check: (document) =>
      written(dates, document)
        .filter((node) => !isFullDate(node.text))
        .map((node) => at(node)),
  };
}

/** "If `date` does not include year and month (YYYY-MM format)". */
function yearMonth(id: string, dates: Dates): H1Rule {
  return {
    id,
    check: (document) =>
      written(dates, document)
        .filter((node) => !isYearMonth(node.text))
        .map((node) => at(node)),
  };
}

/** "If `date` is in the future": later than the day of the check plus the Max Value's leeway ("Current + 1"). */
function notInFuture(id: string, dates: Dates): H1Rule {
  return {
    id,
    check(document, asOf) {
      const latest = dayOf(asOf) + (daysFromCurrent(catalogEntry(id).max) ?? 0);
      return written(dates, document)
        .filter((node) => (dayNumber(node.text) ?? -Infinity) > latest)
        .map((node) => at(node));
    },
  };
}

/** "If `date` is more than 367 days before the current date" (Min Value "Current - 367"). */
function notStale(id: string, dates: Dates): H1Rule {
  return {
    id,
    check(document, asOf) {
      const earliest = dayOf(asOf) + (daysFromCurrent(catalogEntry(id).min) ?? -367);
      return written(dates, document)
        .filter((node) => (dayNumber(node.text) ?? Infinity) < earliest)
        .map((node) => at(node));
    },
  };
}

/** "If `date` < AppraisalReportEffectiveDate". */
function notBeforeEffective(id: string, dates: Dates): H1Rule {
  return {
    id,
    check(document) {
      const effective = dayNumber(document.effectiveDate);
      if (effective === null) return [];
      return written(dates, document)
        .filter((node) => (dayNumber(node.text) ?? Infinity) < effective)
        .map((node) => at(node, node.text, [document.effectiveDate]));
    },
  };
}

/** The signatories tied to `role` by a SIGNATORY_IsAssociatedWith_ROLE relationship. */
function signatoriesOf(document: H1Document, role: XmlNode): XmlNode[] {
  const label = role.attribute('label');
  if (label === undefined) return [];
  return document.links
    .filter((link) => link.arcrole.endsWith('/SIGNATORY_IsAssociatedWith_ROLE') && link.to === label)
    .flatMap((link) => document.labelled(link.from))
    .filter((node) => node.name === 'SIGNATORY');
}

export const dateRules: H1Rule[] = [
  {
    // A manufactured home built before the HUD code (June 1976) is not eligible: worth a look.
    id: 'UAD1111',
    check(document) {
      const earliest = numericLimit(catalogEntry('UAD1111').min) ?? 1976;
      return written(subjectDates(`${MANUFACTURED_HOME}/ManufacturedHomeManufactureDate`), document)
        .filter((node) => (yearOf(node.text) ?? earliest) < earliest)
        .map((node) => at(node));
    },
  },
  required({
    id: 'UAD1257',
    owners: theAnalysis,
    within: SUMMARY_DETAIL,
    element: 'AppraisalReportEffectiveDate',
  }),
  notStale('UAD1259', effectiveDates),
  fullDate('UAD1260', effectiveDates),
  notInFuture('UAD1505', executionDates),
  fullDate('UAD1507', executionDates),
  {
    // Each appraiser and supervisor signs once.
    id: 'UAD1535',
    check: (document) =>
      rolesOfType(document, 'Appraiser', 'AppraiserSupervisor').flatMap(({ role, type }): Hit[] => {
        const dates = signatoriesOf(document, role).flatMap((signatory) =>
          signatory.select('EXECUTION/EXECUTION_DETAIL/ExecutionDate').filter((node) => node.text !== ''),
        );
        return dates.length === 0 ? [at(role, type)] : dates.slice(1).map((node) => at(node));
      }),
  },
  notBeforeEffective('UAD1536', executionDates),
  {
    // The month of the effective date, compared as YYYY-MM text (both are written so).
    id: 'UAD1611',
    check(document) {
      const month = document.effectiveDate?.slice(0, 7);
      if (month === undefined || !isYearMonth(month)) return [];
      return written(subjectDates(`${TAX_EXEMPTION}/TaxAbatementsOrExemptionsExpirationDate`), document)
        .filter((node) => isYearMonth(node.text) && node.text < month)
        .map((node) => at(node, node.text, [document.effectiveDate]));
    },
  },
  fullDate('UAD1721', subjectDates(`${MANUFACTURED_HOME}/ManufacturedHomeManufactureDate`)),
  yearMonth('UAD1727', subjectDates(`${TAX_EXEMPTION}/TaxAbatementsOrExemptionsExpirationDate`)),
  yearMonth('UAD1741', subjectDates('PROPERTY_DETAIL/CooperativeProprietaryLeaseExpirationDate')),
  fullDate('UAD1755', reconsiderationDates),
  notBeforeEffective('UAD1756', reconsiderationDates),
];
