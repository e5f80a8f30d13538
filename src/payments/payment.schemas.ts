import { Type } from 'typebox';

/** The payments summary of the interface: amounts as currency strings, links signed. */
export const PaymentsSummary = Type.Object({
  balance: Type.String({ description: 'Currency string, e.g. "$1,234.50"' }),
  total: Type.String(),
  total_paid: Type.String(),
  input_credit_card_link: Type.String({ description: 'The hosted card payment page (signed, expiring)' }),
  pdf_link: Type.String({ description: 'The invoice PDF (signed, expiring)' }),
  items: Type.Array(Type.Object({ amount: Type.String(), product_name: Type.String() })),
  payments: Type.Array(
    Type.Object({
      amount: Type.String(),
      confirmed_at: Type.String(),
      created_at: Type.String(),
      method: Type.String(),
      paid_by: Type.String({ description: 'e.g. "Paid with **** 4242"' }),
      receipt_link: Type.String(),
    }),
  ),
});
