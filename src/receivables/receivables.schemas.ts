import { Type, type Static } from 'typebox';
import { RECEIPT_METHODS } from '../db/schema.ts';
import { MONEY_PATTERN } from '../format/money.ts';
import { Id, MoneyOut, Nullable, PageFacts, PageQuery, ref } from '../schemas/common.ts';

/** What lenders owe (docs/money.md, "Receivables"): invoices, their ledgers, receipts, credits, aging. */
const AmountIn = (description: string) => Type.String({ pattern: MONEY_PATTERN, description });
const Person = Nullable(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }));

export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const Invoice = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: Type.String({ description: 'The company’s invoice number, without gaps: INV-00000042' }),
    order_id: Type.String({ format: 'uuid' }),
    file_number: Type.String(),
    client: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
    issued_at: Type.String({ format: 'date-time' }),
    issued_on: Type.Enum(['delivery', 'payment', 'cancellation'], {
      description: 'What issued it: the report delivered, the first payment, or a cancellation with a fee',
    }),
    due_on: Type.String({ format: 'date', description: 'Issued day plus the client’s payment terms' }),
    total: MoneyOut('Charged: the fees at issue and agreed changes since'),
    paid: MoneyOut('Payments applied: cards, checks, ACH and wires'),
    credited: MoneyOut('Credit notes and write-offs'),
    balance: MoneyOut('What is still owed: total - paid - credited'),
    state: Type.Enum(['open', 'paid'], { description: 'open: something is owed; paid: nothing is' }),
    days_past_due: Type.Integer({
      description: 'Days since due_on, as of today in the company’s zone; 0 when not past due or paid',
    }),
    aging: Nullable(
      Type.Enum([...AGING_BUCKETS], { description: 'Where its balance ages; null when nothing is owed' }),
    ),
  },
  { $id: 'Invoice', description: 'An order’s invoice to the lender, as the ledger has it' },
);
export type InvoiceView = Static<typeof Invoice>;

export const LedgerEntry = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.Enum(['charge', 'adjustment', 'payment', 'credit_note', 'write_off']),
    amount: MoneyOut('Signed as what the lender owes: charges up; payments, credits and write-offs down'),
    at: Type.String({ format: 'date-time' }),
    credit_note_number: Nullable(Type.String({ description: 'CN-00000007, for a credit note' })),
    reason: Nullable(Type.String()),
    payment: Nullable(
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        method: Type.String({ description: 'credit_card, check, ach or wire' }),
        reference: Nullable(
          Type.String({ description: 'The check number or transfer reference; the processor’s for a card' }),
        ),
        receipt_id: Nullable(Type.String({ format: 'uuid', description: 'The receipt it was applied from' })),
      }),
    ),
    recorded_by: Person,
  },
  { $id: 'LedgerEntry', description: 'One line of an invoice’s ledger' },
);

export const InvoiceDetail = Type.Object(
  { invoice: ref(Invoice), entries: Type.Array(ref(LedgerEntry)) },
  { $id: 'InvoiceDetail', description: 'An invoice and every entry that moved its balance, oldest first' },
);
export type InvoiceDetailView = Static<typeof InvoiceDetail>;

export const InvoiceList = Type.Object(
  {
    invoices: Type.Array(ref(Invoice)),
    ...PageFacts,
  },
  { $id: 'InvoiceList', description: 'Invoices, newest number first' },
);
export type InvoiceListView = Static<typeof InvoiceList>;

