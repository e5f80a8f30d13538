import { Type } from 'typebox';
import type { AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { PAYMENT_METHODS } from '../db/schema.ts';
import { paymentSummary, sendPaymentLink, updatePaymentMethod, type PaymentDeps } from './payment.service.ts';

const OrderParams = Type.Object({ order_id: Type.String() });
const Success = Type.Object({ success: Type.Literal(true) });

const PaymentsSummary = Type.Object({
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

export function registerPaymentRoutes(app: AppInstance, deps: PaymentDeps): void {
  app.get(
    '/orders/:order_id/payments',
    {
      schema: {
        tags: ['payments'],
        summary: "The order's invoice and payments (client users, staff, operators)",
        params: OrderParams,
        response: { 200: PaymentsSummary },
      },
    },
    (request) => paymentSummary(deps, principalOf(request).user, request.params.order_id),
  );

  app.post(
    '/orders/:order_id/send_payment_link',
    {
      schema: {
        tags: ['payments'],
        summary: 'Email the payment link to recipients',
        description:
          'Body: {"emails": ["a@b.example", ...]} (also {"email": [...]}, {"email": "a@b.example"} or a bare JSON array). ' +
          'Each recipient gets an email with the hosted payment page link. 422 names each invalid address (emails[1]).',
        params: OrderParams,
        body: Type.Unknown(),
        response: { 200: Success },
      },
    },
    async (request) => {
      await sendPaymentLink(deps, principalOf(request), request.params.order_id, request.body);
      return { success: true as const };
    },
  );

  app.patch(
    '/orders/:order_id/update_payment_method',
    {
      schema: {
        tags: ['payments'],
        summary: 'Change how the order is paid',
        params: OrderParams,
        body: Type.Object({ payment_method: Type.Enum([...PAYMENT_METHODS]) }),
        response: { 200: Success },
      },
    },
    async (request) => {
      await updatePaymentMethod(
        deps,
        principalOf(request),
        request.params.order_id,
        request.body.payment_method,
      );
      return { success: true as const };
    },
  );
}
