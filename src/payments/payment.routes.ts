import { Type } from 'typebox';
import { OrderParams, ref, Success } from '../schemas/common.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { PaymentsSummary, SendPaymentLinkRequest, UpdatePaymentMethodRequest } from './payment.schemas.ts';
import { paymentSummary, sendPaymentLink, updatePaymentMethod, type PaymentDeps } from './payment.service.ts';

export function registerPaymentRoutes(app: AppInstance, deps: PaymentDeps): void {
  app.get(
    '/orders/:order_id/payments',
    {
      config: { roles: ['client', 'staff', 'operator'] },
      schema: {
        operationId: 'getOrderPayments',
        tags: ['payments'],
        summary: "The order's invoice and payments",
        description:
          "Client users, staff and operators: the client's fee, what was paid and how, the hosted card page, and whether card testing locked it.",
        params: OrderParams,
        response: { 200: ref(PaymentsSummary) },
      },
    },
    (request) => paymentSummary(deps, principalOf(request).user, request.params.order_id),
  );

  app.post(
    '/orders/:order_id/send_payment_link',
    {
      // The service reads the body itself (every form the interface allows); the document shows them.
      config: { roles: ['client', 'staff'], documentedBody: ref(SendPaymentLinkRequest) },
      schema: {
        operationId: 'sendPaymentLink',
        tags: ['payments'],
        summary: 'Email the payment link to recipients',
        description:
          'Body: {"emails": ["a@b.example", ...]} (also {"email": [...]}, {"email": "a@b.example"} or a bare JSON array). ' +
          'Each recipient gets an email with the hosted payment page link. 422 names each invalid address (emails[1]).',
        params: OrderParams,
        body: Type.Unknown(),
        response: { 200: ref(Success, 'Sent') },
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
        operationId: 'updatePaymentMethod',
        tags: ['payments'],
        summary: 'Change how the order is paid',
        description:
          "The client's decision: not taken by another organization acting for a client user (403).",
        params: OrderParams,
        body: ref(UpdatePaymentMethodRequest),
        response: { 200: ref(Success, 'Changed') },
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
