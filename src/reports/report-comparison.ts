import type { Finding } from './findings.ts';
import type { ReportModel } from './report.model.ts';

/**
 * What changed from one submission of a report to the next, for the reviewer who sent it back:
 * the figures a revision is about, and the findings it cleared or brought.
 */
const COMPARED: [string, (report: ReportModel) => string | null][] = [
  ['value', (report) => report.value],
  ['effective_date', (report) => report.effective_date],
  ['condition_of_value', (report) => report.condition_of_value],
  ['contract.price', (report) => report.contract?.price ?? null],
  ['subject.condition', (report) => report.subject.condition],
  ['subject.quality', (report) => report.subject.quality],
  ['comparables', (report) => String(report.comparables.length)],
];

const key = (finding: Finding) => `${finding.id} ${finding.field}`;

export interface ReportChanges {
  fields: { field: string; before: string | null; after: string | null }[];
  findings_cleared: Finding[];
  findings_new: Finding[];
}

export function compareReports(
  before: { report: ReportModel; findings: Finding[] },
  after: { report: ReportModel; findings: Finding[] },
): ReportChanges {
  const fields = COMPARED.flatMap(([field, read]) => {
    const was = read(before.report);
    const is = read(after.report);
    return was === is ? [] : [{ field, before: was, after: is }];
  });
  // A comparable's adjusted price, by its number: a revision's usual subject.
  for (const comparable of after.report.comparables) {
    const was = before.report.comparables.find((other) => other.number === comparable.number);
    if (was && was.adjusted_price !== comparable.adjusted_price)
      fields.push({
        field: `comparables[${comparable.number}].adjusted_price`,
        before: was.adjusted_price,
        after: comparable.adjusted_price,
      });
  }
  const beforeKeys = new Set(before.findings.map(key));
  const afterKeys = new Set(after.findings.map(key));
  return {
    fields,
    findings_cleared: before.findings.filter((finding) => !afterKeys.has(key(finding))),
    findings_new: after.findings.filter((finding) => !beforeKeys.has(key(finding))),
  };
}
