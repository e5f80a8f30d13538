import type { Db } from '../db/connection.ts';
import type { CheckContext } from './checks/check-context.ts';
import type { Finding } from './findings.ts';
import {
  allFindings,
  answersNeeded,
  countFindings,
  type FindingAnswers,
  type FindingCounts,
} from './report-checks.ts';
import {
  appraiserFacts,
  orderFacts,
  reportSettings,
  type ReportSettings,
} from './report-context.repository.ts';
import { readSubmittedReport, type ReadReport, type SubmittedReportFile } from './report-reading.ts';

/**
 * A submitted report read and checked against its order (docs/reports.md): what the pre-check
 * answers and what submitting records. Reading and checking touch nothing in the database.
 */
export interface CheckedReport {
  read: ReadReport;
  findings: Finding[];
  counts: FindingCounts;
  settings: ReportSettings;
  asOf: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Reads the report among `files` and checks it; null when they hold no appraisal XML to read. */
export async function checkSubmittedReport(
  db: Db,
  orderId: string,
  files: SubmittedReportFile[],
  options: { directory: string; now: Date },
): Promise<CheckedReport | null> {
  const read = await readSubmittedReport(files, { directory: options.directory, asOf: options.now });
  if (!read) return null;
  try {
    const asOf = dayOf(options.now);
    const order = await orderFacts(db, orderId);
    const settings = await reportSettings(db, order.company_id);
    const context: CheckContext = {
      order,
      appraiser: order.appraiser_id ? await appraiserFacts(db, order.appraiser_id, asOf) : null,
      thresholds: settings,
      as_of: asOf,
    };
    const findings = allFindings(read.model, read.uadFindings, context);
    return { read, findings, counts: countFindings(findings), settings, asOf };
  } catch (error) {
    await read.cleanup();
    throw error;
  }
}

/** The pre-check's answer: the report's summary, its findings, and what submitting it will need. */
export function preCheckAnswer(checked: CheckedReport) {
  const needed = answersNeeded(checked.counts, checked.settings.allow_fatal_override);
  return {
    format: checked.read.format,
    report: checked.read.model,
    findings: checked.findings,
    fatal_count: checked.counts.fatal,
    warning_count: checked.counts.warning,
    checked_as_of: checked.asOf,
    can_submit: !needed.blocked,
    needs_override_reason: needed.override_reason,
    needs_acknowledgement: needed.acknowledge_warnings,
  };
}

/** Records what was read of a submission, with its findings and the appraiser's answers. */
export async function recordReportSubmission(
  db: Db,
  submission: {
    orderId: string;
    submissionNo: number;
    checked: CheckedReport;
    answers: FindingAnswers;
    userId: string;
  },
): Promise<void> {
  const { checked } = submission;
  await db
    .insertInto('report_submissions')
    .values({
      order_id: submission.orderId,
      submission_no: submission.submissionNo,
      format: checked.read.format,
      report: JSON.stringify(checked.read.model),
      findings: JSON.stringify(checked.findings),
      fatal_count: checked.counts.fatal,
      warning_count: checked.counts.warning,
      checked_as_of: checked.asOf,
      override_reason: checked.counts.fatal > 0 ? (submission.answers.override_reason?.trim() ?? null) : null,
      warnings_acknowledged: checked.counts.warning > 0 && submission.answers.acknowledge_warnings === true,
      submitted_by: submission.userId,
    })
    .execute();
}
