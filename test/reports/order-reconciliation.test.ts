import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THRESHOLDS,
  type CheckContext,
  type OrderFacts,
} from '../../src/reports/checks/check-context.ts';
import { reconcileWithOrder } from '../../src/reports/checks/order-reconciliation.ts';
import { readUad36 } from '../../src/reports/uad36.reader.ts';
import { parseXml } from '../../src/reports/xml-tree.ts';

const sf1 = readUad36(parseXml(readFileSync('test/fixtures/uad/SF1/SF1_Appraisal_v1.4.xml', 'utf8')));

/** The order SF1 was written for, as the service would hold it. */
const SF1_ORDER: OrderFacts = {
  file_number: '543234',
  address_one: '123 Falling Tree Court',
  address_two: null,
  city: 'Treeville',
  state: 'VA',
  zip: '12345-0001',
  county: 'Arboreal County',
  latitude: null,
  longitude: null,
  loan_type: 'conventional',
  transaction_type: 'purchase',
  fha_case_number: null,
  contract_price: '489000.00',
  client_name: 'DEF Bank, N.A.',
  lender_name: null,
  product_names: ['Full Appraisal (1004)'],
  certified_product_names: [],
};

const context = (order: Partial<OrderFacts>): CheckContext => ({
  order: { ...SF1_ORDER, ...order },
  appraiser: null,
  thresholds: DEFAULT_THRESHOLDS,
  as_of: '2019-09-25',
});

describe('the report against its order', () => {
  it('finds nothing when the order is the one SF1 was written for (spelled the way orders are)', () => {
    expect(reconcileWithOrder(sf1, context({}))).toEqual([]);
  });

  // Each seeded mismatch of the order against SF1 gives exactly one finding, of its own check.
  const MISMATCHES: [string, string, Partial<OrderFacts>, RegExp][] = [
    [
      'street address',
      'ORD-ADDRESS',
      { address_one: '125 Falling Tree Ct' },
      /for 123 Falling Tree Ct; the order is for 125/,
    ],
    ['city', 'ORD-CITY', { city: 'Oakville' }, /city is Treeville; the order's is Oakville/],
    ['state', 'ORD-STATE', { state: 'MD' }, /state is VA; the order's is MD/],
    ['ZIP code', 'ORD-ZIP', { zip: '12354' }, /ZIP code is 12345; the order's is 12354/],
    ['county', 'ORD-COUNTY', { county: 'Fairfax' }, /county is Arboreal; the order's is Fairfax/],
    [
      'file number',
      'ORD-FILE-NUMBER',
      { file_number: 'AMC-00000042' },
      /is 543234; this order's is AMC-00000042/,
    ],
    ['client', 'ORD-CLIENT', { client_name: 'Random National Bank' }, /names DEF Bank as client/],
    [
      'transaction',
      'ORD-TRANSACTION',
      { transaction_type: 'refinance' },
      /assignment is a purchase; the order is a refinance/,
    ],
    [
      'product and method',
      'ORD-PRODUCT-METHOD',
      { product_names: ['Desktop Appraisal (1004 Desktop)'] },
      /traditional appraisal/,
    ],
    [
      'product and property',
      'ORD-PRODUCT-PROPERTY',
      { product_names: ['Condominium Appraisal (1073)'] },
      /appraises a single-family home/,
    ],
    [
      'contract price',
      'ORD-CONTRACT-PRICE',
      { contract_price: '495000.00' },
      /contract price is \$489,000; the order's is \$495,000/,
    ],
    [
      'FHA loan',
      'ORD-FHA-CASE',
      { loan_type: 'fha', fha_case_number: '123-4567890' },
      /not marked as prepared for FHA/,
    ],
    [
      'FHA case number format',
      'ORD-FHA-CASE',
      { loan_type: 'fha', fha_case_number: '1234567' },
      /not of the form 123-4567890/,
    ],
  ];
  it.each(MISMATCHES)('a different %s gives %s alone', (_what, id, order, message) => {
    const found = reconcileWithOrder(sf1, context(order));
    expect(found.map((finding) => finding.id)).toEqual([id]);
    expect(found[0]!.message).toMatch(message);
    expect(found[0]!.source).toBe('order');
  });

  it('flags a value below the contract price, and a report for VA on a conventional order', () => {
    const below = reconcileWithOrder({ ...sf1, value: '480000.00' }, context({}));
    expect(below.map((finding) => [finding.id, finding.severity])).toEqual([
      ['ORD-VALUE-BELOW-CONTRACT', 'warning'],
    ]);
    expect(below[0]!.message).toBe(
      'The opinion of value, $480,000, is below the contract price, $489,000: tell the lender before delivery.',
    );
    const va = reconcileWithOrder({ ...sf1, government_agency: 'VA' }, context({}));
    expect(va.map((finding) => finding.id)).toEqual(['ORD-LOAN-TYPE']);
  });

  it('matches an FHA report by its case number, whatever the punctuation, and not another', () => {
    const fha = { ...sf1, government_agency: 'FHA', agency_case_number: '1234567890' };
    expect(reconcileWithOrder(fha, context({ loan_type: 'fha', fha_case_number: '123-4567890' }))).toEqual(
      [],
    );
    const other = reconcileWithOrder(fha, context({ loan_type: 'fha', fha_case_number: '123-4567891' }));
    expect(other.map((finding) => finding.message)).toEqual([
      "The report's FHA case number is 1234567890; the order's is 123-4567891.",
    ]);
  });

  it('asks for the file number when the report carries none, and tells units apart', () => {
    const none = reconcileWithOrder(
      { ...sf1, file_numbers: { ...sf1.file_numbers, management_company: null } },
      context({}),
    );
    expect(none.map((finding) => [finding.id, finding.field])).toEqual([
      ['ORD-FILE-NUMBER', 'file_numbers.management_company'],
    ]);
    const unit = { ...sf1, subject: { ...sf1.subject, address: { ...sf1.subject.address, unit: '2C' } } };
    expect(reconcileWithOrder(unit, context({ address_two: 'Unit 2C' }))).toEqual([]);
    expect(
      reconcileWithOrder(unit, context({ address_two: 'Apt 3B' })).map((finding) => finding.message),
    ).toEqual(['The report is for unit 2C; the order is for unit 3B.']);
  });
});
