import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { OrderParams, ref } from '../schemas/common.ts';
import type { OrderChanges } from './order.changes.ts';
import { ReadCache } from './order.changes.ts';
import { orderQueues } from './order.queues.ts';
import { countScope } from './order.scope.ts';
import { AppraiserCandidate, OrderQueues } from './pipeline.schemas.ts';
import { appraiserCandidates } from './pipeline.service.ts';

/** The staff pipeline: the queues with their counts, and the appraiser picker of an order. */
export function registerPipelineRoutes(app: AppInstance, deps: AppDeps & { changes: OrderChanges }): void {
  const { db, config } = deps;
  // Every coordinator of a company opens the pipeline on its counts: one computation serves them
  // all until an order changes, for at most 5 seconds (overdue and due soon move with the clock).
  const queues = new ReadCache<Awaited<ReturnType<typeof orderQueues>>>(deps.changes, {
    ttlMs: 5000,
    maxEntries: 1000,
  });
  app.get(
    '/orders/queues',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'listOrderQueues',
        tags: ['orders'],
        summary: 'The pipeline: what needs the company now, queue by queue, with counts',
        description:
          'Each queue names its statuses; list its orders with GET /orders?q[status_name_in][]=<status>&q[s]=due_date asc. Overdue: due before as_of; due soon: within 48 hours.',
        response: { 200: ref(OrderQueues) },
      },
    },
    (request) => {
      const { user } = principalOf(request);
      // What a user sees of the queues is what their scope (company, or all of them) holds.
      const { scope, id } = countScope(user);
      return queues.read(`${scope}:${id}`, scope === 'company' ? id : null, () => orderQueues(db, user));
    },
  );

  app.get(
    '/orders/:order_id/appraiser_candidates',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'listAppraiserCandidates',
        tags: ['orders'],
        summary: "The appraisers who could take the order, with each one's workload and last fee",
        description:
          "The panel of the order's company, by name: open orders, next due dates, the fee last accepted for the order's (first) product, and whether they already turned this order down. Offer with PUT /orders/{order_id}/assign.",
        params: OrderParams,
        response: { 200: Type.Array(ref(AppraiserCandidate), { description: 'The panel, by name' }) },
      },
    },
    (request) => appraiserCandidates(db, principalOf(request).user, config, request.params.order_id),
  );
}
