import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref } from '../schemas/common.ts';
import {
  AppraiserFeeSchedule,
  AppraiserFeeScheduleBody,
  CompanyParams,
  LenderFeeSchedule,
  LenderFeeScheduleBody,
} from './fee-schedule.schemas.ts';
import {
  changeLenderFeeSchedule,
  changeStandardAppraiserFees,
  lenderFeeSchedule,
  standardAppraiserFees,
} from './fee-schedule.service.ts';

const tags = ['fees'];
/** Neither lenders nor appraisers: the lender never sees what the appraiser is paid, nor the appraiser what the lender pays. */
const roles = ['staff', 'operator'] as const;
const reach = "The company's staff and operators; another company answers 404.";
const replacing =
  "The company's admins and operators. The list replaces the schedule; each problem is named by its line (`entries[3].county`) and nothing is kept unless every line is well. Kept in the schedule's changes.";

/** The company's fee schedules (docs/fees.md). */
export function registerFeeScheduleRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/companies/:company_id/lender_fee_schedule',
    {
      config: { roles },
      schema: {
        operationId: 'getLenderFeeSchedule',
        tags,
        summary: "What the company's lenders pay, by client, product, state and county",
        description: reach,
        params: CompanyParams,
        response: { 200: ref(LenderFeeSchedule) },
      },
    },
    (request) => lenderFeeSchedule(db, principalOf(request).user, request.params.company_id),
  );
  app.put(
    '/companies/:company_id/lender_fee_schedule',
    {
      config: { roles },
      schema: {
        operationId: 'putLenderFeeSchedule',
        tags,
        summary: "Replace the company's fee schedule for lenders",
        description: `${replacing} Orders placed from then on are priced by it; orders placed keep their fees.`,
        params: CompanyParams,
        body: ref(LenderFeeScheduleBody),
        response: { 200: ref(LenderFeeSchedule, 'The schedule, as it now is') },
      },
    },
    (request) => changeLenderFeeSchedule(db, principalOf(request), request.params.company_id, request.body),
  );
  app.get(
    '/companies/:company_id/appraiser_fee_schedule',
    {
      config: { roles },
      schema: {
        operationId: 'getStandardAppraiserFees',
        tags,
        summary: "The company's standard appraiser fees, by product, state and county",
        description: `${reach} An appraiser's own schedule (GET /appraisers/{id}/fee_schedule) comes before it.`,
        params: CompanyParams,
        response: { 200: ref(AppraiserFeeSchedule) },
      },
    },
    (request) => standardAppraiserFees(db, principalOf(request).user, request.params.company_id),
  );
  app.put(
    '/companies/:company_id/appraiser_fee_schedule',
    {
      config: { roles },
      schema: {
        operationId: 'putStandardAppraiserFees',
        tags,
        summary: "Replace the company's standard appraiser fees",
        description: `${replacing} Offers made from then on are priced by it; offers made keep their fees.`,
        params: CompanyParams,
        body: ref(AppraiserFeeScheduleBody),
        response: { 200: ref(AppraiserFeeSchedule, 'The schedule, as it now is') },
      },
    },
    (request) =>
      changeStandardAppraiserFees(db, principalOf(request), request.params.company_id, request.body),
  );
}
