import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref } from '../schemas/common.ts';
import { CancellationFees, CancellationFeesBody } from './cancellation-fees.schemas.ts';
import { cancellationFees, replaceCancellationFees } from './cancellation-fees.service.ts';
import { CompanyParams } from './fee-schedule.schemas.ts';

const tags = ['fees'];
const how =
  "At a cancellation the stage is where the work stood (for a cancel request or a hold, the status it paused from); the client's own line comes before the company's line for every client, by the order's first product. A company with no line charges and pays nothing new (docs/money.md, \"Cancellations\").";

/** Cancellation and trip fees by stage (docs/money.md). */
export function registerCancellationFeeRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/companies/:company_id/cancellation_fees',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getCancellationFees',
        tags,
        summary: 'What a cancellation costs the lender and pays the appraiser, by client, product and stage',
        description: `${how} The company's staff and operators; another company answers 404.`,
        params: CompanyParams,
        response: { 200: ref(CancellationFees) },
      },
    },
    (request) => cancellationFees(db, principalOf(request).user, request.params.company_id),
  );
  app.put(
    '/companies/:company_id/cancellation_fees',
    {
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'putCancellationFees',
        tags,
        summary: "Replace the company's cancellation fees (its admins; operators)",
        description: `${how} Each problem is named by its line (entries[2].product_id) and nothing is kept unless every line is well.`,
        params: CompanyParams,
        body: ref(CancellationFeesBody),
        response: { 200: ref(CancellationFees) },
      },
    },
    (request) => replaceCancellationFees(db, principalOf(request), request.params.company_id, request.body),
  );
}
