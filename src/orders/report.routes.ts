import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { resolveUpload } from '../http/multipart.ts';
import { principalOf } from '../http/request-context.ts';
import { Type } from 'typebox';
import {
  ChecklistAnswerBody,
  FindingReviewBody,
  ReportCheck,
  ReportCheckBody,
  ReportSubmission,
} from '../reports/report.schemas.ts';
import { Id, OrderParams, ref } from '../schemas/common.ts';
import type { ActionDeps } from './order.actions.ts';
import { listOrderReports, preCheckReport, reviewFinding, tickChecklist } from './report.service.ts';

const SubmissionParams = Type.Object({
  order_id: Id('The order'),
  submission: Type.Integer({ minimum: 1, description: 'The submission (1, 2, …)' }),
});

export function registerReportRoutes(app: AppInstance, deps: AppDeps & ActionDeps): void {
  app.post(
    '/orders/:order_id/report_checks',
    {
      config: { uploads: true, roles: ['appraiser', 'staff', 'operator'] },
      schema: {
        operationId: 'checkReport',
        tags: ['reports'],
        summary: 'Check a report before submitting it',
        description:
          "The files request_submission would take (the report's XML or its UAD 3.6 ZIP package as appraisal_xml, its PDF as appraisal_pdf), read and checked exactly as submitting will: the schema, the GSE compliance rules, the order, the appraiser's credentials and the comparables (docs/reports.md). Nothing is stored. 422 when the report cannot be read (the message names the line and element for the schema). The order's appraiser and the company's staff.",
        consumes: ['multipart/form-data', 'application/json'],
        params: OrderParams,
        body: ref(ReportCheckBody),
        response: { 200: ref(ReportCheck) },
      },
    },
    (request) =>
      preCheckReport(
        deps,
        principalOf(request).user,
        request.params.order_id,
        request.body.files,
        (reference) => resolveUpload(request, reference),
      ),
  );
  app.get(
    '/orders/:order_id/reports',
    {
      schema: {
        operationId: 'listOrderReports',
        tags: ['reports'],
        summary: "The order's reports as read, oldest first",
        description:
          "Each submission of the report that carried an appraisal XML: what the service read (value, dates, condition, comparables, photos), the findings of its checks when it was submitted, the appraiser's override reason and acknowledgement, and what changed from the submission before. The company's staff and the order's appraiser see every submission; a lender sees those the company released, their summary only (docs/reports.md).",
        params: OrderParams,
        response: { 200: Type.Array(ref(ReportSubmission), { description: 'Oldest first' }) },
      },
    },
    (request) => listOrderReports(deps, principalOf(request).user, request.params.order_id),
  );
  app.patch(
    '/orders/:order_id/reports/:submission/findings',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'reviewReportFinding',
        tags: ['reports'],
        summary:
          'Review a finding of a submitted report: override it with a reason, share it with the lender',
        description:
          "The company's staff. The finding is named by its id and field, as the submission lists it. An override records who and when, and says why the report is accepted despite the finding; null takes it back. A shared finding reaches the lender with the report once released. Answers the submission as staff now read it.",
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        params: SubmissionParams,
        body: ref(FindingReviewBody),
        response: { 200: ref(ReportSubmission) },
      },
    },
    (request) =>
      reviewFinding(
        deps,
        principalOf(request).user,
        request.params.order_id,
        request.params.submission,
        request.body,
      ),
  );
  app.patch(
    '/orders/:order_id/reports/:submission/checklist',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'tickReportChecklist',
        tags: ['reports'],
        summary: "Tick an item of the company's review checklist for a submission, or take the tick back",
        description:
          "The company's staff; the items are the company's (report_settings.review_checklist). Records who and when. Answers the submission as staff now read it.",
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        params: SubmissionParams,
        body: ref(ChecklistAnswerBody),
        response: { 200: ref(ReportSubmission) },
      },
    },
    (request) =>
      tickChecklist(
        deps,
        principalOf(request).user,
        request.params.order_id,
        request.params.submission,
        request.body,
      ),
  );
}
