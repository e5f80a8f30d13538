import { OrderParams, ref } from '../schemas/common.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { resolveUpload } from '../http/multipart.ts';
import { performAction, type ActionDeps } from './order.actions.ts';
import { statusRef } from '../workflow/statuses.ts';
import { actorRoles } from '../workflow/allowed.ts';
import { ENDPOINT_ACTIONS } from '../workflow/transitions.ts';
import { ACTION_REQUESTS, ActionResponse, camel, encodings } from './action.schemas.ts';

const ACTOR_NAMES = {
  client: 'client users',
  staff: 'staff',
  appraiser: 'the offered or assigned appraiser',
  viewer: 'anyone who sees the order',
};

/** One endpoint per action of the workflow table: PUT /api/v1/orders/{order_id}/{action}. */
export function registerActionRoutes(app: AppInstance, deps: AppDeps & ActionDeps): void {
  for (const definition of ENDPOINT_ACTIONS) {
    const body = ACTION_REQUESTS[definition.action];
    const multipartOnly = encodings(definition).length === 1;
    app.put(
      `/orders/:order_id/${definition.action}`,
      {
        config: {
          uploads: definition.acceptsFiles === true,
          roles: actorRoles(definition.actors),
          errors: definition.errors ?? [],
        },
        schema: {
          operationId: camel(definition.action),
          tags: ['workflow'],
          summary: definition.summary,
          description:
            `Who: ${definition.actors.map((a) => ACTOR_NAMES[a]).join(', ')}. ` +
            `From: ${definition.from.join(', ')}. To: ${definition.to.length > 5 ? 'the status before' : definition.to.join(', ')}. ` +
            (multipartOnly
              ? 'Body as multipart/form-data (it carries files). '
              : definition.acceptsFiles
                ? 'Body as multipart/form-data with files, or JSON or form fields without. '
                : 'Body as JSON or form fields. ') +
            "409 when the order's status does not allow it (the message lists allowed_transitions).",
          params: OrderParams,
          ...(body ? { body: ref(body), consumes: encodings(definition) } : {}),
          response: { 200: ref(ActionResponse) },
        },
      },
      async (request) => {
        const status = await performAction(
          deps,
          principalOf(request),
          request.params.order_id,
          definition.action,
          request.body,
          (reference) => resolveUpload(request, reference),
        );
        return { success: true as const, status: statusRef(status) };
      },
    );
  }
}
