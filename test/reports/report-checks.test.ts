import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THRESHOLDS,
  type AppraiserFacts,
  type CheckContext,
} from '../../src/reports/checks/check-context.ts';
import { checkComparables } from '../../src/reports/checks/comparables.ts';
import { checkCredentials } from '../../src/reports/checks/credentials.ts';
import type { ReportComparable, ReportModel } from '../../src/reports/report.model.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { requireAnswered } from '../../src/reports/report-checks.ts';
import { readUad36 } from '../../src/reports/uad36.reader.ts';
import { parseXml } from '../../src/reports/xml-tree.ts';

const read = (path: string) => readUad36(parseXml(readFileSync(path, 'utf8')));
const sf1 = read('test/fixtures/uad/SF1/SF1_Appraisal_v1.4.xml');
const twoToFour = read('test/fixtures/uad/xml/2-to-4-unit_Appraisal_v1.4.xml');

/** Agatha Appraiser, as the panel holds her: the VA license SF1 is signed under. */
const AGATHA: AppraiserFacts = {
  name: 'Agatha Appraiser',
  licenses: [
    {
      state: 'VA',
      number: 'XYZ-12345',
      level: 'certified_residential',
      expires_on: '2020-10-10',
      registry_status: 'active',
    },
  ],
};

const context = (change: Partial<CheckContext> = {}): CheckContext => ({
  order: {
    file_number: '543234',
    address_one: '123 Falling Tree Ct',
    address_two: null,
    city: 'Treeville',
    state: 'VA',
    zip: '12345',
    county: null,
    latitude: null,
    longitude: null,
    loan_type: 'conventional',
    transaction_type: 'purchase',
    fha_case_number: null,
    contract_price: null,
    client_name: 'DEF Bank',
    lender_name: null,
    product_names: ['Full Appraisal (1004)'],
    certified_product_names: [],
  },
  appraiser: AGATHA,
  thresholds: DEFAULT_THRESHOLDS,
  as_of: '2019-09-25',
  ...change,
});

const withComparable = (
  report: ReportModel,
  number: number,
  change: Partial<ReportComparable>,
): ReportModel => ({
  ...report,
  comparables: report.comparables.map((comparable) =>
    comparable.number === number ? { ...comparable, ...change } : comparable,
  ),
});
const ids = (findings: { id: string }[]) => findings.map((finding) => finding.id);

describe("the comparables' arithmetic and sanity", () => {
  it('finds nothing in the GSE samples (their coordinates are placeholders, their grids add up)', () => {
    expect(checkComparables(sf1, context())).toEqual([]);
  });

  it('checks the adjusted price against the price and the net adjustment, and the net against the lines', () => {
    const off = checkComparables(withComparable(sf1, 2, { adjusted_price: '491540.00' }), context());
    expect(off.map((finding) => [finding.id, finding.field, finding.severity])).toEqual([
      ['CMP-ADJUSTED-PRICE', 'comparables[2].adjusted_price', 'fatal'],
    ]);
    expect(off[0]!.message).toBe(
      'Comparable 2: the adjusted price $491,540 is not the price $450,000 plus the net adjustment $40,540 ($490,540).',
    );
    const lines = sf1.comparables[0]!.adjustments.map((line, index) =>
      index === 0 ? { ...line, amount: '2500.00' } : line,
    );
    expect(ids(checkComparables(withComparable(sf1, 1, { adjustments: lines }), context()))).toEqual([
      'CMP-NET-ADJUSTMENT',
    ]);
  });

  it('flags a sale older than the company allows, or after the effective date', () => {
    expect(ids(checkComparables(withComparable(sf1, 3, { sale_date: '2018-08-31' }), context()))).toEqual([
      'CMP-SALE-AGE',
    ]);
    const stricter = context({ thresholds: { ...DEFAULT_THRESHOLDS, comparable_max_age_months: 1 } });
    // Effective 2019-09-20: comparable 1 sold 2019-08-17, before 2019-08-20; 3 sold 2019-08-31.
    expect(checkComparables(sf1, stricter).map((finding) => finding.field)).toEqual([
      'comparables[1].sale_date',
    ]);
    expect(ids(checkComparables(withComparable(sf1, 3, { sale_date: '2019-09-21' }), context()))).toEqual([
      'CMP-SALE-AFTER-EFFECTIVE',
    ]);
  });

  it("compares the stated proximity with the coordinates' distance", () => {
    const placed: ReportModel = { ...sf1, subject: { ...sf1.subject, latitude: 38.9, longitude: -77.3 } };
    const near = withComparable(placed, 1, { latitude: 38.9, longitude: -77.2966, proximity_miles: 0.17 });
    const first = <F extends { field: string }>(findings: F[]) =>
      findings.filter((finding) => finding.field === 'comparables[1].proximity_miles');
    expect(first(checkComparables(near, context()))).toEqual([]);
    const far = withComparable(placed, 1, { latitude: 38.95, longitude: -77.3, proximity_miles: 0.17 });
    const found = first(checkComparables(far, context()));
    expect(found.map((finding) => finding.message)).toEqual([
      'Comparable 1: the report gives 0.17 miles from the subject; its coordinates are 3.50 miles away.',
    ]);
  });

  it('flags a value outside the adjusted prices, and adjustments above the thresholds', () => {
    expect(ids(checkComparables({ ...sf1, value: '540000.00' }, context()))).toEqual(['CMP-VALUE-RANGE']);
    // The 2-4 unit sample's comparable 1: a net adjustment of -84,200 on 279,000 (30.2 %).
    const found = checkComparables(twoToFour, context());
    expect(
      found.filter((finding) => finding.field === 'comparables[1].net_adjustment').map((f) => f.message),
    ).toEqual([
      'Comparable 1: a net adjustment of 30.2 % of the price, above 15 %: the report should say why this sale is still comparable.',
    ]);
  });
});

