import { Type } from 'typebox';
import { OrderParams, Success } from '../schemas/common.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { PAYMENT_METHODS } from '../db/schema.ts';
import { PaymentsSummary } from './payment.schemas.ts';
import { paymentSummary, sendPaymentLink, updatePaymentMethod, type PaymentDeps } from './payment.service.ts';

export function registerPaymentRoutes(app: AppInstance, deps: PaymentDeps): void {
  app.get(
    '/orders/:order_id/payments',
    {
      config: { roles: ['client', 'staff', 'operator'] },
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
      config: { roles: ['client', 'staff'] },
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
      config: { roles: ['client', 'staff'] },
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
