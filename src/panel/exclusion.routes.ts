import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref, Success } from '../schemas/common.ts';
import { AppraiserExclusion, ExclusionBody, ExclusionParams } from './exclusion.schemas.ts';
import { clientExclusions, excludeAppraiser, readmitAppraiser } from './exclusion.service.ts';

const tags = ['panel'];
/** The company's: a lender has no part in choosing appraisers (docs/security.md). */
const roles = ['staff', 'operator'] as const;

/** A lender's do-not-use list, kept by the company (docs/assignment.md, "A lender's exclusions"). */
export function registerExclusionRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    '/clients/:client_id/excluded_appraisers',
    {
      config: { roles },
      schema: {
        operationId: 'listExcludedAppraisers',
        tags,
        summary: 'The appraisers a lender asked not to be offered its orders',
        description: 'Staff of a company that serves the client; operators. Newest first.',
        params: Type.Object({ client_id: ExclusionParams.properties.client_id }),
        response: { 200: Type.Array(ref(AppraiserExclusion), { description: 'The exclusions' }) },
      },
    },
    (request) => clientExclusions(db, principalOf(request).user, request.params.client_id),
  );
  app.put(
    '/clients/:client_id/excluded_appraisers/:appraiser_id',
    {
      config: { roles },
      schema: {
        operationId: 'excludeAppraiser',
        tags,
        summary: 'Record that a lender asked not to use an appraiser of the panel',
        description:
          "The service then never offers them the lender's orders (auto-assignment passes them over) and the picker says why. Sent again, the reason is replaced.",
        params: ExclusionParams,
        body: ref(ExclusionBody),
        response: { 200: ref(AppraiserExclusion, 'The exclusion') },
      },
    },
    (request) =>
      excludeAppraiser(
        db,
        principalOf(request).user,
        request.params.client_id,
        request.params.appraiser_id,
        request.body.reason,
      ),
  );
  app.delete(
    '/clients/:client_id/excluded_appraisers/:appraiser_id',
    {
      config: { roles },
      schema: {
        operationId: 'readmitAppraiser',
        tags,
        summary: "Take an appraiser off a lender's do-not-use list",
        description: 'An appraiser the lender did not exclude answers 404.',
        params: ExclusionParams,
        response: { 200: ref(Success, 'Taken off the list') },
      },
    },
    async (request) => {
      await readmitAppraiser(
        db,
        principalOf(request).user,
        request.params.client_id,
        request.params.appraiser_id,
      );
      return { success: true as const };
    },
  );
}
