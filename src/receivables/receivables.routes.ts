import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { CSV_TYPE, sendWrittenPdf, sendWrittenText } from '../http/file-reply.ts';
import { principalOf } from '../http/request-context.ts';
import { FileBytes, Id, ref } from '../schemas/common.ts';
import { recordCredit } from './credits.service.ts';
import { recordReceipt } from './receipts.service.ts';
import {
  Aging,
  AgingQuery,
  CreditBody,
  InvoiceDetail,
  InvoiceList,
  InvoiceListQuery,
  CompanyMonthParams,
  Receipt,
  ReceiptBody,
  Statement,
  StatementParams,
  StatementQuery,
} from './receivables.schemas.ts';
import { clientStatement, companyStatementsCsv, statementCsv, statementPdf } from './statements.service.ts';
import { agingOf, getInvoice, listInvoicesFor } from './receivables.service.ts';

const tags = ['receivables'];
const CompanyParams = Type.Object({ company_id: Id('The company') });
const InvoiceParams = Type.Object({ invoice_id: Id('The invoice') });
const who =
  "The company's staff see its invoices; a lender's people the invoices of the orders they see; operators all. Appraisers get 403: the lender's fee is not theirs to see.";
const issued =
  'An order’s invoice is issued, with the company’s next number (no gaps), when the report is delivered or at the first payment, whichever comes first (docs/money.md).';

