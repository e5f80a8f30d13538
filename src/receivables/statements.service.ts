import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { forbidden, invalid, notFound } from '../errors/app-error.ts';
import { formatDate } from '../format/dates.ts';
import { centsToCurrency, centsToDecimal } from '../format/money.ts';
import { creditNoteNumber, invoiceNumber } from '../ledger/document-numbers.ts';
import { monthOf } from '../ledger/statement-month.ts';
import { companyInReach } from '../organizations/company-reach.ts';
import { addressLines, paymentMethodLabel } from '../payments/payment-documents.ts';
import { renderPdf, type PdfDocumentContent } from '../payments/pdf.ts';
import { clientScope } from '../policy/order-access.ts';
import { agingSums } from './receivables.repository.ts';
import type { StatementView } from './receivables.schemas.ts';
import { statementLines, statementSums, type StatementLineRow } from './statements.repository.ts';

/**
 * Monthly statements of account (docs/money.md, "Statements"): for a client and a company, the
 * balance at the start of a month in the company's zone, every ledger entry of the month in order,
 * the balance at its end and how it ages then; as JSON, CSV and PDF, and for every client of a
 * company at once as one CSV file.
 */
const money = (cents: bigint | string) => centsToDecimal(cents)!;
/** Which company's statement, for whom: the caller's company, or the one serving the client. */
async function resolveParties(db: Db, user: AuthUser, clientIdParam: string, companyIdParam?: string) {
  const clientId = isUuid(clientIdParam) ? clientIdParam.toLowerCase() : null;
  if (!clientId) throw notFound('client');
  if (user.role === 'client') {
    if (user.organizationId !== clientId) throw notFound('client');
    if (clientScope(user) !== 'all')
      throw forbidden(
        "A statement covers all of the client's orders: its admins, and users who see all of them, read it",
      );
  }
  const serving = await db
    .selectFrom('company_clients as cc')
    .innerJoin('organizations as co', 'co.id', 'cc.company_id')
    .innerJoin('organizations as cl', 'cl.id', 'cc.client_id')
    .select(['cc.company_id', 'co.name as company_name', 'cl.name as client_name'])
    .where('cc.client_id', '=', clientId)
    .execute();
  const mine = user.role === 'staff' ? serving.filter((s) => s.company_id === user.organizationId) : serving;
  const wanted = companyIdParam?.toLowerCase();
  const chosen = wanted ? mine.filter((s) => s.company_id === wanted) : mine;
  if (chosen.length === 0) throw notFound(wanted ? 'company' : 'client');
  if (chosen.length > 1)
    throw invalid('company_id', `names the company: ${chosen.length} companies serve this client`);
  const party = chosen[0]!;
  return {
    clientId,
    companyId: party.company_id,
    companyName: party.company_name,
    clientName: party.client_name,
  };
}

function describe(line: StatementLineRow): string {
  switch (line.kind) {
    case 'charge':
      return 'Invoice issued';
    case 'adjustment':
      return line.reason ?? 'Fee changed';
    case 'payment':
      return line.card_last4
        ? `Payment, ${line.card_brand ?? 'card'} **** ${line.card_last4}`
        : `Payment, ${paymentMethodLabel(line.payment_method ?? 'payment')}${line.provider_reference ? ` ${line.provider_reference}` : ''}`;
    case 'credit_note':
      return `Credit note ${creditNoteNumber(line.credit_note_number!)}: ${line.reason ?? ''}`;
    case 'write_off':
      return `Written off: ${line.reason ?? ''}`;
  }
}

export async function clientStatement(
  db: Db,
  user: AuthUser,
  clientIdParam: string,
  month: string,
  companyIdParam: string | undefined,
  config: Config,
): Promise<StatementView> {
  const parties = await resolveParties(db, user, clientIdParam, companyIdParam);
  const period = await monthOf(db, parties.companyId, month, config);
  const [sums, lines, aging] = await Promise.all([
    statementSums(db, parties.companyId, period.from, period.to, parties.clientId),
    statementLines(db, parties.companyId, parties.clientId, period.from, period.to),
    agingSums(db, parties.companyId, period.lastDay, period.to, parties.clientId),
  ]);
  const sum = sums[0];
  const opening = BigInt(sum?.opening ?? 0);
  const charges = BigInt(sum?.charges ?? 0);
  const payments = BigInt(sum?.payments ?? 0);
  const credits = BigInt(sum?.credits ?? 0);
  const aged = aging.find((row) => row.client_id === parties.clientId);
  return {
    company: { id: parties.companyId, name: parties.companyName },
    client: { id: parties.clientId, name: parties.clientName },
    month,
    opening_balance: money(opening),
    charges: money(charges),
    payments: money(payments),
    credits: money(credits),
    closing_balance: money(opening + charges + payments + credits),
    aging: {
      current: money(aged?.current ?? '0'),
      days_1_30: money(aged?.days_1_30 ?? '0'),
      days_31_60: money(aged?.days_31_60 ?? '0'),
      days_61_90: money(aged?.days_61_90 ?? '0'),
      days_over_90: money(aged?.days_over_90 ?? '0'),
    },
    lines: lines.map((line) => ({
      at: line.created_at.toISOString(),
      kind: line.kind,
      invoice_number: invoiceNumber(line.number),
      file_number: line.file_number,
      borrower: line.borrower_name,
      loan_number: line.loan_number,
      description: describe(line),
      amount: money(line.amount_cents),
    })),
  };
}

