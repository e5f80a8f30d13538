import { formatDateTime } from '../format/dates.ts';
import { centsToCurrency } from '../format/money.ts';
import { fullAddress } from '../orders/order.mapper.ts';
import { findOrder } from '../orders/order.store.ts';
import { isUuid } from '../db/ids.ts';
import type { PayPageModel } from './hosted-page.ts';
import { balanceOf, invoiceLines, PAYMENT_COLUMNS, withNames, type PayableOrder } from './payable-order.ts';
import {
  activePageLock,
  documentFacts,
  findSucceededPayment,
  succeededPayments,
  type PageLock,
} from './payment.repository.ts';
import { invoiceContent, invoiceTitle, receiptContent, receiptNumberOf } from './payment-documents.ts';
import { payBalance, type PaymentDeps } from './payment.service.ts';
import { renderPdf } from './pdf.ts';
import { readCard, type CardForm } from '../cards/card-form.ts';

/**
 * What the pages behind signed links show: the hosted payment page, the invoice PDF and the
 * payment receipts. The link's signature is the credential (no API key): a tampered or expired
 * link is refused, and so is a link to something that no longer exists.
 */
export interface SignedQuery {
  expires?: string;
  signature?: string;
}

export type Refusal = { refused: 'expired' | 'invalid' };

/** The order behind a verified link of `kind` (pay, invoices), or why the link is refused. */
async function linkedOrder(
  deps: PaymentDeps,
  kind: string,
  orderId: string,
  signed: SignedQuery,
): Promise<PayableOrder | Refusal> {
  const verdict = await deps.links.verify(kind, orderId, signed.expires, signed.signature);
  if (verdict !== 'ok') return { refused: verdict };
  const order = await findOrder(deps.db, orderId, { columns: PAYMENT_COLUMNS });
  return order ? withNames(deps.db, order) : { refused: 'invalid' };
}

function pageModel(deps: PaymentDeps, order: PayableOrder, action: string) {
  return {
    companyName: order.company_name,
    fileNumber: order.file_number,
    address: fullAddress(order),
    balance: centsToCurrency(balanceOf(order)),
    sandbox: deps.payments.sandbox,
    action,
  };
}

export interface PageAnswer {
  status: number;
  model: PayPageModel;
  /** Seconds until the page takes cards again (a locked page's Retry-After). */
  retryAfterSeconds?: number;
}

/** What the payer reads on a locked page: until when, why, and that nothing was charged. */
function lockedText(deps: PaymentDeps, order: PayableOrder, lock: PageLock): string {
  return (
    `Card payments on this page are paused until ${formatDateTime(lock.locked_until, deps.config.timeZone)} ` +
    `because ${lock.reason}. Nothing was charged. ` +
    `Try again after that time, or contact ${order.company_name}.`
  );
}

function lockedAnswer(deps: PaymentDeps, order: PayableOrder, action: string, lock: PageLock): PageAnswer {
  return {
    status: 429,
    retryAfterSeconds: Math.max(1, Math.ceil((lock.locked_until.getTime() - Date.now()) / 1000)),
    model: {
      ...pageModel(deps, order, action),
      showForm: false,
      message: { kind: 'error', text: lockedText(deps, order, lock) },
    },
  };
}

/** GET /pay/{order_id}: the card form, or that nothing is due. */
export async function showPayPage(
  deps: PaymentDeps,
  orderId: string,
  signed: SignedQuery,
  action: string,
): Promise<PageAnswer | Refusal> {
  const order = await linkedOrder(deps, 'pay', orderId, signed);
  if ('refused' in order) return order;
  const due = balanceOf(order) > 0n && order.status !== 'Cancelled';
  const lock = due ? await activePageLock(deps.db, order.id) : undefined;
  if (lock)
    return {
      status: 200,
      model: {
        ...pageModel(deps, order, action),
        showForm: false,
        message: { kind: 'error', text: lockedText(deps, order, lock) },
      },
    };
  return {
    status: 200,
    model: {
      ...pageModel(deps, order, action),
      showForm: due,
      ...(due ? {} : { message: { kind: 'info', text: 'Nothing is due on this order.' } }),
    },
  };
}

