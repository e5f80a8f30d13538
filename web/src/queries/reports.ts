import type { Schema } from '../../../sdk/src/client.ts';
import { ApiFailure } from './failure.ts';
import { orderKey } from './order.ts';
import type { FileTypeSlug } from './order-records.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/**
 * What the service read of an appraisal report (docs/reports.md): the pre-check of the files an
 * appraiser is about to submit, and the submissions of an order as they were read.
 */
export type ReportCheck = Schema<'ReportCheck'>;
export type ReportSubmission = Schema<'ReportSubmission'>;
export type ReportFinding = Schema<'ReportFinding'>;
export type ReportSummary = Schema<'ReportSummary'>;
export type ReportComparable = Schema<'ReportComparable'>;

export interface CheckedFile {
  file_id: string;
  file_type: FileTypeSlug;
}

/**
 * The pre-check of files uploaded to the order (POST …/report_checks), by their ids. It stores
 * nothing and its answer depends only on the files (and the day), so it is a query keyed by
 * them, kept apart from the order's keys: a live update of the order does not check the same
 * files again. A refusal (422: the XML cannot be read) is an answer, not worth asking twice.
 */
export const reportCheckQuery = (orderId: string, files: CheckedFile[]) => ({
  queryKey: ['report-check', orderId, ...files.map((file) => `${file.file_type}:${file.file_id}`)],
  queryFn: async () =>
    unwrap(
      await api.POST('/api/v1/orders/{order_id}/report_checks', {
        params: { path: { order_id: orderId } },
        body: { files },
      }),
    ),
  staleTime: Infinity,
  retry: false,
});

/**
 * Checks the order's report again: a submission refused for findings the check did not show (the
 * company changed its thresholds meanwhile, a day passed) asks answers the page must now offer.
 */
export const checkReportAgain = (orderId: string) =>
  queryClient.invalidateQueries({ queryKey: ['report-check', orderId] });

/**
 * The order's submissions that carried a readable report, oldest first (GET …/reports): staff
 * and the appraiser see each with its findings and changes; a lender the released ones, their
 * summary only. Under the order's key: an action or a live update refreshes it.
 */
export const orderReportsQuery = (orderId: string) => ({
  queryKey: [...orderKey(orderId), 'reports'],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/orders/{order_id}/reports', { params: { path: { order_id: orderId } } })),
});

/**
 * A submission refused for its findings (422 `report_has_findings`): each unanswered finding as
 * the service words it ("ORD-ZIP: The report's ZIP code is…", or what answering it needs, under
 * `acknowledge_warnings`). Null for any other failure.
 */
export function refusedFindings(error: unknown): { field: string; message: string }[] | null {
  if (!(error instanceof ApiFailure) || error.body?.error.code !== 'report_has_findings') return null;
  return error.body.error.details ?? [];
}

/** Why the pre-check could not read the XML: the service's words of its field (422), or null. */
export function unreadableReport(error: unknown): string | null {
  if (!(error instanceof ApiFailure) || error.status !== 422) return null;
  return error.body?.error.details?.[0]?.message ?? error.message;
}

export type FindingReview = Schema<'FindingReviewBody'>;

/**
 * The company's review of one finding of a submission (PATCH …/reports/{submission}/findings):
 * an override with its reason, or taken back; shared with the lender or not. The answer is the
 * submission as staff now read it, put in place of the one the list holds.
 */
export const reviewFindingMutation = (orderId: string, submission: number) => ({
  mutationFn: async (body: FindingReview) =>
    unwrap(
      await api.PATCH('/api/v1/orders/{order_id}/reports/{submission}/findings', {
        params: { path: { order_id: orderId, submission } },
        body,
      }),
    ),
  onSuccess: (updated: ReportSubmission) => replaceSubmission(orderId, updated),
});

/** A tick of the company's review checklist for a submission, or the tick taken back. */
export const tickChecklistMutation = (orderId: string, submission: number) => ({
  mutationFn: async (body: Schema<'ChecklistAnswerBody'>) =>
    unwrap(
      await api.PATCH('/api/v1/orders/{order_id}/reports/{submission}/checklist', {
        params: { path: { order_id: orderId, submission } },
        body,
      }),
    ),
  onSuccess: (updated: ReportSubmission) => replaceSubmission(orderId, updated),
});

function replaceSubmission(orderId: string, updated: ReportSubmission) {
  queryClient.setQueryData(orderReportsQuery(orderId).queryKey, (list: ReportSubmission[] | undefined) =>
    list?.map((entry) => (entry.submission === updated.submission ? updated : entry)),
  );
}
