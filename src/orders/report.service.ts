import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { AppError, invalid } from '../errors/app-error.ts';
import { compareReports } from '../reports/report-comparison.ts';
import { preCheckAnswer } from '../reports/report-intake.service.ts';
import { findReportSubmissions } from '../reports/report-submission.repository.ts';
import type { Storage } from '../storage/storage.ts';
import type { Upload } from '../storage/upload.ts';
import type { FileTypeSlugValue } from '../schemas/file-types.ts';
import { ReportIntakeStep } from './order.report-intake.ts';
import { findVisibleOrder } from './order.store.ts';

/**
 * The pre-check (POST /orders/{order_id}/report_checks): the report the appraiser is about to
 * submit, read and checked exactly as request_submission will, with nothing stored. The order's
 * appraiser and the company's staff may ask; a lender sees a report only once it is released.
 */
export async function preCheckReport(
  deps: { db: Db; storage: Storage; config: Config },
  user: AuthUser,
  orderId: string,
  files: { attachment?: unknown; file_id?: string; file_type: FileTypeSlugValue }[],
  resolveUpload: (reference: unknown) => Upload | null,
) {
  const order = await findVisibleOrder(deps.db, user, orderId, { columns: ['appraiser_id'] });
  if (user.role === 'appraiser' && order.appraiser_id !== user.id)
    throw new AppError('forbidden', 'Only the appraiser the order is assigned to checks its report');
  if (!files.some((file) => file.file_type === 'appraisal_xml'))
    throw invalid('files', "must include the report's XML (file_type appraisal_xml), or its ZIP package");
  const references = files.map((file, index) => {
    if ((file.attachment === undefined) === (file.file_id === undefined))
      throw invalid(`files[${index}].attachment`, 'must be given, or else file_id (one of the two)');
    const upload = file.attachment === undefined ? null : resolveUpload(file.attachment);
    if (file.attachment !== undefined && !upload)
      throw invalid(`files[${index}].attachment`, 'must be a file part (multipart/form-data)');
    return {
      upload,
      fileId: file.file_id ?? null,
      fileTypeSlug: file.file_type,
      field: file.attachment === undefined ? `files[${index}].file_id` : `files[${index}].attachment`,
    };
  });
  const step = new ReportIntakeStep(deps.db, deps.storage, deps.config.uploadTmpDir, {
    id: orderId,
    userId: user.id,
  });
  try {
    const checked = await step.check(references);
    if (!checked)
      throw invalid(
        references.find((file) => file.fileTypeSlug === 'appraisal_xml')!.field,
        'is not a UAD 3.6 or MISMO 2.6 appraisal: nothing in it can be checked',
      );
    return preCheckAnswer(checked);
  } finally {
    await step.cleanup();
  }
}

/**
 * The order's reports as the service read them, oldest first (GET /orders/{order_id}/reports):
 * the company's staff see every submission with its findings, overrides and what changed from
 * the one before; the appraiser sees their own submissions alike; a lender sees the submissions
 * the company released, their summary only.
 */
export async function listOrderReports(db: Db, user: AuthUser, orderId: string) {
  const order = await findVisibleOrder(db, user, orderId, { columns: ['appraiser_id'] });
  if (user.role === 'appraiser' && order.appraiser_id !== user.id)
    throw new AppError('forbidden', 'Only the appraiser the order is assigned to reads its reports');
  const rows = await findReportSubmissions(db, orderId);
  const lender = user.role === 'client';
  return rows.flatMap((row, index) => {
    if (lender && !row.released) return [];
    const previous = index > 0 ? rows[index - 1] : undefined;
    return [
      {
        submission: row.submission_no,
        format: row.format,
        report: row.report,
        findings: lender ? [] : row.findings,
        fatal_count: lender ? null : row.fatal_count,
        warning_count: lender ? null : row.warning_count,
        checked_as_of: row.checked_as_of,
        override_reason: lender ? null : row.override_reason,
        warnings_acknowledged: row.warnings_acknowledged,
        submitted_by: row.submitted_by_name,
        submitted_at: row.created_at.toISOString(),
        released: row.released,
        changes: lender || !previous ? null : compareReports(previous, row),
      },
    ];
  });
}
