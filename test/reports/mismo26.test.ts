import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embeddedPdf, readMismo26 } from '../../src/reports/mismo26.reader.ts';
import { detectReportFormat } from '../../src/reports/report-format.ts';
import type { ReportAdjustment, ReportModel } from '../../src/reports/report.model.ts';
import { readUad36 } from '../../src/reports/uad36.reader.ts';
import { parseXml } from '../../src/reports/xml-tree.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const SF1_36_XML = read('../fixtures/uad/SF1/SF1_Appraisal_v1.4.xml');
const SF1_26_XML = read('../fixtures/mismo26/SF1_Appraisal_2.6.xml');
const read26 = (xml: string) => readMismo26(parseXml(xml));

/** The fixture with one piece of text replaced, failing loudly if the text is not there. */
function variant(from: string | RegExp, to: string): string {
  const changed = SF1_26_XML.replace(from, to);
  expect(changed).not.toBe(SF1_26_XML);
  return changed;
}

/**
 * The row of the 1004's grid that each line of SF1's 3.6 grid lands on in the 2.6 file. The
 * form's rows are fixed and fewer: bedrooms and baths share the Room Count row, the sale and
 * contract dates the Date of Sale/Time row ("s08/19;c07/19"), the three below-grade lines the two
 * basement rows (the exit, "wo"/"wu", is part of the Basement line), and lines the form has no
 * row for go on the appraiser's own rows (SALES_COMPARISON/OTHER_FEATURE).
 */
const ROW_IN_2_6: Record<string, string> = {
  SaleDate: 'DateOfSale',
  ContractDate: 'DateOfSale',
  SalesConcessions: 'SalesConcessions',
  SiteSize: 'SiteArea',
  SiteInfluence: 'Location',
  NeighborhoodName: 'Location',
  YearBuilt: 'Age',
  EnergyEfficientAndGreenFeatures: 'EnergyEfficient',
  LivingUnitBedroomCount: 'RoomCount',
  LivingUnitBathroomCount: 'RoomCount',
  LivingUnitStandardFinishedAreaAboveGrade: 'GrossLivingArea',
  LivingUnitStandardFinishedAreaBelowGrade: 'BasementFinish',
  LivingUnitUnfinishedAreaBelowGrade: 'BasementArea',
  'Below Grade Exterior Access': 'BasementArea',
  OverallConditionRating: 'Condition',
  OutdoorLivingAmenity: 'PorchDeck',
  Topography: 'Topography',
  WaterFeaturesAmenity: 'Water Features',
  MiscellaneousAmenity: 'Misc. Amenities',
};

const cents = (value: string) => Math.round(Number(value) * 100);
const byItem = (lines: ReportAdjustment[]) => [...lines].sort((a, b) => a.item.localeCompare(b.item));

/** 3.6 grid lines summed onto the 2.6 rows they land on; the order is the rows' names'. */
function onto26Rows(lines: ReportAdjustment[]): ReportAdjustment[] {
  const rows = new Map<string, number>();
  for (const line of lines) {
    const row = ROW_IN_2_6[line.item];
    if (row === undefined) throw new Error(`no 2.6 row for the 3.6 line ${line.item}`);
    rows.set(row, (rows.get(row) ?? 0) + cents(line.amount));
  }
  return byItem([...rows].map(([item, total]) => ({ item, amount: (total / 100).toFixed(2) })));
}

/**
 * SF1's 3.6 model as the 2.6 file can carry it. Everything not listed here must read the same,
 * field for field; what is listed, the 2.6 format cannot carry:
 * - comparables[].contract_date: the grid gives the contract's month and year only ("c07/19");
 * - comparables[].adjustments: the 1004's fixed grid rows, under their 2.6 names (ROW_IN_2_6) —
 *   the amounts must still add up, row by row;
 * - photos: a 2.6 GSE file carries its photos as pages of the embedded PDF; it can name image
 *   files (IMAGE/REFERENCED_FILE), but has no place for 3.6's photo categories, and SF1's names none;
 * - documents: the PDF is embedded in the file (embeddedPdf), not a file named beside it.
 */
function as26(model: ReportModel): ReportModel {
  return {
    ...model,
    format: 'mismo_2.6',
    comparables: model.comparables.map((comparable) => ({
      ...comparable,
      contract_date: null,
      adjustments: onto26Rows(comparable.adjustments),
    })),
    photos: [],
    documents: [],
  };
}

