import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { CSV_TYPE, sendWrittenText } from '../http/file-reply.ts';
import { principalOf } from '../http/request-context.ts';
import { Id, ref } from '../schemas/common.ts';
import {
  AppraiserMonthParams,
  AppraiserStatement,
  BankAccount,
  BankAccountBody,
  Payable,
  PayableList,
  PayableExtraBody,
  PayableHoldBody,
  PayableListQuery,
  PayoutBatch,
  PayoutBatchBody,
  PayoutBatchList,
  PayoutBatchListQuery,
  PayoutSettings,
  PayoutSettingsBody,
  TaxYearQuery,
} from './payables.schemas.ts';
import { appraiserStatement, appraiserStatementCsv } from './appraiser-statements.service.ts';
import { listPayablesFor } from './payables.service.ts';
import { listBatches } from './payout-batch-list.service.ts';
import { addExtra } from './payable-extras.service.ts';
import { holdPayable } from './payable-holds.service.ts';
import {
  approveBatch,
  batchCsv,
  batchNacha,
  createBatch,
  markBatchPaid,
  viewBatch,
} from './payout-batches.service.ts';
import {
  changePayoutSettings,
  getBankAccount,
  getPayoutSettings,
  putBankAccount,
} from './payout-settings.service.ts';
import { form1099Csv } from './tax-forms.service.ts';

const tags = ['payables'];
const CompanyParams = Type.Object({ company_id: Id('The company') });
const AppraiserParams = Type.Object({ appraiser_id: Id('The appraiser') });
const BatchParams = Type.Object({ batch_id: Id('The payout batch') });
const fileAnswer = (type: string, description: string) => ({
  200: { description, content: { [type]: { schema: Type.String() } } },
});

