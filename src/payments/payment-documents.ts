import { formatDate } from '../format/dates.ts';
import { centsToCurrency } from '../format/money.ts';
import { fullAddress } from '../orders/order.mapper.ts';
import { creditNoteNumber, invoiceNumber, receiptNumber } from '../ledger/document-numbers.ts';
import { balanceOf, type PayableOrder } from './payable-order.ts';
import type { documentFacts, PaymentRow } from './payment.repository.ts';
import type { PdfDocumentContent } from './pdf.ts';

/**
 * What an invoice and a receipt say, in words a reader uses (never an internal code): the
 * company that issues it and its address, whom it bills (the lender, with its address), the
 * borrower, the loan, the property, and the money. The lender's invoice shows the lender's fees
 * and what was paid against them, never what the appraiser is paid (appraiser independence:
 * docs/security.md).
 *
 * Numbers: an order's invoice takes the company's next invoice number when it is issued (at the
 * delivery, or at the first payment), without gaps (docs/money.md, "Numbers"): INV-00000042 on
 * every copy, however often it is downloaded. Before, the document is a pro forma invoice with no
 * number. A receipt is numbered after the invoice and the payment's place among the order's
 * payments, oldest first (RCT-00000042-1).
 */
export type DocumentFacts = Awaited<ReturnType<typeof documentFacts>>;

/** The document's name and number: the invoice's once issued, else the pro forma's. */
export function invoiceTitle(facts: Pick<DocumentFacts, 'invoice'>, fileNumber: string) {
  return facts.invoice
    ? {
        title: 'Invoice',
        number: invoiceNumber(facts.invoice.number),
        filename: invoiceNumber(facts.invoice.number),
      }
    : { title: 'Pro forma invoice', number: null, filename: `PRO-FORMA-${fileNumber}` };
}

export const receiptNumberOf = (facts: Pick<DocumentFacts, 'invoice'>, place: number): string =>
  receiptNumber(facts.invoice?.number ?? '0', place);

const creditLine = (credit: DocumentFacts['credits'][number]): string =>
  credit.kind === 'credit_note'
    ? `Credit note ${creditNoteNumber(credit.credit_note_number!)}: ${credit.reason ?? ''}`
    : `Written off: ${credit.reason ?? ''}`;

const METHOD_LABELS: Record<string, string> = {
  invoice: 'Invoice, payable by the lender',
  credit_card: "The lender's card",
  payment_link: 'Payment link, paid by the borrower',
  check: 'Check',
  ach: 'ACH transfer',
  wire: 'Wire transfer',
};
export const paymentMethodLabel = (method: string): string =>
  METHOD_LABELS[method] ?? method.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function addressLines(address: DocumentFacts['clientAddress']): string[] {
  if (!address) return [];
  return [
    address.address_one,
    address.address_two ?? '',
    `${address.city}, ${address.state} ${address.zip}`,
  ].filter((line) => line.trim());
}

const cardOf = (payment: PaymentRow): string =>
  payment.card_last4
    ? `${payment.card_brand ?? 'Card'} **** ${payment.card_last4}`
    : payment.receipt_id && payment.provider_reference
      ? `${paymentMethodLabel(payment.method)} ${payment.provider_reference}`
      : paymentMethodLabel(payment.method);

const orderFacts = (order: PayableOrder, facts: DocumentFacts): [string, string][] => [
  ['Order', order.file_number],
  ['Borrower', facts.borrowers.join(', ')],
  ['Loan number', facts.loanNumber ?? ''],
  ['Property', fullAddress(order)],
];

