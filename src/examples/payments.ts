import type { Static } from 'typebox';
import {
  CardPageLock,
  Payment,
  PaymentsSummary,
  SendPaymentLinkRequest,
  UpdatePaymentMethodRequest,
} from '../payments/payment.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { ORDER_ID, PAYMENT_ID, PRODUCT, signed } from './ids.ts';

/** The order's invoice and payments. */
const PAYMENT: Static<typeof Payment> = {
  amount: '$200.00',
  confirmed_at: '11/27/2026',
  created_at: '11/27/2026',
  method: 'credit_card',
  paid_by: 'Paid with **** 4242',
  receipt_link: signed(`/receipts/${PAYMENT_ID}`),
};

const CARD_PAGE_LOCK: Static<typeof CardPageLock> = {
  locked_until: '2026-11-27T18:00:00.000Z',
  reason: '5 card payments were declined within 60 minutes',
  declined_attempts: 5,
};

export const PAYMENT_EXAMPLES: NamedExample[] = [
  example(CardPageLock, CARD_PAGE_LOCK),
  example(Payment, PAYMENT),
  example(PaymentsSummary, {
    balance: '$250.00',
    total: '$450.00',
    total_paid: '$200.00',
    input_credit_card_link: signed(`/pay/${ORDER_ID}`),
    card_page_lock: null,
    pdf_link: signed(`/invoices/${ORDER_ID}`),
    items: [{ amount: '$450.00', product_name: PRODUCT.name }],
    payments: [PAYMENT],
  }),
  example(SendPaymentLinkRequest, { emails: ['bea@borrower.example'] }),
  example(UpdatePaymentMethodRequest, { payment_method: 'payment_link' }),
];
