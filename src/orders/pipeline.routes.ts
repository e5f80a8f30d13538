import { atRiskOrders } from './order.at-risk.ts';
import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { OrderParams, ref } from '../schemas/common.ts';
import type { OrderChanges } from './order.changes.ts';
import { ReadCache } from './order.changes.ts';
import { orderQueues } from './order.queues.ts';
import { countScope } from './order.scope.ts';
import { AppraiserCandidate, AssignmentDecision, AtRiskOrders, OrderQueues } from './pipeline.schemas.ts';
import { appraiserCandidates, assignmentDecisions } from './pipeline.service.ts';

/** The staff pipeline: the queues with their counts, and the appraiser picker of an order. */
export function registerPipelineRoutes(app: AppInstance, deps: AppDeps & { changes: OrderChanges }): void {
  const { db, config } = deps;
  // Every coordinator of a company opens the pipeline on its counts: one computation serves them
  // all until an order changes, for at most 5 seconds (overdue and due soon move with the clock).
  const queues = new ReadCache<Awaited<ReturnType<typeof orderQueues>>>(deps.changes, {
    ttlMs: 5000,
    maxEntries: 1000,
  });
  // The at-risk queue likewise: an order turns at risk with the clock, so 5 seconds at most.
  const atRisk = new ReadCache<Awaited<ReturnType<typeof atRiskOrders>>>(deps.changes, {
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
    '/orders/at_risk',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'listAtRiskOrders',
        tags: ['orders'],
        summary: 'The orders whose running milestone is at risk or late, soonest due first',
        description:
          "Milestones (docs/turn-times.md): offer answered, first contact, inspection done, report submitted after the inspection, review done, delivered; each at risk once the company's at_risk_percent of its target has run in business hours, late once all of it has. A paused order runs none. One answer serves a company's coordinators until an order changes, for at most 5 seconds (as_of says when it was read).",
        querystring: Type.Object({
          limit: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 200,
              default: 50,
              description: 'How many, at most (default 50)',
            }),
          ),
        }),
        response: { 200: ref(AtRiskOrders) },
      },
    },
    (request) => {
      const { user } = principalOf(request);
      const limit = request.query.limit ?? 50;
      const { scope, id } = countScope(user);
      return atRisk.read(`${scope}:${id}:${limit}`, scope === 'company' ? id : null, () =>
        atRiskOrders(db, user, limit),
      );
    },
  );
  app.get(
    '/orders/:order_id/appraiser_candidates',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'listAppraiserCandidates',
        tags: ['orders'],
        summary: 'The panel ranked for the order by the assignment engine, with the reasons',
        description:
          "The panel of the order's company: first those who pass every hard filter, by rank, with each factor's points; then those a filter stops, by name, with each filter that stops them. Beside each: open orders, next due dates, the fee last accepted for the order's (first) product, and whether they already turned this order down. Offer with PUT /orders/{order_id}/assign.",
        params: OrderParams,
        response: {
          200: Type.Array(ref(AppraiserCandidate), {
            description: 'The panel: the eligible by rank, then the rest by name',
          }),
        },
      },
    },
    (request) => appraiserCandidates(db, principalOf(request).user, config, request.params.order_id),
  );

  app.get(
    '/orders/:order_id/assignment_decisions',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'listAssignmentDecisions',
        tags: ['orders'],
        summary: "The assignment engine's decisions on the order, newest first, with why",
        description:
          "Each time the engine chose (auto_assign): the rules it applied, whom it chose, and every candidate with the filters that stopped them or the points that ranked them. The company's staff and operators; the latest 20.",
        params: OrderParams,
        response: { 200: Type.Array(ref(AssignmentDecision), { description: 'Newest first' }) },
      },
    },
    (request) => assignmentDecisions(db, principalOf(request).user, request.params.order_id),
  );
}