/** What the company owes its appraisers, and how it pays them (docs/money.md). */
export function registerPayableRoutes(app: AppInstance, { db, config, secrets }: AppDeps): void {
  app.get(
    '/companies/:company_id/payout_settings',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getPayoutSettings',
        tags,
        summary: 'When the company pays its appraisers, and its ACH originator',
        description: "The company's staff; operators. Another company answers 404.",
        params: CompanyParams,
        response: { 200: ref(PayoutSettings) },
      },
    },
    (request) => getPayoutSettings(db, principalOf(request), request.params.company_id),
  );
  app.put(
    '/companies/:company_id/payout_settings',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'changePayoutSettings',
        tags,
        summary: "Change when appraisers are paid and the ACH originator (the company's admins; operators)",
        description:
          'Absent fields stay; ach null removes the originator. A routing number is checked by its check digit (422 naming it).',
        params: CompanyParams,
        body: ref(PayoutSettingsBody),
        response: { 200: ref(PayoutSettings) },
      },
    },
    (request) => changePayoutSettings(db, principalOf(request), request.params.company_id, request.body),
  );
  app.get(
    '/appraisers/:appraiser_id/bank_account',
    {
      config: { roles: ['staff', 'appraiser', 'operator'], errors: [404] },
      schema: {
        operationId: 'getBankAccount',
        tags,
        summary: 'Where the appraiser is paid (the last four digits of the account only)',
        description: 'The appraiser, their company’s staff, operators. 404 when none is set.',
        params: AppraiserParams,
        response: { 200: ref(BankAccount) },
      },
    },
    (request) => getBankAccount(db, principalOf(request), request.params.appraiser_id),
  );
  app.put(
    '/appraisers/:appraiser_id/bank_account',
    {
      config: { roles: ['staff', 'appraiser', 'operator'], errors: [404] },
      schema: {
        operationId: 'putBankAccount',
        tags,
        summary: 'Set where the appraiser is paid (the appraiser alone)',
        description:
          'Only the appraiser, with their own key (not acting for them): 403 for anyone else. The account number is kept sealed and never shown again whole.',
        params: AppraiserParams,
        body: ref(BankAccountBody),
        response: { 200: ref(BankAccount) },
      },
    },
    (request) => putBankAccount(db, secrets, principalOf(request), request.params.appraiser_id, request.body),
  );
  app.get(
    '/payables',
    {
      config: { roles: ['staff', 'appraiser', 'operator'] },
      schema: {
        operationId: 'listPayables',
        tags,
        summary: 'What appraisers are owed and were paid, order by order, newest first',
        description:
          "An appraiser sees their own (their statement); the company's staff all of its appraisers'; operators all. Lenders get 403: the appraiser's fee is not theirs to see.",
        querystring: PayableListQuery,
        response: { 200: ref(PayableList) },
      },
    },
    (request) => listPayablesFor(db, principalOf(request).user, request.query, config),
  );
  const PayableParams = Type.Object({ payable_id: Id('The payable') });
  app.post(
    '/payables/:payable_id/hold',
    {
      config: { roles: ['staff', 'operator'], errors: [404, 409] },
      schema: {
        operationId: 'holdPayable',
        tags,
        summary: "Hold a payable from payment, with the reason (the company's admins; operators)",
        description:
          "Recorded in the order's history for the company. 409 when it is paid or in a payout batch. Payout batches leave it out until it is released.",
        params: PayableParams,
        body: ref(PayableHoldBody),
        response: { 200: ref(Payable) },
      },
    },
    (request) =>
      holdPayable(db, config, principalOf(request), request.params.payable_id, request.body.reason),
  );
  app.post(
    '/payables/:payable_id/release',
    {
      config: { roles: ['staff', 'operator'], errors: [404, 409] },
      schema: {
        operationId: 'releasePayable',
        tags,
        summary: "Release a held payable (the company's admins; operators)",
        description: "Recorded in the order's history for the company. 409 when it is not held.",
        params: PayableParams,
        response: { 200: ref(Payable) },
      },
    },
    (request) => holdPayable(db, config, principalOf(request), request.params.payable_id, null),
  );
  app.post(
    '/payables/:payable_id/extras',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'addPayableExtra',
        tags,
        summary:
          "Approve an extra for an order's appraiser: a second trip, a complex property, a rush (the company's admins; operators)",
        description:
          'Adds to what the appraiser is owed, with the reason (on their statement) and who approved it; recorded in the order’s history for the company. The next payout batch pays it. 422 for an amount of 0 or less.',
        params: Type.Object({ payable_id: Id('The payable') }),
        body: ref(PayableExtraBody),
        response: { 200: ref(Payable) },
      },
    },
    (request) => addExtra(db, config, principalOf(request), request.params.payable_id, request.body),
  );
  app.post(
    '/companies/:company_id/payout_batches',
    {
      config: { roles: ['staff', 'operator'], errors: [404, 409] },
      schema: {
        operationId: 'createPayoutBatch',
        tags,
        summary: "Gather what is due into a payout batch (the company's admins; operators)",
        description:
          'Takes every payable due by pay_on, owed, not held, whose order stands delivered, in no other open batch, of an appraiser with a bank account; the others due are listed in left_out. 409 when nothing is due.',
        params: CompanyParams,
        body: ref(PayoutBatchBody),
        response: { 201: ref(PayoutBatch) },
      },
    },
    async (request, reply) => {
      const batch = await createBatch(
        db,
        config,
        principalOf(request),
        request.params.company_id,
        request.body ?? {},
      );
      void reply.status(201);
      return batch;
    },
  );
  app.get(
    '/companies/:company_id/payout_batches',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'listPayoutBatches',
        tags,
        summary: "The company's payout batches, newest first",
        description:
          "The company's staff; operators. status=open lists the drafts and approved batches not yet paid. Another company answers 404.",
        params: CompanyParams,
        querystring: PayoutBatchListQuery,
        response: { 200: ref(PayoutBatchList) },
      },
    },
    (request) => listBatches(db, principalOf(request), request.params.company_id, request.query),
  );
  app.get(
    '/payout_batches/:batch_id',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getPayoutBatch',
        tags,
        summary: 'A payout batch: its lines per appraiser, and what due it left out',
        description:
          "The company's staff; operators. left_out is read now, for a draft; empty once approved.",
        params: BatchParams,
        response: { 200: ref(PayoutBatch) },
      },
    },
    (request) => viewBatch(db, principalOf(request), request.params.batch_id),
  );
  for (const [path, operationId, summary, act] of [
    ['approve', 'approvePayoutBatch', 'Approve a draft batch for payment', approveBatch],
    [
      'mark_paid',
      'markPayoutBatchPaid',
      'Mark an approved batch paid: each payout posted to its ledger',
      markBatchPaid,
    ],
  ] as const)
    app.post(
      `/payout_batches/:batch_id/${path}`,
      {
        config: { roles: ['staff', 'operator'], errors: [404, 409] },
        schema: {
          operationId,
          tags,
          summary: `${summary} (the company's admins; operators)`,
          description: 'Who did it and when is kept. 409 when the batch is not in the state this needs.',
          params: BatchParams,
          response: { 200: ref(PayoutBatch) },
        },
      },
      (request) => act(db, principalOf(request), request.params.batch_id),
    );
  app.get(
    '/payout_batches/:batch_id/nacha',
    {
      config: { roles: ['staff', 'operator'], errors: [404, 409] },
      schema: {
        operationId: 'getPayoutBatchAchFile',
        tags,
        summary: 'The ACH (NACHA) file of an approved batch: one PPD credit per appraiser',
        description: "409 for a draft, or when the company's ACH originator is not set.",
        params: BatchParams,
        response: fileAnswer('text/plain', 'The NACHA file: 94-character records, blocked by ten'),
      },
    },
    async (request, reply) => {
      const file = await batchNacha(db, secrets, principalOf(request), request.params.batch_id);
      return sendWrittenText(reply, 'text/plain; charset=us-ascii', `${file.filename}`, file.text);
    },
  );
  app.get(
    '/payout_batches/:batch_id/export',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'exportPayoutBatch',
        tags,
        summary: 'The batch as a CSV file: a line per appraiser',
        description:
          'The account holder, routing number, account type and last four digits, the payables and the amount.',
        params: BatchParams,
        response: fileAnswer('text/csv', 'A header line, then a line per appraiser (RFC 4180)'),
      },
    },
    async (request, reply) => {
      const file = await batchCsv(db, principalOf(request), request.params.batch_id);
      return sendWrittenText(reply, CSV_TYPE, `${file.filename}`, file.text);
    },
  );
  const statementWho =
    'The appraiser; their company’s staff; operators. Another appraiser’s answers 404; a lender 403. 422 naming month for anything but YYYY-MM.';
  app.get(
    '/appraisers/:appraiser_id/statements/:month',
    {
      config: { roles: ['appraiser', 'staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getAppraiserStatement',
        tags,
        summary:
          'An appraiser’s statement of a month: owed at its start, fees, deductions and payouts, owed at its end',
        description: statementWho,
        params: AppraiserMonthParams,
        response: { 200: ref(AppraiserStatement) },
      },
    },
    (request) =>
      appraiserStatement(db, principalOf(request), request.params.appraiser_id, request.params.month, config),
  );
  app.get(
    '/appraisers/:appraiser_id/statements/:month/export',
    {
      config: { roles: ['appraiser', 'staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'exportAppraiserStatement',
        tags,
        summary: 'The same statement as a CSV file',
        description: statementWho,
        params: AppraiserMonthParams,
        response: fileAnswer('text/csv', 'The opening, a line per entry, the closing (RFC 4180)'),
      },
    },
    async (request, reply) => {
      const statement = await appraiserStatement(
        db,
        principalOf(request),
        request.params.appraiser_id,
        request.params.month,
        config,
      );
      return sendWrittenText(
        reply,
        CSV_TYPE,
        `statement-${request.params.month}.csv`,
        appraiserStatementCsv(statement),
      );
    },
  );
  app.get(
    '/companies/:company_id/tax_forms/1099_nec',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'export1099Nec',
        tags,
        summary: 'A year’s 1099-NEC figures per appraiser, as CSV, with their W-9 status',
        description:
          'The payouts paid in the year (by the day they settled), per appraiser; reportable when the total reaches the year’s threshold ($600 through 2025, $2,000 from 2026).',
        params: CompanyParams,
        querystring: TaxYearQuery,
        response: fileAnswer('text/csv', 'A header line, then a line per appraiser paid in the year'),
      },
    },
    async (request, reply) => {
      const file = await form1099Csv(
        db,
        principalOf(request).user,
        request.params.company_id,
        request.query.year,
      );
      return sendWrittenText(reply, CSV_TYPE, `${file.filename}`, file.text);
    },
  );
}
