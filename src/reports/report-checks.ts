import { AppError } from '../errors/app-error.ts';
import type { CheckContext } from './checks/check-context.ts';
import { checkComparables } from './checks/comparables.ts';
import { checkCredentials } from './checks/credentials.ts';
import { reconcileWithOrder } from './checks/order-reconciliation.ts';
import type { Finding } from './findings.ts';
import type { ReportModel } from './report.model.ts';

/**
 * Every check of a report in one list: the GSE rules' findings (read with the report), then the
 * reconciliation with the order, the credentials and the comparables; fatal findings first.
 */
export function allFindings(model: ReportModel, uadFindings: Finding[], context: CheckContext): Finding[] {
  const found = [
    ...uadFindings,
    ...reconcileWithOrder(model, context),
    ...checkCredentials(model, context),
    ...checkComparables(model, context),
  ];
  return [
    ...found.filter((finding) => finding.severity === 'fatal'),
    ...found.filter((f) => f.severity === 'warning'),
  ];
}

export interface FindingCounts {
  fatal: number;
  warning: number;
}

export const countFindings = (findings: Finding[]): FindingCounts => ({
  fatal: findings.filter((finding) => finding.severity === 'fatal').length,
  warning: findings.filter((finding) => finding.severity === 'warning').length,
});

/** How the appraiser answered the findings when submitting. */
export interface FindingAnswers {
  override_reason?: string | undefined;
  acknowledge_warnings?: boolean | undefined;
}

/** What submitting needs given the findings and the company's setting. */
export function answersNeeded(counts: FindingCounts, allowOverride: boolean) {
  return {
    /** Fatal findings block unless the company allows an override, with a reason. */
    blocked: counts.fatal > 0 && !allowOverride,
    override_reason: counts.fatal > 0 && allowOverride,
    acknowledge_warnings: counts.warning > 0,
  };
}

const listed = (findings: Finding[]) =>
  findings
    .slice(0, 50)
    .map((finding) => ({ field: finding.field, message: `${finding.id}: ${finding.message}` }));

/**
 * Refuses (422 report_has_findings) a submission whose findings are not answered: fatal
 * findings without the company's leave to override them with a reason, or warnings not
 * acknowledged. The details list the findings, each with its field.
 */
export function requireAnswered(findings: Finding[], answers: FindingAnswers, allowOverride: boolean): void {
  const counts = countFindings(findings);
  const needed = answersNeeded(counts, allowOverride);
  const fatal = findings.filter((finding) => finding.severity === 'fatal');
  if (needed.blocked)
    throw new AppError(
      'report_has_findings',
      `The report has ${counts.fatal} fatal finding${counts.fatal === 1 ? '' : 's'}: correct the report and submit it again (GET the findings first with POST /orders/{order_id}/report_checks)`,
      listed(fatal),
    );
  if (needed.override_reason && !answers.override_reason?.trim())
    throw new AppError(
      'report_has_findings',
      `The report has ${counts.fatal} fatal finding${counts.fatal === 1 ? '' : 's'}: correct it, or give override_reason to submit it as it is`,
      [
        { field: 'override_reason', message: 'is required to submit a report with fatal findings' },
        ...listed(fatal),
      ],
    );
  if (needed.acknowledge_warnings && answers.acknowledge_warnings !== true)
    throw new AppError(
      'report_has_findings',
      `The report has ${counts.warning} warning${counts.warning === 1 ? '' : 's'}: read them and submit again with acknowledge_warnings=true`,
      [
        { field: 'acknowledge_warnings', message: 'must be true to submit a report with warnings' },
        ...listed(findings.filter((finding) => finding.severity === 'warning')),
      ],
    );
}