describe('the MISMO 2.6 GSE reader', () => {
  it("reads SF1's 2.6 file into SF1's 3.6 model, but for what 2.6 cannot carry", () => {
    const sf1 = readUad36(parseXml(SF1_36_XML));
    const model = read26(SF1_26_XML);
    const expected = as26(sf1);
    const sortedGrid = (found: ReportModel) => ({
      ...found,
      comparables: found.comparables.map((comparable) => ({
        ...comparable,
        adjustments: byItem(comparable.adjustments),
      })),
    });
    expect(sortedGrid(model)).toEqual(expected);
    // The carve-outs are real differences, not the reader missing them.
    expect(sf1.comparables.map((comparable) => comparable.contract_date)).toEqual([
      '2019-07-22',
      '2019-08-05',
      '2019-07-02',
    ]);
    expect(model.comparables.map((comparable) => comparable.net_adjustment)).toEqual([
      '30760.00',
      '40540.00',
      '14400.00',
    ]);
  });

  it.each(['491,000', '$491,000'])('reads a value written %s as 491000.00', (written) => {
    const xml = variant('PropertyAppraisedValueAmount="491000"', `PropertyAppraisedValueAmount="${written}"`);
    expect(read26(xml).value).toBe('491000.00');
  });

  it.each([
    ['FNM1073', 'condominium', 'traditional'],
    ['FNM1075', 'condominium', 'exterior'],
    ['FNM2055', 'single_family', 'exterior'],
    ['FNM1004C', 'manufactured', 'traditional'],
    ['FNM1025', 'two_to_four_units', 'traditional'],
    ['FNM2090', 'cooperative', 'traditional'],
  ])('reads form %s as a %s property, a %s appraisal', (form, kind, method) => {
    const model = read26(variant('AppraisalFormType="FNM1004"', `AppraisalFormType="${form}"`));
    expect([model.subject.property_kind, model.valuation_method]).toEqual([kind, method]);
  });

  it.each([
    ['_Type="License"', 'licensed'],
    ['_Type="Other" _TypeOtherDescription="Certified General"', 'certified_general'],
    ['_Type="Other" _TypeOtherDescription="Registered Trainee"', 'trainee'],
  ])("reads the license %s at the model's level %s", (license, level) => {
    const model = read26(variant('_Type="Certificate"', license));
    expect(model.appraiser?.license?.level).toBe(level);
  });

  it('reads an FHA case number from the file number the appraiser named so', () => {
    const model = read26(
      variant(
        'AppraiserAdditionalFileIdentifierName="AMC File No." AppraiserAdditionalFileIdentifier="543234"',
        'AppraiserAdditionalFileIdentifierName="FHA Case No." AppraiserAdditionalFileIdentifier="123-4567890"',
      ),
    );
    expect(model.government_agency).toBe('FHA');
    expect(model.agency_case_number).toBe('123-4567890');
    expect(model.file_numbers.management_company).toBeNull();
  });

  it('signs a net adjustment the file marks as downward', () => {
    const model = read26(
      variant(
        'SalePriceTotalAdjustmentAmount="30760" SalesPriceTotalAdjustmentPositiveIndicator="Y"',
        'SalePriceTotalAdjustmentAmount="30760" SalesPriceTotalAdjustmentPositiveIndicator="N"',
      ),
    );
    expect(model.comparables[0]!.net_adjustment).toBe('-30760.00');
  });

  it('names the image files and documents a file references beside it', () => {
    const model = read26(
      variant(
        '</EMBEDDED_FILE>',
        '</EMBEDDED_FILE><REFERENCED_FILE _Name="SF1_Addendum.pdf" _Type="PDF"/>',
      ).replace(
        /<FORM ([^>]*)\/>/,
        '<FORM $1><IMAGE _Identifier="SubjectFront" _CaptionComment="Front"><REFERENCED_FILE _Name="front.jpg"/></IMAGE></FORM>',
      ),
    );
    expect(model.documents).toEqual(['SF1_Addendum.pdf']);
    expect(model.photos).toEqual([{ reference: 'front.jpg', category: 'SubjectFront', caption: 'Front' }]);
  });
});

describe('the PDF embedded in a 2.6 file', () => {
  it('decodes to the one-page PDF the fixture embeds', async () => {
    const pdf = embeddedPdf(parseXml(SF1_26_XML));
    expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(pdf!)).getPageCount()).toBe(1);
  });

  it('is null when the file embeds none', () => {
    expect(embeddedPdf(parseXml(variant(/<EMBEDDED_FILE[\s\S]*<\/EMBEDDED_FILE>/, '')))).toBeNull();
  });

  it('is refused when what is embedded is not a PDF, whatever the file declares', () => {
    const html = Buffer.from('<html>not a report</html>').toString('base64');
    const xml = variant(/<DOCUMENT>[\s\S]*<\/DOCUMENT>/, `<DOCUMENT>${html}</DOCUMENT>`);
    expect(embeddedPdf(parseXml(xml))).toBeNull();
  });
});

describe('the report format', () => {
  it('is uad_3.6 for a MISMO 3.6 MESSAGE and mismo_2.6 for a 2.6 VALUATION_RESPONSE', () => {
    expect(detectReportFormat(parseXml(SF1_36_XML))).toBe('uad_3.6');
    expect(detectReportFormat(parseXml(SF1_26_XML))).toBe('mismo_2.6');
    expect(
      detectReportFormat(
        parseXml(
          '<VALUATION_RESPONSE MISMOVersionID="2.6GSE"><REPORT AppraisalFormType="FNM1073"/></VALUATION_RESPONSE>',
        ),
      ),
    ).toBe('mismo_2.6');
  });

  it.each([
    ['another product', '<INVOICE><TOTAL>1</TOTAL></INVOICE>'],
    ['an older MISMO appraisal', '<VALUATION_RESPONSE MISMOVersionID="2.4"/>'],
    ['a MISMO 3.4 message', '<MESSAGE MISMOReferenceModelIdentifier="3.4.032420160128"/>'],
    [
      'a 2.6 valuation response that fills no form',
      '<VALUATION_RESPONSE MISMOVersionID="2.6"><PROPERTY _City="Austin"/><VALUATION _AppraisedValue="425000"/></VALUATION_RESPONSE>',
    ],
  ])('is null for %s', (_what, xml) => {
    expect(detectReportFormat(parseXml(xml))).toBeNull();
  });
});