describe('the credentials the report is signed under', () => {
  it('finds nothing when the license is the one on the panel, whatever its punctuation', () => {
    expect(checkCredentials(sf1, context())).toEqual([]);
  });

  it('refuses a license of another state, expired, of the wrong level, or not the one on file', () => {
    const signer = sf1.appraiser!;
    const withLicense = (change: object): ReportModel => ({
      ...sf1,
      appraiser: { ...signer, license: { ...signer.license!, ...change } },
    });
    expect(ids(checkCredentials(withLicense({ state: 'MD' }), context()))).toEqual([
      'CRD-LICENSE-STATE',
      'CRD-NOT-ON-FILE',
    ]);
    expect(ids(checkCredentials(withLicense({ expires_on: '2019-09-01' }), context()))).toEqual([
      'CRD-LICENSE-EXPIRED',
    ]);
    expect(ids(checkCredentials(withLicense({ number: 'XYZ12346' }), context()))).toEqual(['CRD-NUMBER']);
    const certifiedOnly = context();
    certifiedOnly.order.certified_product_names = ['Full Appraisal (1004)'];
    expect(ids(checkCredentials(withLicense({ level: 'licensed' }), certifiedOnly))).toEqual(['CRD-LEVEL']);
  });

  it("holds the license to the panel's records on the effective date and the registry's word", () => {
    const lapsed = { ...AGATHA, licenses: [{ ...AGATHA.licenses[0]!, expires_on: '2019-09-01' }] };
    expect(ids(checkCredentials(sf1, context({ appraiser: lapsed })))).toEqual(['CRD-INACTIVE-ON-EFFECTIVE']);
    const inactive = { ...AGATHA, licenses: [{ ...AGATHA.licenses[0]!, registry_status: 'inactive' }] };
    expect(checkCredentials(sf1, context({ appraiser: inactive })).map((finding) => finding.message)).toEqual(
      ['The national registry shows the VA license XYZ-12345 as inactive.'],
    );
    const someoneElse = { ...AGATHA, name: 'Avery Appraiser' };
    expect(ids(checkCredentials(sf1, context({ appraiser: someoneElse })))).toEqual(['CRD-NAME']);
  });

  it('lets a trainee sign only with a supervisor, and checks the supervisor then', () => {
    // The 2-4 unit sample: a trainee with a certified supervisory appraiser.
    const supervised = checkCredentials(twoToFour, context({ appraiser: null }));
    expect(ids(supervised)).not.toContain('CRD-TRAINEE-ALONE');
    expect(ids(checkCredentials({ ...twoToFour, supervisor: null }, context({ appraiser: null })))).toContain(
      'CRD-TRAINEE-ALONE',
    );
  });
});

describe('answering the findings', () => {
  const fatal = {
    id: 'ORD-ZIP',
    source: 'order' as const,
    severity: 'fatal' as const,
    message: 'x',
    field: 'subject.address.postal_code',
    line: null,
  };
  const warning = {
    ...fatal,
    id: 'ORD-COUNTY',
    severity: 'warning' as const,
    field: 'subject.address.county',
  };
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError)
        return { code: error.code, status: error.status, fields: error.details.map((d) => d.field) };
      throw error;
    }
    return null;
  };

  it('blocks fatal findings, or asks for a reason where the company allows an override', () => {
    expect(refusal(() => requireAnswered([fatal], {}, false))).toEqual({
      code: 'report_has_findings',
      status: 422,
      fields: ['subject.address.postal_code'],
    });
    expect(
      refusal(() => requireAnswered([fatal], { override_reason: 'Lender confirmed' }, false))?.code,
    ).toBe('report_has_findings');
    expect(refusal(() => requireAnswered([fatal], {}, true))?.fields).toEqual([
      'override_reason',
      'subject.address.postal_code',
    ]);
    expect(refusal(() => requireAnswered([fatal], { override_reason: '  ' }, true))?.fields[0]).toBe(
      'override_reason',
    );
    expect(
      refusal(() => requireAnswered([fatal], { override_reason: 'ZIP+4 of the new subdivision' }, true)),
    ).toBeNull();
  });

  it('asks for warnings to be acknowledged', () => {
    expect(refusal(() => requireAnswered([warning], {}, false))?.fields).toEqual([
      'acknowledge_warnings',
      'subject.address.county',
    ]);
    expect(refusal(() => requireAnswered([warning], { acknowledge_warnings: true }, false))).toBeNull();
    expect(refusal(() => requireAnswered([], {}, false))).toBeNull();
  });
});