export const InvoiceListQuery = Type.Object(
  {
    client_id: Type.Optional(Id('Only this client’s (staff, operators)')),
    company_id: Type.Optional(Id('Operators: only this company’s')),
    state: Type.Optional(
      Type.Enum(['open', 'paid', 'all'], { default: 'all', description: 'open: with a balance' }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type InvoiceListInput = Static<typeof InvoiceListQuery>;

export const CreditBody = Type.Object(
  {
    amount: Type.Optional(
      AmountIn(
        'How much, e.g. "50.00"; more than 0, at most the balance. A write-off without one writes off the whole balance',
      ),
    ),
    reason: Type.String({
      minLength: 1,
      maxLength: 500,
      description: 'Why: kept on the ledger and printed on the invoice',
    }),
  },
  { $id: 'CreditBody', additionalProperties: false, description: 'A credit note or a write-off' },
);
export type CreditInput = Static<typeof CreditBody>;

export const ReceiptBody = Type.Object(
  {
    client_id: Id('The lender that sent it'),
    method: Type.Enum([...RECEIPT_METHODS], { description: 'check, ach or wire' }),
    reference: Type.String({
      minLength: 1,
      maxLength: 80,
      description: 'The check number or the transfer’s reference; unique per client and method',
    }),
    received_on: Type.String({
      format: 'date',
      description: 'The day it arrived (YYYY-MM-DD); not in the future',
    }),
    amount: AmountIn('The whole amount received, e.g. "1250.00"'),
    applications: Type.Array(
      Type.Object(
        {
          invoice_id: Id('An open invoice of the same client'),
          amount: AmountIn('How much of it goes to this invoice; at most its balance'),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500, description: 'Where it goes: the amounts add up to amount' },
    ),
  },
  {
    $id: 'ReceiptBody',
    additionalProperties: false,
    description: 'A check, ACH or wire received, applied to invoices',
  },
);
export type ReceiptInput = Static<typeof ReceiptBody>;

export const Receipt = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    client: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
    method: Type.Enum([...RECEIPT_METHODS]),
    reference: Type.String(),
    received_on: Type.String({ format: 'date' }),
    amount: MoneyOut('The whole amount'),
    applications: Type.Array(
      Type.Object({
        invoice_id: Type.String({ format: 'uuid' }),
        number: Type.String(),
        payment_id: Type.String({ format: 'uuid' }),
        amount: MoneyOut('Applied to it'),
        balance: MoneyOut('Its balance after'),
      }),
    ),
    recorded_by: Person,
    recorded_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Receipt', description: 'A check, ACH or wire received and where it was applied' },
);
export type ReceiptView = Static<typeof Receipt>;

export const AgingRow = Type.Object({
  client: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
  current: MoneyOut('Not yet due'),
  days_1_30: MoneyOut('1 to 30 days past due'),
  days_31_60: MoneyOut('31 to 60 days past due'),
  days_61_90: MoneyOut('61 to 90 days past due'),
  days_over_90: MoneyOut('More than 90 days past due'),
  total: MoneyOut('Everything owed'),
  open_invoices: Type.Integer(),
});

export const Aging = Type.Object(
  {
    company_id: Type.String({ format: 'uuid' }),
    as_of: Type.String({
      format: 'date',
      description: 'The day the ages are counted to, in the company’s zone',
    }),
    clients: Type.Array(AgingRow, { description: 'Each client that owes something, most owed first' }),
    totals: Type.Omit(AgingRow, ['client']),
  },
  { $id: 'Aging', description: 'What each client owes, by how long past due' },
);
export type AgingView = Static<typeof Aging>;

export const AgingQuery = Type.Object(
  {
    as_of: Type.Optional(Type.String({ format: 'date', description: 'Default today in the company’s zone' })),
  },
  { additionalProperties: false },
);

export const StatementLine = Type.Object({
  at: Type.String({ format: 'date-time' }),
  kind: Type.Enum(['charge', 'adjustment', 'payment', 'credit_note', 'write_off']),
  invoice_number: Type.String(),
  file_number: Type.String(),
  borrower: Nullable(Type.String()),
  loan_number: Nullable(Type.String()),
  description: Type.String({
    description: 'In words: "Invoice issued", "Check 10452", "Credit note CN-00000007: …"',
  }),
  amount: MoneyOut('Signed as what the lender owes'),
});

export const Statement = Type.Object(
  {
    company: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
    client: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
    month: Type.String({ description: 'YYYY-MM, in the company’s zone' }),
    opening_balance: MoneyOut('Owed at the start of the month'),
    charges: MoneyOut('Invoices issued and fee changes in the month'),
    payments: MoneyOut('Payments received in the month (a negative amount)'),
    credits: MoneyOut('Credit notes and write-offs in the month (a negative amount)'),
    closing_balance: MoneyOut('Owed at the end of the month: the opening balance and every line'),
    aging: Type.Object(
      {
        current: MoneyOut('Not yet due at the month’s end'),
        days_1_30: MoneyOut('1 to 30 days past due'),
        days_31_60: MoneyOut('31 to 60 days past due'),
        days_61_90: MoneyOut('61 to 90 days past due'),
        days_over_90: MoneyOut('More than 90 days past due'),
      },
      { description: 'The closing balance by how long past due at the month’s end' },
    ),
    lines: Type.Array(StatementLine),
  },
  { $id: 'Statement', description: 'A client’s monthly statement of account with a company' },
);
export type StatementView = Static<typeof Statement>;

export const StatementParams = Type.Object({
  client_id: Id('The client'),
  month: Type.String({
    description: 'YYYY-MM, a month of the company’s calendar (422 naming month otherwise)',
  }),
});
export const StatementQuery = Type.Object(
  {
    company_id: Type.Optional(
      Id('The company, when several serve the client (default: the only one, or yours)'),
    ),
  },
  { additionalProperties: false },
);
export const CompanyMonthParams = Type.Object({
  company_id: Id('The company'),
  month: Type.String({
    description: 'YYYY-MM, a month of the company’s calendar (422 naming month otherwise)',
  }),
});
