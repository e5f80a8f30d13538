import { formatDate } from '../format/dates.ts';
import { centsToCurrency } from '../format/money.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import { balanceOf, type PaymentOrder } from './payable-order.ts';
import type { PageLock, PaymentRow } from './payment.repository.ts';

/** "Paid with **** 4242", or the method for payments without a card. */
export const paidBy = (payment: { card_last4: string | null; method: string }): string =>
  payment.card_last4
    ? `Paid with **** ${payment.card_last4}`
    : `Paid by ${payment.method.replace(/_/g, ' ')}`;

export interface SummaryParts {
  order: PaymentOrder;
  lines: { name: string; cents: bigint }[];
  payments: PaymentRow[];
  /** The hosted card page, signed for the payment link's lifetime. */
  payLink: string;
  /** The card page's lock after repeated declines, while it holds. */
  lock: PageLock | null;
}

/** The payments summary of the interface: currency strings, MM/DD/YYYY dates, signed links. */
export async function toPaymentSummary(parts: SummaryParts, links: LinkSigner, timeZone: string) {
  const { order } = parts;
  return {
    balance: centsToCurrency(balanceOf(order)),
    total: centsToCurrency(order.total_fee_cents),
    total_paid: centsToCurrency(order.paid_cents),
    input_credit_card_link: parts.payLink,
    card_page_lock: parts.lock
      ? {
          locked_until: parts.lock.locked_until.toISOString(),
          reason: parts.lock.reason,
          declined_attempts: parts.lock.declined_attempts,
        }
      : null,
    pdf_link: await links.link('invoices', order.id),
    items: parts.lines.map((line) => ({ amount: centsToCurrency(line.cents), product_name: line.name })),
    payments: await Promise.all(
      parts.payments.map(async (p) => ({
        amount: centsToCurrency(p.amount_cents),
        confirmed_at: formatDate(p.confirmed_at, timeZone) ?? '',
        created_at: formatDate(p.created_at, timeZone)!,
        method: p.method as 'credit_card',
        paid_by: paidBy(p),
        receipt_link: await links.link('receipts', p.id),
      })),
    ),
  };
}
