import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref, Success } from '../schemas/common.ts';
import { AppraiserParams } from './credential.schemas.ts';
import {
  AppraiserCoverage,
  CoverageBody,
  CoverageCounty,
  StateParams,
  TimeOff,
  TimeOffBody,
  TimeOffParams,
} from './coverage.schemas.ts';
import {
  addTimeOff,
  appraiserCoverage,
  appraiserTimeOff,
  changeCoverage,
  removeTimeOff,
  stateCounties,
} from './coverage.service.ts';

const tags = ['panel'];
/** As the credentials: lenders never reach what the selection of an appraiser reads. */
const roles = ['appraiser', 'staff', 'operator'] as const;
const reach =
  "The appraiser themself (never someone acting for them, for a change), their company's staff and operators; another appraiser or another company's staff get 404.";

/** An appraiser's coverage, products and time off (docs/assignment.md). */
export function registerCoverageRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/states/:state/counties',
    {
      config: { roles: ['client', 'appraiser', 'staff', 'operator'] },
      schema: {
        operationId: 'listStateCounties',
        tags,
        summary: "A state's counties with their FIPS codes, by name",
        description: 'For choosing coverage. `state` is a USPS code; one that names no state answers 404.',
        params: StateParams,
        response: { 200: Type.Array(ref(CoverageCounty), { description: 'By name' }) },
      },
    },
    (request) => stateCounties(request.params.state),
  );
  app.get(
    '/appraisers/:appraiser_id/coverage',
    {
      config: { roles },
      schema: {
        operationId: 'getAppraiserCoverage',
        tags,
        summary: 'Where an appraiser takes orders, and the products they take',
        description: reach,
        params: AppraiserParams,
        response: { 200: ref(AppraiserCoverage) },
      },
    },
    (request) => appraiserCoverage(db, principalOf(request).user, request.params.appraiser_id),
  );
  app.put(
    '/appraisers/:appraiser_id/coverage',
    {
      config: { roles },
      schema: {
        operationId: 'putAppraiserCoverage',
        tags,
        summary: "Replace an appraiser's counties, ZIP codes, home and radius, and products",
        description: `${reach} A county that is none, a ZIP code not in use, a radius without a home or a product of another company answers 422 naming the entry (\`counties[2]\`). Kept in the credential changes.`,
        params: AppraiserParams,
        body: ref(CoverageBody),
        response: { 200: ref(AppraiserCoverage, 'The coverage, as it now is') },
      },
    },
    (request) => changeCoverage(db, principalOf(request), request.params.appraiser_id, request.body),
  );
  app.get(
    '/appraisers/:appraiser_id/time_off',
    {
      config: { roles },
      schema: {
        operationId: 'listAppraiserTimeOff',
        tags,
        summary: "An appraiser's time off, now and to come, soonest first",
        description: reach,
        params: AppraiserParams,
        response: { 200: Type.Array(ref(TimeOff), { description: 'Ending today or later' }) },
      },
    },
    (request) =>
      appraiserTimeOff(db, principalOf(request).user, request.params.appraiser_id, config.timeZone),
  );
  app.post(
    '/appraisers/:appraiser_id/time_off',
    {
      config: { roles },
      schema: {
        operationId: 'addAppraiserTimeOff',
        tags,
        summary: 'Record days an appraiser is away',
        description: `${reach} The engine offers them no order on those days. Kept in the credential changes.`,
        params: AppraiserParams,
        body: ref(TimeOffBody),
        response: { 201: ref(TimeOff) },
      },
    },
    async (request, reply) => {
      const added = await addTimeOff(
        db,
        principalOf(request),
        request.params.appraiser_id,
        request.body,
        config.timeZone,
      );
      return reply.status(201).send(added);
    },
  );
  app.delete(
    '/appraisers/:appraiser_id/time_off/:time_off_id',
    {
      config: { roles },
      schema: {
        operationId: 'deleteAppraiserTimeOff',
        tags,
        summary: 'Remove a time off',
        description: `${reach} None with that id answers 404.`,
        params: TimeOffParams,
        response: { 200: ref(Success, 'Removed') },
      },
    },
    async (request) => {
      await removeTimeOff(db, principalOf(request), request.params.appraiser_id, request.params.time_off_id);
      return { success: true as const };
    },
  );
}
