import type { PaymentMethod } from '../../queries/order-records.ts';

/** Each way of paying in words, as the invoice says it: never an internal code such as `credit_card`. */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, { label: string; means: string }> = {
  invoice: {
    label: 'Invoice, payable by the lender',
    means: 'The lender is invoiced and pays the balance.',
  },
  credit_card: {
    label: "The lender's card",
    means: 'The lender pays the balance by card on the payment page.',
  },
  payment_link: {
    label: 'Payment link, paid by the borrower',
    means: 'The borrower pays the balance through the payment link, which you send them.',
  },
};
