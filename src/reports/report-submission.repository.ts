import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Finding } from './findings.ts';
import type { ReportFormat, ReportModel } from './report.model.ts';

export interface ReportSubmissionRow {
  submission_no: number;
  format: ReportFormat;
  report: ReportModel;
  findings: Finding[];
  fatal_count: number;
  warning_count: number;
  checked_as_of: string;
  override_reason: string | null;
  warnings_acknowledged: boolean;
  submitted_by_name: string | null;
  created_at: Date;
  /** Whether the company released the submission's files to the lender. */
  released: boolean;
}

/** The order's read reports, oldest first, each with whether it reached the lender. */
export async function findReportSubmissions(db: Db, orderId: string): Promise<ReportSubmissionRow[]> {
  const { rows } = await sql<ReportSubmissionRow>`
    SELECT s.submission_no, s.format, s.report, s.findings, s.fatal_count, s.warning_count,
           s.checked_as_of, s.override_reason, s.warnings_acknowledged, s.created_at,
           nullif(concat_ws(' ', u.first_name, u.last_name), '') AS submitted_by_name,
           EXISTS (SELECT 1 FROM order_files f
                    WHERE f.order_id = s.order_id AND f.submission_no = s.submission_no
                      AND f.released_at IS NOT NULL) AS released
      FROM report_submissions s
      LEFT JOIN users u ON u.id = s.submitted_by
     WHERE s.order_id = ${orderId}
     ORDER BY s.submission_no`.execute(db);
  return rows;
}