export function invoiceContent(input: {
  order: PayableOrder;
  facts: DocumentFacts;
  lines: { name: string; cents: bigint }[];
  payments: PaymentRow[];
  timeZone: string;
  issuedAt: Date;
}): PdfDocumentContent {
  const { order, facts, timeZone } = input;
  const balance = balanceOf(order);
  const date = (value: Date) => formatDate(value, timeZone) ?? '';
  const named = invoiceTitle(facts, order.file_number);
  const issued: [string, string][] = facts.invoice
    ? [
        ['Invoice number', named.number!],
        ['Date issued', date(facts.invoice.issued_at)],
        ['Payment due', formatDate(facts.invoice.due_on, timeZone) ?? facts.invoice.due_on],
      ]
    : [
        ['Invoice number', 'Given when the report is delivered'],
        ['Date', date(input.issuedAt)],
      ];
  return {
    title: named.title,
    issuer: { name: order.company_name, lines: addressLines(facts.companyAddress) },
    meta: [
      ...issued,
      ['Order placed', date(facts.placedAt)],
      ['Status', balance > 0n ? `${centsToCurrency(balance)} due` : 'Paid in full'],
    ],
    blocks: [{ heading: 'Bill to', lines: [order.client_name, ...addressLines(facts.clientAddress)] }],
    facts: [...orderFacts(order, facts), ['Payment method', paymentMethodLabel(order.payment_method)]],
    tables: [
      {
        heading: ['Description', 'Amount'],
        rows: input.lines.map((line): [string, string] => [line.name, centsToCurrency(line.cents)]),
        totals: [['Total', centsToCurrency(order.total_fee_cents)]],
      },
      {
        heading: ['Payments applied', 'Amount'],
        rows:
          input.payments.length + facts.credits.length
            ? [
                ...input.payments.map((payment): [string, string] => [
                  `${date(payment.confirmed_at ?? payment.created_at)}, ${cardOf(payment)}`,
                  centsToCurrency(-BigInt(payment.amount_cents)),
                ]),
                ...facts.credits.map((credit): [string, string] => [
                  `${date(credit.created_at)}, ${creditLine(credit)}`,
                  centsToCurrency(credit.amount_cents),
                ]),
              ]
            : [['No payment received yet', centsToCurrency(0n)]],
        totals: [['Balance due', centsToCurrency(balance > 0n ? balance : 0n)]],
      },
    ],
    notes: [
      balance > 0n
        ? `Please quote ${named.number ?? order.file_number} with your payment.`
        : 'Thank you: nothing is due on this invoice.',
    ],
  };
}

export function receiptContent(input: {
  order: PayableOrder;
  facts: DocumentFacts;
  payment: PaymentRow;
  place: number;
  timeZone: string;
  sandbox: boolean;
}): PdfDocumentContent {
  const { order, facts, payment } = input;
  return {
    title: 'Receipt',
    issuer: { name: order.company_name, lines: addressLines(facts.companyAddress) },
    meta: [
      ['Receipt number', receiptNumberOf(facts, input.place)],
      ['Date paid', formatDate(payment.confirmed_at ?? payment.created_at, input.timeZone) ?? ''],
      ['Invoice', invoiceTitle(facts, order.file_number).number ?? order.file_number],
    ],
    blocks: [
      { heading: 'Received from', lines: [payment.payer_name ?? order.client_name] },
      { heading: 'For', lines: [order.client_name, ...addressLines(facts.clientAddress)] },
    ],
    facts: [
      ...orderFacts(order, facts),
      ['Paid with', cardOf(payment)],
      ['Reference', payment.provider_reference ?? payment.id],
    ],
    tables: [
      {
        heading: ['Description', 'Amount'],
        rows: [
          [
            `Payment on invoice ${invoiceTitle(facts, order.file_number).number ?? order.file_number}`,
            centsToCurrency(payment.amount_cents),
          ],
        ],
        totals: [
          ['Amount paid', centsToCurrency(payment.amount_cents)],
          [
            'Balance remaining on the invoice',
            centsToCurrency(balanceOf(order) > 0n ? balanceOf(order) : 0n),
          ],
        ],
      },
    ],
    notes:
      input.sandbox && payment.provider === 'sandbox' ? ['Sandbox payment: no real card was charged.'] : [],
  };
}
