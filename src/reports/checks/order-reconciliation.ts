import type { Finding, FindingSeverity } from '../findings.ts';
import type { ReportModel } from '../report.model.ts';
import { namesOverlap, sameAddressLine, sameName, sameZip, unitNumber } from './address-match.ts';
import type { CheckContext } from './check-context.ts';

/**
 * The report against the order it was ordered for: what no GSE tool can check, since UCDP and
 * Collateral Underwriter never see the order. Each check answers at most one finding, so that
 * one mismatch reads as one line on the review page.
 */
interface ReconciliationCheck {
  id: string;
  severity: FindingSeverity;
  /** The report model's field the finding points at. */
  field: string;
  /** The sentence when the report and the order disagree; null when they agree. */
  check(this: void, report: ReportModel, context: CheckContext): string | null;
}

const money = (value: string) =>
  `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** The order's transaction types and the report's assignment types that go with them. */
const ASSIGNMENT_TYPES: Record<string, string[]> = {
  purchase: ['purchase'],
  refinance: ['refinance'],
  home_equity: ['home_equity', 'refinance'],
  construction: ['construction'],
  construction_purchase: ['construction', 'purchase'],
  construction_refinance: ['construction', 'refinance'],
  reo: ['reo'],
  liquidation: ['reo', 'short_sale', 'preforeclosure', 'deed_in_lieu'],
};

/** The valuation method a product's name implies: a desktop product needs a desktop report. */
function methodOfProduct(name: string): string | null {
  const upper = name.toUpperCase();
  if (upper.includes('DESKTOP')) return 'desktop';
  if (upper.includes('HYBRID')) return 'hybrid';
  if (upper.includes('EXTERIOR') || /\b2055\b/.test(upper)) return 'exterior';
  if (/\b(1004|1073|1025|1004C|2090)\b/.test(upper) || upper.includes('FULL APPRAISAL')) return 'traditional';
  return null;
}

/** The kind of property a product's form is for (1073 condominium, 1025 two to four units…). */
function kindOfProduct(name: string): string | null {
  const upper = name.toUpperCase();
  if (/\b1073\b/.test(upper) || upper.includes('CONDO')) return 'condominium';
  if (/\b1025\b/.test(upper) || upper.includes('2-4') || upper.includes('SMALL INCOME'))
    return 'two_to_four_units';
  if (/\b1004C\b/.test(upper) || upper.includes('MANUFACTURED')) return 'manufactured';
  if (/\b2090\b/.test(upper) || upper.includes('CO-OP') || upper.includes('COOPERATIVE'))
    return 'cooperative';
  return null;
}

const KIND_NAMES: Record<string, string> = {
  single_family: 'a single-family home',
  condominium: 'a condominium unit',
  cooperative: 'a cooperative unit',
  manufactured: 'a manufactured home',
  two_to_four_units: 'a two-to-four-unit property',
};

/** An FHA case number: three digits, a hyphen and seven digits, maybe a three-digit suffix. */
export const FHA_CASE_NUMBER = /^\d{3}-\d{7}(-\d{3})?$/;
const digits = (value: string) => value.replace(/\D/g, '');

/** The order's products a report is checked against: those with a form (not a final inspection alone). */
const reportProducts = (context: CheckContext) =>
  context.order.product_names.filter((name) => !/\b1004D\b|FINAL INSPECTION/i.test(name));

export const RECONCILIATION_CHECKS: readonly ReconciliationCheck[] = [
  {
    id: 'ORD-ADDRESS',
    severity: 'fatal',
    field: 'subject.address.line',
    check({ subject }, { order }) {
      const line = subject.address.line;
      if (line === null) return null;
      const unitOnOrder = order.address_two ? unitNumber(order.address_two) : null;
      const unitOnReport = subject.address.unit ? unitNumber(subject.address.unit) : null;
      const sameLine =
        sameAddressLine(line, order.address_one) ||
        sameAddressLine(
          `${line} ${subject.address.unit ?? ''}`,
          `${order.address_one} ${order.address_two ?? ''}`,
        );
      if (!sameLine)
        return `The report is for ${line}; the order is for ${order.address_one}. Check that the report is for the ordered property.`;
      if (unitOnOrder && unitOnReport && unitOnOrder !== unitOnReport)
        return `The report is for unit ${unitOnReport}; the order is for unit ${unitOnOrder}.`;
      return null;
    },
  },
  {
    id: 'ORD-CITY',
    severity: 'fatal',
    field: 'subject.address.city',
    check({ subject }, { order }) {
      const city = subject.address.city;
      return city !== null && !sameName(city, order.city)
        ? `The report's city is ${city}; the order's is ${order.city}.`
        : null;
    },
  },
  {
    id: 'ORD-STATE',
    severity: 'fatal',
    field: 'subject.address.state',
    check({ subject }, { order }) {
      const state = subject.address.state;
      return state !== null && state.toUpperCase() !== order.state.toUpperCase()
        ? `The report's state is ${state}; the order's is ${order.state}.`
        : null;
    },
  },
  {
    id: 'ORD-ZIP',
    severity: 'fatal',
    field: 'subject.address.postal_code',
    check({ subject }, { order }) {
      const zip = subject.address.postal_code;
      return zip !== null && !sameZip(zip, order.zip)
        ? `The report's ZIP code is ${zip}; the order's is ${order.zip}.`
        : null;
    },
  },
  {
    id: 'ORD-COUNTY',
    severity: 'warning',
    field: 'subject.address.county',
    check({ subject }, { order }) {
      const county = subject.address.county;
      return county !== null && order.county !== null && !sameName(county, order.county)
        ? `The report's county is ${county}; the order's is ${order.county}.`
        : null;
    },
  },
  {
    id: 'ORD-FILE-NUMBER',
    severity: 'warning',
    field: 'file_numbers.management_company',
    check({ file_numbers }, { order }) {
      const number = file_numbers.management_company;
      if (number === null)
        return `The report does not carry the company's file number; enter ${order.file_number} as the management company's file number.`;
      return number.trim().toUpperCase() !== order.file_number.toUpperCase()
        ? `The report's management company file number is ${number}; this order's is ${order.file_number}.`
        : null;
    },
  },
  {
    id: 'ORD-FHA-CASE',
    severity: 'fatal',
    field: 'agency_case_number',
    check({ agency_case_number, government_agency }, { order }) {
      if (order.loan_type !== 'fha') return null;
      if (order.fha_case_number === null || !FHA_CASE_NUMBER.test(order.fha_case_number.trim()))
        return `The order's FHA case number (${order.fha_case_number ?? 'none'}) is not of the form 123-4567890: correct the order before the report is delivered.`;
      if (government_agency !== 'FHA')
        return `The order is an FHA loan; the report is not marked as prepared for FHA.`;
      if (agency_case_number === null)
        return `The report does not carry the FHA case number ${order.fha_case_number}.`;
      return digits(agency_case_number).slice(0, 10) !== digits(order.fha_case_number).slice(0, 10)
        ? `The report's FHA case number is ${agency_case_number}; the order's is ${order.fha_case_number}.`
        : null;
    },
  },
  {
    id: 'ORD-LOAN-TYPE',
    severity: 'warning',
    field: 'government_agency',
    check({ government_agency }, { order }) {
      if (government_agency === null || order.loan_type === 'fha') return null;
      return government_agency.toLowerCase() !== order.loan_type
        ? `The report was prepared for ${government_agency}; the order's loan type is ${order.loan_type}.`
        : null;
    },
  },
  {
    id: 'ORD-CLIENT',
    severity: 'warning',
    field: 'client.name',
    check({ client, lender }, { order }) {
      const named = [client.name, lender.name].filter((name): name is string => name !== null);
      if (named.length === 0) return null;
      const ours = [order.client_name, order.lender_name].filter((name): name is string => name !== null);
      if (named.some((name) => ours.some((our) => namesOverlap(name, our)))) return null;
      const theirs =
        client.name && lender.name && client.name !== lender.name
          ? `${client.name} as client and ${lender.name} as lender`
          : `${client.name ?? lender.name} as client`;
      return `The report names ${theirs}; the order's client is ${ours.join(', lender ')}.`;
    },
  },
  {
    id: 'ORD-TRANSACTION',
    severity: 'warning',
    field: 'assignment_type',
    check({ assignment_type }, { order }) {
      const expected = ASSIGNMENT_TYPES[order.transaction_type];
      if (assignment_type === null || expected === undefined) return null;
      return expected.includes(assignment_type)
        ? null
        : `The report's assignment is a ${assignment_type.replace(/_/g, ' ')}; the order is a ${order.transaction_type.replace(/_/g, ' ')}.`;
    },
  },
  {
    id: 'ORD-PRODUCT-METHOD',
    severity: 'fatal',
    field: 'valuation_method',
    check({ valuation_method }, context) {
      if (valuation_method === null) return null;
      const wanted = reportProducts(context).flatMap((name) => {
        const method = methodOfProduct(name);
        return method ? [{ name, method }] : [];
      });
      if (wanted.length === 0 || wanted.some(({ method }) => method === valuation_method)) return null;
      return `The order is for ${wanted.map(({ name }) => name).join(', ')}; the report is a ${valuation_method} appraisal.`;
    },
  },
  {
    id: 'ORD-PRODUCT-PROPERTY',
    severity: 'warning',
    field: 'subject.property_kind',
    check({ subject }, context) {
      const kind = subject.property_kind;
      if (kind === null) return null;
      const wanted = reportProducts(context).flatMap((name) => {
        const expected = kindOfProduct(name);
        return expected ? [{ name, expected }] : [];
      });
      if (wanted.length === 0 || wanted.some(({ expected }) => expected === kind)) return null;
      return `The order is for ${wanted.map(({ name }) => name).join(', ')}; the report appraises ${KIND_NAMES[kind] ?? kind}.`;
    },
  },
  {
    id: 'ORD-CONTRACT-PRICE',
    severity: 'fatal',
    field: 'contract.price',
    check({ contract }, { order }) {
      if (order.contract_price === null) return null;
      const price = contract?.price ?? null;
      if (price === null)
        return `The order has a contract price of ${money(order.contract_price)}; the report states no contract.`;
      return Number(price) !== Number(order.contract_price)
        ? `The report's contract price is ${money(price)}; the order's is ${money(order.contract_price)}.`
        : null;
    },
  },
  {
    id: 'ORD-VALUE-BELOW-CONTRACT',
    severity: 'warning',
    field: 'value',
    check({ value, contract }, { order }) {
      const price = contract?.price ?? order.contract_price;
      if (value === null || price === null) return null;
      return Number(value) < Number(price)
        ? `The opinion of value, ${money(value)}, is below the contract price, ${money(price)}: tell the lender before delivery.`
        : null;
    },
  },
];

export function reconcileWithOrder(report: ReportModel, context: CheckContext): Finding[] {
  return RECONCILIATION_CHECKS.flatMap(({ id, severity, field, check }) => {
    const message = check(report, context);
    return message === null ? [] : [{ id, source: 'order' as const, severity, message, field, line: null }];
  });
}
