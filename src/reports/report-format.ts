import type { ReportFormat } from './report.model.ts';
import type { XmlNode } from './xml-tree.ts';

/**
 * The versions a legacy 2.6 file declares on its root: the GSE extension schema fixes "2.6GSE"
 * (Property Information Valuation Response v2.6 GSE Extension Schema), and software that wrote
 * the plain MISMO 2.6 response to the GSE forms said "2.6".
 */
const MISMO_26_VERSIONS = ['2.6', '2.6gse'];

/**
 * Which appraisal format a parsed XML document is: a UAD 3.6 file is a MISMO 3.6 MESSAGE (its
 * MISMOReferenceModelIdentifier is 3.6.x, e.g. "3.6.0366"); a legacy file is a MISMO 2.6
 * VALUATION_RESPONSE that is an appraisal report: its REPORT names the form it fills
 * (AppraisalFormType, FNM1004…), as every GSE 2.6 file does. Anything else — another MISMO
 * version, a valuation response that is not a form report, another product's XML — is null, and
 * is stored unread rather than misread.
 */
export function detectReportFormat(root: XmlNode): ReportFormat | null {
  if (root.name === 'MESSAGE') {
    const version = root.attribute('MISMOReferenceModelIdentifier')?.trim() ?? '';
    return version.startsWith('3.6') ? 'uad_3.6' : null;
  }
  if (root.name === 'VALUATION_RESPONSE') {
    const version = root.attribute('MISMOVersionID')?.trim().toLowerCase() ?? '';
    const form = root.first('REPORT')?.attribute('AppraisalFormType')?.trim();
    return MISMO_26_VERSIONS.includes(version) && form ? 'mismo_2.6' : null;
  }
  return null;
}
