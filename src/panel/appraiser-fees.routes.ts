import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref } from '../schemas/common.ts';
import { AppraiserFeeSchedule, AppraiserFeeScheduleBody } from '../fees/fee-schedule.schemas.ts';
import { AppraiserParams } from './credential.schemas.ts';
import { appraiserFeeSchedule, changeAppraiserFeeSchedule } from './appraiser-fees.service.ts';

const tags = ['fees'];
/** Lenders never: what an appraiser is paid is not theirs to see. */
const roles = ['appraiser', 'staff', 'operator'] as const;
const reach =
  "The appraiser themself (never someone acting for them, for a change), their company's staff and operators; another appraiser or another company's staff get 404.";

/** An appraiser's own fee schedule (docs/fees.md). */
export function registerAppraiserFeeRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/appraisers/:appraiser_id/fee_schedule',
    {
      config: { roles },
      schema: {
        operationId: 'getAppraiserFeeSchedule',
        tags,
        summary: "An appraiser's own fees, by product, state and county",
        description: `${reach} Where it has no line for an order, the company's standard fees apply.`,
        params: AppraiserParams,
        response: { 200: ref(AppraiserFeeSchedule) },
      },
    },
    (request) => appraiserFeeSchedule(db, principalOf(request).user, request.params.appraiser_id),
  );
  app.put(
    '/appraisers/:appraiser_id/fee_schedule',
    {
      config: { roles },
      schema: {
        operationId: 'putAppraiserFeeSchedule',
        tags,
        summary: "Replace an appraiser's own fees",
        description: `${reach} The list replaces the schedule; each problem is named by its line (\`entries[3].county\`). Offers made from then on are priced by it. Kept in the schedule's changes.`,
        params: AppraiserParams,
        body: ref(AppraiserFeeScheduleBody),
        response: { 200: ref(AppraiserFeeSchedule, 'The schedule, as it now is') },
      },
    },
    (request) =>
      changeAppraiserFeeSchedule(db, principalOf(request), request.params.appraiser_id, request.body),
  );
}