const cell = (value: string | null) => {
  const text = value ?? '';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function statementCsv(statement: StatementView): string {
  const rows = [
    'date,invoice,file_number,borrower,loan_number,description,amount',
    `,,,,,Opening balance,${statement.opening_balance}`,
    ...statement.lines.map((line) =>
      [
        line.at.slice(0, 10),
        line.invoice_number,
        line.file_number,
        cell(line.borrower),
        cell(line.loan_number),
        cell(line.description),
        line.amount,
      ].join(','),
    ),
    `,,,,,Closing balance,${statement.closing_balance}`,
  ];
  return rows.join('\r\n') + '\r\n';
}

export async function statementPdf(db: Db, statement: StatementView, timeZone: string): Promise<Uint8Array> {
  const addresses = await db
    .selectFrom('organization_addresses')
    .selectAll()
    .where('organization_id', 'in', [statement.company.id, statement.client.id])
    .execute();
  const addressOf = (id: string) => addresses.find((a) => a.organization_id === id) ?? null;
  const date = (iso: string) => formatDate(new Date(iso), timeZone) ?? iso.slice(0, 10);
  const content: PdfDocumentContent = {
    title: 'Statement of account',
    issuer: { name: statement.company.name, lines: addressLines(addressOf(statement.company.id)) },
    meta: [
      ['Month', monthName(statement.month)],
      ['Balances as of', `the end of ${monthName(statement.month)}`],
      ['Opening balance', centsToCurrency(decimalCents(statement.opening_balance))],
      ['Closing balance', centsToCurrency(decimalCents(statement.closing_balance))],
    ],
    blocks: [
      {
        heading: 'Statement for',
        lines: [statement.client.name, ...addressLines(addressOf(statement.client.id))],
      },
    ],
    facts: [],
    tables: [
      {
        heading: ['Activity', 'Amount'],
        rows: statement.lines.length
          ? statement.lines.map((line): [string, string] => [
              `${date(line.at)}  ${line.invoice_number} (${line.file_number}${line.borrower ? `, ${line.borrower}` : ''}${line.loan_number ? `, loan ${line.loan_number}` : ''}): ${line.description}`,
              centsToCurrency(decimalCents(line.amount)),
            ])
          : [['No activity this month', centsToCurrency(0n)]],
        totals: [
          ['Opening balance', centsToCurrency(decimalCents(statement.opening_balance))],
          ['Charges', centsToCurrency(decimalCents(statement.charges))],
          ['Payments', centsToCurrency(decimalCents(statement.payments))],
          ['Credits and write-offs', centsToCurrency(decimalCents(statement.credits))],
          ['Closing balance', centsToCurrency(decimalCents(statement.closing_balance))],
        ],
      },
      {
        heading: ['How long past due at the month’s end', 'Amount'],
        rows: [
          ['Not yet due', centsToCurrency(decimalCents(statement.aging.current))],
          ['1 to 30 days', centsToCurrency(decimalCents(statement.aging.days_1_30))],
          ['31 to 60 days', centsToCurrency(decimalCents(statement.aging.days_31_60))],
          ['61 to 90 days', centsToCurrency(decimalCents(statement.aging.days_61_90))],
          ['More than 90 days', centsToCurrency(decimalCents(statement.aging.days_over_90))],
        ],
        totals: [],
      },
    ],
    notes: ['Please quote the invoice numbers with your payment.'],
  };
  return renderPdf(content);
}

const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "-12.50" → -1250n: the decimals this service writes, back to cents. */
const decimalCents = (decimal: string): bigint => {
  const negative = decimal.startsWith('-');
  const [whole, fraction = '0'] = decimal.replace('-', '').split('.');
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
};

/** Every client's statement of a month at once: a line per client with its sums and its aging. */
export async function companyStatementsCsv(
  db: Db,
  user: AuthUser,
  companyIdParam: string,
  month: string,
  config: Config,
) {
  const companyId = await companyInReach(db, user, companyIdParam);
  const period = await monthOf(db, companyId, month, config);
  const [sums, aging] = await Promise.all([
    statementSums(db, companyId, period.from, period.to),
    agingSums(db, companyId, period.lastDay, period.to),
  ]);
  const agedBy = new Map(aging.map((row) => [row.client_id, row]));
  const rows = [
    'client_id,client,month,opening_balance,charges,payments,credits,closing_balance,current,days_1_30,days_31_60,days_61_90,days_over_90,lines',
    ...sums.map((sum) => {
      const aged = agedBy.get(sum.client_id);
      const closing = BigInt(sum.opening) + BigInt(sum.charges) + BigInt(sum.payments) + BigInt(sum.credits);
      return [
        sum.client_id,
        cell(sum.client_name),
        month,
        money(sum.opening),
        money(sum.charges),
        money(sum.payments),
        money(sum.credits),
        money(closing),
        money(aged?.current ?? '0'),
        money(aged?.days_1_30 ?? '0'),
        money(aged?.days_31_60 ?? '0'),
        money(aged?.days_61_90 ?? '0'),
        money(aged?.days_over_90 ?? '0'),
        sum.lines,
      ].join(',');
    }),
  ];
  return { filename: `statements-${month}.csv`, text: rows.join('\r\n') + '\r\n' };
}