/** What lenders owe: invoices and their ledgers, receipts, credit notes, write-offs, aging. */
export function registerReceivableRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/invoices',
    {
      config: { roles: ['client', 'staff', 'operator'] },
      schema: {
        operationId: 'listInvoices',
        tags,
        summary: 'Invoices, newest first, with their balances and how long past due',
        description: `${issued} ${who}`,
        querystring: InvoiceListQuery,
        response: { 200: ref(InvoiceList) },
      },
    },
    (request) => listInvoicesFor(db, principalOf(request).user, request.query, config),
  );
  app.get(
    '/invoices/:invoice_id',
    {
      config: { roles: ['client', 'staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getInvoice',
        tags,
        summary: 'An invoice and its ledger: the charge, agreed changes, payments, credit notes, write-offs',
        description: `${who} The entries add up to the balance.`,
        params: InvoiceParams,
        response: { 200: ref(InvoiceDetail) },
      },
    },
    (request) => getInvoice(db, principalOf(request).user, request.params.invoice_id, config),
  );
  for (const [path, kind, what] of [
    ['credit_notes', 'credit_note', 'Issue a credit note on an invoice'],
    ['write_offs', 'write_off', 'Write off what is owed on an invoice'],
  ] as const)
    app.post(
      `/invoices/:invoice_id/${path}`,
      {
        config: { roles: ['staff', 'operator'], errors: [404, 409] },
        schema: {
          operationId: kind === 'credit_note' ? 'issueCreditNote' : 'writeOffInvoice',
          tags,
          summary: `${what} (the company's admins; operators)`,
          description:
            kind === 'credit_note'
              ? 'Lowers the balance by amount, with a reason, under the company’s next credit note number (CN-00000007, no gaps); printed on the invoice. 422 naming amount above the balance; 409 when nothing is owed. An order waiting for its payment moves on once nothing is owed.'
              : 'Gives up what cannot be collected: amount (default the whole balance), with a reason. 422 naming amount above the balance; 409 when nothing is owed.',
          params: InvoiceParams,
          body: ref(CreditBody),
          response: { 200: ref(InvoiceDetail) },
        },
      },
      (request) =>
        recordCredit(db, config, principalOf(request), request.params.invoice_id, kind, request.body),
    );
  app.post(
    '/companies/:company_id/receipts',
    {
      config: { roles: ['staff', 'operator'], errors: [404, 409] },
      schema: {
        operationId: 'recordReceipt',
        tags,
        summary:
          "Record a check, ACH or wire from a lender and apply it to its invoices (the company's admins; operators)",
        description:
          'The applications add up to the amount exactly, each at most its invoice’s balance; each becomes a payment on its order (its receipt, its event, an order waiting for payment moving on once nothing is owed). 422 names the field at fault and keeps nothing; 409 when the same reference was recorded for the client already.',
        params: CompanyParams,
        body: ref(ReceiptBody),
        response: { 201: ref(Receipt) },
      },
    },
    async (request, reply) => {
      const receipt = await recordReceipt(
        db,
        config,
        principalOf(request),
        request.params.company_id,
        request.body,
      );
      void reply.status(201);
      return receipt;
    },
  );
  app.get(
    '/companies/:company_id/receivables/aging',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getReceivablesAging',
        tags,
        summary: 'What each client owes, by how long past due: current, 1–30, 31–60, 61–90, over 90 days',
        description:
          'Counted from each invoice’s due day (issued day plus the client’s payment terms) to as_of, from the ledger’s entries up to the end of that day in the company’s zone, so that a past day’s aging is what it was then.',
        params: CompanyParams,
        querystring: AgingQuery,
        response: { 200: ref(Aging) },
      },
    },
    (request) =>
      agingOf(db, principalOf(request).user, request.params.company_id, request.query.as_of, config),
  );
  const statementOf = (
    request: { params: { client_id: string; month: string }; query: { company_id?: string | undefined } },
    user: Parameters<typeof clientStatement>[1],
  ) =>
    clientStatement(
      db,
      user,
      request.params.client_id,
      request.params.month,
      request.query.company_id,
      config,
    );
  const statementWho =
    "The client's admins and users who see all of its orders; the serving company's staff; operators (company_id names the company when several serve the client). Appraisers get 403.";
  app.get(
    '/clients/:client_id/statements/:month',
    {
      config: { roles: ['client', 'staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getStatement',
        tags,
        summary:
          "A client's statement of account for a month: opening balance, every entry, closing balance, aging",
        description: `The month in the company's zone; the ledger's entries in it, in order (docs/money.md, "Statements"). ${statementWho}`,
        params: StatementParams,
        querystring: StatementQuery,
        response: { 200: ref(Statement) },
      },
    },
    (request) => statementOf(request, principalOf(request).user),
  );
  app.get(
    '/clients/:client_id/statements/:month/export',
    {
      config: { roles: ['client', 'staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'exportStatement',
        tags,
        summary:
          'The same statement as a CSV file: the opening balance, a line per entry, the closing balance',
        description: statementWho,
        params: StatementParams,
        querystring: StatementQuery,
        response: {
          200: {
            description:
              'A header line, the opening balance, a line per entry, the closing balance (RFC 4180)',
            content: { 'text/csv': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      const statement = await statementOf(request, principalOf(request).user);
      return sendWrittenText(
        reply,
        CSV_TYPE,
        `statement-${request.params.month}.csv`,
        statementCsv(statement),
      );
    },
  );
  app.get(
    '/clients/:client_id/statements/:month/pdf',
    {
      config: { roles: ['client', 'staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getStatementPdf',
        tags,
        summary: 'The same statement as a PDF document to send the lender',
        description: statementWho,
        params: StatementParams,
        querystring: StatementQuery,
        response: {
          200: {
            description: 'The statement, US Letter',
            content: { '*/*': { schema: FileBytes } },
          },
        },
      },
    },
    async (request, reply) => {
      const statement = await statementOf(request, principalOf(request).user);
      return sendWrittenPdf(
        reply,
        `statement-${statement.client.name}-${request.params.month}.pdf`,
        await statementPdf(db, statement, config.timeZone),
      );
    },
  );
  app.get(
    '/companies/:company_id/statements/:month/export',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'exportCompanyStatements',
        tags,
        summary:
          "Every client's statement of a month at once, as a CSV file: a line per client with its sums and aging",
        description: "The company's staff and operators; another company answers 404.",
        params: CompanyMonthParams,
        response: {
          200: {
            description:
              'A header line, then a line per client with entries up to the month’s end (RFC 4180)',
            content: { 'text/csv': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await companyStatementsCsv(
        db,
        principalOf(request).user,
        request.params.company_id,
        request.params.month,
        config,
      );
      return sendWrittenText(reply, CSV_TYPE, `${file.filename}`, file.text);
    },
  );
}
