import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { CSV_TYPE, sendWrittenPdf, sendWrittenText } from '../http/file-reply.ts';
import { principalOf } from '../http/request-context.ts';
import { FileBytes, Id, ref } from '../schemas/common.ts';
import { FeeEvidence, FeeEvidenceQuery, MarginQuery, MarginReport } from './margins.schemas.ts';
import { feeEvidence, feeEvidenceCsv, feeEvidencePdf, marginCsv, marginReport } from './margins.service.ts';

const tags = ['payables'];
const Params = Type.Object({ company_id: Id('The company') });
const who =
  "The company's staff and operators: lenders never see an appraiser's fee, appraisers never a lender's.";
const csvAnswer = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: Type.String() } } },
});

/** Margins and the customary-and-reasonable fee evidence (docs/money.md). */
export function registerMarginRoutes(app: AppInstance, { db, config }: AppDeps): void {
  const marginSchema = {
    params: Params,
    querystring: MarginQuery,
  };
  app.get(
    '/companies/:company_id/margins',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getMargins',
        tags,
        summary:
          'Lender fees, appraiser fees and the margin of the orders delivered in a period, by client, product, county or month',
        description: `${who} 422 naming period when it is neither a month nor last_12_months.`,
        ...marginSchema,
        response: { 200: ref(MarginReport) },
      },
    },
    (request) =>
      marginReport(db, principalOf(request).user, request.params.company_id, request.query, config),
  );
  app.get(
    '/companies/:company_id/margins/export',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'exportMargins',
        tags,
        summary: 'The same margins as a CSV file, with a total line',
        description: who,
        ...marginSchema,
        response: csvAnswer('A header line, a line per row, then the total (RFC 4180)'),
      },
    },
    async (request, reply) => {
      const report = await marginReport(
        db,
        principalOf(request).user,
        request.params.company_id,
        request.query,
        config,
      );
      return sendWrittenText(reply, CSV_TYPE, `margins-${report.by}-${report.period}.csv`, marginCsv(report));
    },
  );
  const evidenceOf = (
    request: { params: { company_id: string }; query: { months?: number | undefined } },
    user: Parameters<typeof feeEvidence>[1],
  ) => feeEvidence(db, user, request.params.company_id, request.query.months ?? 12);
  app.get(
    '/companies/:company_id/fee_evidence',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getFeeEvidence',
        tags,
        summary:
          'Customary and reasonable fee evidence: the appraiser fees of the last months by county and product',
        description: `Count, quartiles, mean, how many were paid, and the bids, conditions and negotiations that set or changed them (Regulation Z §1026.42(f)). ${who}`,
        params: Params,
        querystring: FeeEvidenceQuery,
        response: { 200: ref(FeeEvidence) },
      },
    },
    (request) => evidenceOf(request, principalOf(request).user),
  );
  app.get(
    '/companies/:company_id/fee_evidence/export',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'exportFeeEvidence',
        tags,
        summary: 'The same evidence as a CSV file: a line per county and product',
        description: who,
        params: Params,
        querystring: FeeEvidenceQuery,
        response: csvAnswer('A header line, then a line per county and product (RFC 4180)'),
      },
    },
    async (request, reply) => {
      const evidence = await evidenceOf(request, principalOf(request).user);
      return sendWrittenText(
        reply,
        CSV_TYPE,
        `fee-evidence-${evidence.months}-months.csv`,
        feeEvidenceCsv(evidence),
      );
    },
  );
  app.get(
    '/companies/:company_id/fee_evidence/pdf',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getFeeEvidencePdf',
        tags,
        summary: 'The same evidence as a PDF document to print for an examiner',
        description: who,
        params: Params,
        querystring: FeeEvidenceQuery,
        response: {
          200: { description: 'The evidence, US Letter', content: { '*/*': { schema: FileBytes } } },
        },
      },
    },
    async (request, reply) => {
      const evidence = await evidenceOf(request, principalOf(request).user);
      return sendWrittenPdf(
        reply,
        `fee-evidence-${evidence.months}-months.pdf`,
        await feeEvidencePdf(db, evidence, config.timeZone),
      );
    },
  );
}
