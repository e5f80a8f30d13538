import {
  Aging,
  CreditBody,
  Invoice,
  InvoiceDetail,
  InvoiceList,
  LedgerEntry,
  Receipt,
  ReceiptBody,
  Statement,
} from '../receivables/receivables.schemas.ts';
import type { Static } from 'typebox';
import { example, type NamedExample } from './example.ts';
import { CLIENT, COMPANY, FILE_NUMBER, INVOICE_ID, ORDER_ID, PAYMENT_ID, RECEIPT_ID, STAFF } from './ids.ts';

const RECORDER = { id: STAFF.id, name: STAFF.name };

/** What lenders owe: an invoice part paid by check and credited, its ledger, a receipt, the aging. */
const INVOICE: Static<typeof Invoice> = {
  id: INVOICE_ID,
  number: 'INV-00000042',
  order_id: ORDER_ID,
  file_number: FILE_NUMBER,
  client: CLIENT,
  issued_at: '2026-11-30T16:20:00.000Z',
  issued_on: 'delivery',
  due_on: '2026-12-30',
  total: '550.00',
  paid: '400.00',
  credited: '50.00',
  balance: '100.00',
  state: 'open',
  days_past_due: 0,
  aging: 'current',
};

const ENTRY: Static<typeof LedgerEntry> = {
  id: 'b5c6d7e8-f901-4a2b-8c3d-4e5f60718293',
  kind: 'payment',
  amount: '-400.00',
  at: '2026-12-04T15:00:00.000Z',
  credit_note_number: null,
  reason: null,
  payment: { id: PAYMENT_ID, method: 'check', reference: '10452', receipt_id: RECEIPT_ID },
  recorded_by: RECORDER,
};

const AGING_ROW = {
  current: '100.00',
  days_1_30: '450.00',
  days_31_60: '0.00',
  days_61_90: '0.00',
  days_over_90: '1200.00',
  total: '1750.00',
  open_invoices: 4,
};

export const RECEIVABLE_EXAMPLES: NamedExample[] = [
  example(Invoice, INVOICE),
  example(LedgerEntry, ENTRY),
  example(InvoiceDetail, {
    invoice: INVOICE,
    entries: [
      {
        ...ENTRY,
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        kind: 'charge',
        amount: '550.00',
        at: '2026-11-30T16:20:00.000Z',
        payment: null,
        recorded_by: null,
      },
      ENTRY,
      {
        ...ENTRY,
        id: 'c7d8e9f0-a1b2-4c3d-9e4f-5a6b7c8d9e0f',
        kind: 'credit_note',
        amount: '-50.00',
        at: '2026-12-05T17:30:00.000Z',
        credit_note_number: 'CN-00000007',
        reason: 'Inspection rescheduled twice by the company',
        payment: null,
      },
    ],
  }),
  example(InvoiceList, { invoices: [INVOICE], page: 1, per_page: 25, total_count: 1 }),
  example(CreditBody, { amount: '50.00', reason: 'Inspection rescheduled twice by the company' }),
  example(ReceiptBody, {
    client_id: CLIENT.id,
    method: 'check',
    reference: '10452',
    received_on: '2026-12-04',
    amount: '400.00',
    applications: [{ invoice_id: INVOICE_ID, amount: '400.00' }],
  }),
  example(Receipt, {
    id: RECEIPT_ID,
    client: CLIENT,
    method: 'check',
    reference: '10452',
    received_on: '2026-12-04',
    amount: '400.00',
    applications: [
      {
        invoice_id: INVOICE_ID,
        number: 'INV-00000042',
        payment_id: PAYMENT_ID,
        amount: '400.00',
        balance: '150.00',
      },
    ],
    recorded_by: RECORDER,
    recorded_at: '2026-12-04T15:00:00.000Z',
  }),
  example(Aging, {
    company_id: COMPANY.id,
    as_of: '2026-12-31',
    clients: [{ client: CLIENT, ...AGING_ROW }],
    totals: AGING_ROW,
  }),
  example(Statement, {
    company: COMPANY,
    client: CLIENT,
    month: '2026-12',
    opening_balance: '450.00',
    charges: '550.00',
    payments: '-400.00',
    credits: '-50.00',
    closing_balance: '550.00',
    aging: {
      current: '550.00',
      days_1_30: '0.00',
      days_31_60: '0.00',
      days_61_90: '0.00',
      days_over_90: '0.00',
    },
    lines: [
      {
        at: '2026-12-04T15:00:00.000Z',
        kind: 'payment',
        invoice_number: 'INV-00000042',
        file_number: FILE_NUMBER,
        borrower: 'Bea Borrower',
        loan_number: 'HC-2026-0042',
        description: 'Payment, Check 10452',
        amount: '-400.00',
      },
    ],
  }),
];
