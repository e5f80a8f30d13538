import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { OrderParams, ref } from '../schemas/common.ts';
import { Reconsideration } from './reconsideration.schemas.ts';
import { listReconsiderations } from './reconsideration.service.ts';

/** Reconsiderations of value as recorded (docs/reports.md); they are asked for with request_reconsideration_of_value. */
export function registerReconsiderationRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/orders/:order_id/reconsiderations',
    {
      schema: {
        operationId: 'listReconsiderations',
        tags: ['reports'],
        summary: "The order's reconsiderations of value, oldest first",
        description:
          "Each request (PUT /orders/{order_id}/request_reconsideration_of_value) with its deficiencies, alternative comparables and who initiated it, the company's review, and the outcome of the revised report: the value before and after, and whether the report's reconsideration section agrees. The company's staff see every one; the lender those of its order, without the company's words to the appraiser, the outcome once the revised report is released; the order's appraiser those that reached them, without who of the lender wrote them (docs/reports.md, \"Reconsideration of value\").",
        params: OrderParams,
        response: { 200: Type.Array(ref(Reconsideration), { description: 'Oldest first' }) },
      },
    },
    (request) => listReconsiderations(db, principalOf(request).user, request.params.order_id),
  );
}
