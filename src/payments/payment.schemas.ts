import { Type } from 'typebox';
import { PAYMENT_METHODS } from '../db/schema.ts';
import { Nullable, ref } from '../schemas/common.ts';

export const CardPageLock = Type.Object(
  {
    locked_until: Type.String({
      format: 'date-time',
      description: 'ISO 8601 (UTC): when the card page takes cards again',
    }),
    reason: Type.String({
      description: 'Why it is locked, e.g. "5 card payments were declined within 60 minutes"',
    }),
    declined_attempts: Type.Integer(),
  },
  {
    $id: 'CardPageLock',
    description:
      'After CARD_DECLINES_BEFORE_LOCK declined cards within CARD_LOCK_MINUTES (card testing), the page refuses cards until locked_until; nothing is charged or stored meanwhile.',
  },
);

export const Payment = Type.Object(
  {
    amount: Type.String({ description: 'Currency string, e.g. "$450.00"' }),
    confirmed_at: Type.String({ description: 'MM/DD/YYYY' }),
    created_at: Type.String({ description: 'MM/DD/YYYY' }),
    method: Type.Enum(['credit_card'], {
      description: 'How it was paid: by card (the hosted page, a card on file)',
    }),
    paid_by: Type.String({ description: 'e.g. "Paid with **** 4242"' }),
    receipt_link: Type.String({ description: 'The receipt PDF (signed, expiring)' }),
  },
  { $id: 'Payment', description: 'A payment received' },
);

/** The payments summary of the interface: amounts as currency strings, links signed. */
export const PaymentsSummary = Type.Object(
  {
    balance: Type.String({ description: 'Currency string, e.g. "$1,234.50"' }),
    total: Type.String(),
    total_paid: Type.String(),
    input_credit_card_link: Type.String({ description: 'The hosted card payment page (signed, expiring)' }),
    card_page_lock: Nullable(ref(CardPageLock, 'null while the hosted card page takes cards')),
    pdf_link: Type.String({ description: 'The invoice PDF (signed, expiring)' }),
    items: Type.Array(Type.Object({ amount: Type.String(), product_name: Type.String() }), {
      description: "The invoice's lines",
    }),
    payments: Type.Array(ref(Payment)),
  },
  { $id: 'PaymentSummary', description: "The order's invoice and payments" },
);

const Recipients = Type.Array(Type.String({ format: 'email' }), { minItems: 1, maxItems: 20 });

/**
 * The body of send_payment_link, as documented. The service reads it itself (every form the
 * interface allows, each bad address named as emails[i]), so this schema documents it only.
 */
export const SendPaymentLinkRequest = Type.Union(
  [
    Type.Object({ emails: Recipients }, { additionalProperties: false }),
    Type.Object(
      { email: Type.Union([Recipients, Type.String({ format: 'email' })]) },
      { additionalProperties: false },
    ),
    Recipients,
  ],
  {
    $id: 'SendPaymentLinkRequest',
    description:
      'Who receives the payment link: {"emails": [...]}, or {"email": [...]}, {"email": "a@b.example"}, or a bare array',
  },
);

export const UpdatePaymentMethodRequest = Type.Object(
  { payment_method: Type.Enum([...PAYMENT_METHODS]) },
  { $id: 'UpdatePaymentMethodRequest' },
);
