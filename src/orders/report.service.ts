import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import type { Finding } from '../reports/findings.ts';
import {
  findChecklistAnswers,
  findFindingReviews,
  putChecklistAnswer,
  putFindingReview,
} from '../reports/finding-review.repository.ts';
import { reportSettings } from '../reports/report-context.repository.ts';
import { compareReports } from '../reports/report-comparison.ts';
import { preCheckAnswer } from '../reports/report-intake.service.ts';
import { findReportSubmissions } from '../reports/report-submission.repository.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { Storage } from '../storage/storage.ts';
import type { Upload } from '../storage/upload.ts';
import type { FileTypeSlugValue } from '../schemas/file-types.ts';
import { ReportIntakeStep } from './order.report-intake.ts';
import { findVisibleOrder } from './order.store.ts';
import { photoLinks } from './report-photo.service.ts';

/** What reading the order's reports needs: the database, and the signer of the photos' links. */
export interface ReportReadDeps {
  db: Db;
  links: LinkSigner;
}

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
 * the company's staff see every submission with its findings, their review (overrides, shared
 * with the lender) and what changed from the one before; the appraiser sees their own
 * submissions and findings alike, without the company's overrides; a lender sees the
 * submissions the company released, their summary and the findings the company shared.
 */
export async function listOrderReports({ db, links }: ReportReadDeps, user: AuthUser, orderId: string) {
  const order = await findVisibleOrder(db, user, orderId, { columns: ['appraiser_id'] });
  if (user.role === 'appraiser' && order.appraiser_id !== user.id)
    throw new AppError('forbidden', 'Only the appraiser the order is assigned to reads its reports');
  const lender = user.role === 'client';
  const staff = user.role === 'staff' || user.role === 'operator';
  const [rows, reviews, answers, checklist] = await Promise.all([
    findReportSubmissions(db, orderId),
    findFindingReviews(db, orderId),
    staff ? findChecklistAnswers(db, orderId) : [],
    staff ? companyChecklist(db, orderId) : [],
  ]);
  const photoCounts = new Map(rows.map((row) => [row.submission_no, row.report.photos.length]));
  const photoLinkOf = await photoLinks(db, links, user, orderId, photoCounts);
  const reviewOf = (submission: number, finding: Finding) =>
    reviews.find(
      (review) =>
        review.submission_no === submission &&
        review.finding_id === finding.id &&
        review.field === finding.field,
    );
  return rows.flatMap((row, index) => {
    if (lender && !row.released) return [];
    const previous = index > 0 ? rows[index - 1] : undefined;
    const findings = row.findings.map((finding) => {
      const review = reviewOf(row.submission_no, finding);
      return {
        ...finding,
        override:
          staff && review?.override_reason && review.overridden_at
            ? {
                reason: review.override_reason,
                by: review.overridden_by_name,
                at: review.overridden_at.toISOString(),
              }
            : null,
        shared_with_lender: review?.shared_with_lender ?? false,
      };
    });
    return [
      {
        submission: row.submission_no,
        format: row.format,
        report: row.report,
        photos: row.report.photos.map((photo, index) => ({
          position: index + 1,
          category: photo.category,
          caption: photo.caption,
          link: photoLinkOf.get(row.submission_no)?.[index] ?? null,
        })),
        findings: lender ? findings.filter((finding) => finding.shared_with_lender) : findings,
        fatal_count: lender ? null : row.fatal_count,
        warning_count: lender ? null : row.warning_count,
        checked_as_of: row.checked_as_of,
        override_reason: lender ? null : row.override_reason,
        warnings_acknowledged: row.warnings_acknowledged,
        submitted_by: row.submitted_by_name,
        submitted_at: row.created_at.toISOString(),
        released: row.released,
        checklist: checklist.map((item) => {
          const answer = answers.find(
            (entry) => entry.submission_no === row.submission_no && entry.item === item,
          );
          return {
            item,
            done: answer?.done ?? false,
            by: answer?.answered_by_name ?? null,
            at: answer?.answered_at.toISOString() ?? null,
          };
        }),
        changes: lender || !previous ? null : compareReports(previous, row),
      },
    ];
  });
}

/**
 * The company's review of one finding of a submission (PATCH …/reports/{submission}/findings):
 * overridden with a reason (or the override taken back), shared with the lender or not. The
 * company's staff; answers the submission as staff now read it.
 */
export async function reviewFinding(
  deps: ReportReadDeps,
  user: AuthUser,
  orderId: string,
  submission: number,
  body: { id: string; field: string; override_reason?: string | null; shared_with_lender?: boolean },
) {
  const { db } = deps;
  await findVisibleOrder(db, user, orderId);
  const row = (await findReportSubmissions(db, orderId)).find((entry) => entry.submission_no === submission);
  if (!row) throw notFound('report submission');
  if (!row.findings.some((finding) => finding.id === body.id && finding.field === body.field))
    throw invalid('id', `is not a finding of submission ${submission} at ${body.field}`);
  if (body.override_reason === undefined && body.shared_with_lender === undefined)
    throw invalid('override_reason', 'or shared_with_lender must be given: the review changes one of them');
  const reason =
    typeof body.override_reason === 'string' ? body.override_reason.trim() : body.override_reason;
  if (reason === '')
    throw invalid('override_reason', 'must say why the report is accepted despite the finding');
  await putFindingReview(
    db,
    { orderId, submissionNo: submission, findingId: body.id, field: body.field },
    {
      ...(reason === undefined ? {} : { override: reason === null ? null : { reason, by: user.id } }),
      ...(body.shared_with_lender === undefined ? {} : { sharedWithLender: body.shared_with_lender }),
    },
  );
  return (await listOrderReports(deps, user, orderId)).find((entry) => entry.submission === submission)!;
}

/** The review checklist of the order's company, in its order. */
async function companyChecklist(db: Db, orderId: string): Promise<string[]> {
  const { company_id } = await db
    .selectFrom('orders')
    .select('company_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return (await reportSettings(db, company_id)).review_checklist;
}

/**
 * A reviewer's tick of the company's checklist for one submission (PATCH …/checklist): the
 * company's staff; an item that is not on the company's checklist is a 422 naming `item`.
 */
export async function tickChecklist(
  deps: ReportReadDeps,
  user: AuthUser,
  orderId: string,
  submission: number,
  body: { item: string; done: boolean },
) {
  const { db } = deps;
  await findVisibleOrder(db, user, orderId);
  const row = (await findReportSubmissions(db, orderId)).find((entry) => entry.submission_no === submission);
  if (!row) throw notFound('report submission');
  const items = await companyChecklist(db, orderId);
  const item = body.item.trim();
  if (!items.includes(item))
    throw invalid(
      'item',
      `is not on the company's review checklist (${items.length === 0 ? 'it has none' : items.join('; ')})`,
    );
  await putChecklistAnswer(db, { orderId, submissionNo: submission, item }, { done: body.done, by: user.id });
  return (await listOrderReports(deps, user, orderId)).find((entry) => entry.submission === submission)!;
}
