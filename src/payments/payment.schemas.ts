import { Type } from 'typebox';

/** The payments summary of the interface: amounts as currency strings, links signed. */
export const PaymentsSummary = Type.Object({
  balance: Type.String({ description: 'Currency string, e.g. "$1,234.50"' }),
  total: Type.String(),
  total_paid: Type.String(),
  input_credit_card_link: Type.String({ description: 'The hosted card payment page (signed, expiring)' }),
  card_page_lock: Type.Union(
    [
      Type.Object({
        locked_until: Type.String({
          format: 'date-time',
          description: 'ISO 8601 (UTC): when the card page takes cards again',
        }),
        reason: Type.String({
          description: 'Why it is locked, e.g. "5 card payments were declined within 60 minutes"',
        }),
        declined_attempts: Type.Integer(),
      }),
      Type.Null(),
    ],
    {
      description:
        'null while the hosted card page takes cards. After CARD_DECLINES_BEFORE_LOCK declined cards within CARD_LOCK_MINUTES (card testing), the page refuses cards until locked_until; nothing is charged or stored meanwhile.',
    },
  ),
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