/** POST /pay/{order_id}: charges the balance to the card; the page says how it went. */
export async function submitPayPage(
  deps: PaymentDeps,
  orderId: string,
  signed: SignedQuery,
  action: string,
  form: CardForm,
): Promise<PageAnswer | Refusal> {
  const order = await linkedOrder(deps, 'pay', orderId, signed);
  if ('refused' in order) return order;
  const base = pageModel(deps, order, action);
  const values = { name: form.name ?? '' };
  // A locked page reads no card at all (payBalance checks again, under the order's lock).
  const lock = await activePageLock(deps.db, order.id);
  if (lock) return lockedAnswer(deps, order, action, lock);
  const read = readCard(form);
  if ('problems' in read)
    return {
      status: 422,
      model: { ...base, showForm: true, values, message: { kind: 'error', text: read.problems[0]!.message } },
    };
  const result = await payBalance(deps, order.id, read.card);
  switch (result.outcome) {
    case 'paid':
      return {
        status: 200,
        model: {
          ...base,
          balance: centsToCurrency(0),
          showForm: false,
          message: {
            kind: 'success',
            text: `Thank you: ${centsToCurrency(result.amountCents)} was paid with ${result.brand} **** ${result.last4}.`,
          },
          receiptLink: await deps.links.link('receipts', result.paymentId),
        },
      };
    case 'pending':
      return {
        status: 202,
        model: {
          ...base,
          showForm: false,
          message: {
            kind: 'info',
            text: `Your payment of ${centsToCurrency(result.amountCents)} was submitted and awaits your card's bank. It will show on the order once the bank confirms it; nothing more is needed from you.`,
          },
        },
      };
    case 'nothing_due':
      return {
        status: 409,
        model: {
          ...base,
          showForm: false,
          message: {
            kind: 'info',
            text: result.pendingCents
              ? "Nothing is due on this order now: a payment is waiting for its bank's confirmation."
              : 'Nothing is due on this order: it has already been paid.',
          },
        },
      };
    case 'declined':
      return {
        status: 402,
        model: {
          ...base,
          showForm: result.lock === null,
          values,
          message: {
            kind: 'error',
            text: `${result.message}. Nothing was charged.${result.lock ? ` ${lockedText(deps, order, result.lock)}` : ''}`,
          },
        },
      };
    case 'locked':
      return lockedAnswer(deps, order, action, result.lock);
    case 'retry':
      return {
        status: 503,
        model: { ...base, showForm: true, values, message: { kind: 'error', text: result.message } },
      };
  }
}

export interface PdfAnswer {
  filename: string;
  pdf: Uint8Array;
}

/** GET /invoices/{order_id}: the invoice PDF. */
export async function invoicePdf(
  deps: PaymentDeps,
  orderId: string,
  signed: SignedQuery,
): Promise<PdfAnswer | Refusal> {
  const order = await linkedOrder(deps, 'invoices', orderId, signed);
  if ('refused' in order) return order;
  const [lines, facts, payments] = await Promise.all([
    invoiceLines(deps.db, order),
    documentFacts(deps.db, order),
    succeededPayments(deps.db, order.id),
  ]);
  const content = invoiceContent({
    order,
    facts,
    lines,
    payments,
    timeZone: deps.config.timeZone,
    issuedAt: new Date(),
  });
  return {
    filename: `${invoiceTitle(facts, order.file_number).filename}.pdf`,
    pdf: await renderPdf(content),
  };
}

/** GET /receipts/{payment_id}: a succeeded payment's receipt PDF. */
export async function receiptPdf(
  deps: PaymentDeps,
  paymentId: string,
  signed: SignedQuery,
): Promise<PdfAnswer | Refusal> {
  const verdict = await deps.links.verify('receipts', paymentId, signed.expires, signed.signature);
  if (verdict !== 'ok') return { refused: verdict };
  const payment = isUuid(paymentId) ? await findSucceededPayment(deps.db, paymentId) : undefined;
  const found = payment ? await findOrder(deps.db, payment.order_id, { columns: PAYMENT_COLUMNS }) : null;
  if (!payment || !found) return { refused: 'invalid' };
  const order = await withNames(deps.db, found);
  const [facts, payments] = await Promise.all([
    documentFacts(deps.db, order),
    succeededPayments(deps.db, order.id),
  ]);
  const place = payments.findIndex((p) => p.id === payment.id) + 1;
  const content = receiptContent({
    order,
    facts,
    payment,
    place,
    timeZone: deps.config.timeZone,
    sandbox: deps.payments.sandbox,
  });
  return { filename: `${receiptNumberOf(facts, place)}.pdf`, pdf: await renderPdf(content) };
}
