import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { ReadCache, type OrderChanges } from '../orders/order.changes.ts';
import { principalOf } from '../http/request-context.ts';
import { ref } from '../schemas/common.ts';
import { Insight, InsightQuery } from './insight.schemas.ts';
import { insightFor } from './insight.service.ts';

export function registerInsightRoutes(
  app: AppInstance,
  { db, changes }: AppDeps & { changes: OrderChanges },
): void {
  // A company's figures are the same for each of its staff: one computation serves them until an
  // order changes, for at most 30 seconds (the appraisers' names, today's date).
  const figures = new ReadCache<Insight>(changes, { ttlMs: 30_000, maxEntries: 1000 });
  app.get(
    '/insight',
    {
      // 404: a company_id that is not the caller's (staff), or of no company (operators).
      config: { roles: ['staff', 'operator'], errors: [404] },
      schema: {
        operationId: 'getInsight',
        tags: ['insight'],
        summary: "The company's figures: volume, turn times, on-time and revision rates, open orders",
        description:
          "Over whole calendar months up to today (UTC days): orders received and completed per week, turn time (created to fulfilled: median and 90th percentile in whole days) per month of fulfilment and per first product, the share fulfilled by the due date, the share sent back for a revision first, and each appraiser's open orders. Every count carries the q terms of GET /orders that list its orders. Staff: their company; operators: every company, or company_id.",
        querystring: InsightQuery,
        response: { 200: ref(Insight) },
      },
    },
    (request) => {
      const { user } = principalOf(request);
      const { company_id = '', months = 6 } = request.query;
      const today = new Date().toISOString().slice(0, 10);
      const whose = user.role === 'staff' ? `staff:${user.organizationId}` : user.role;
      const company = user.role === 'staff' ? user.organizationId : company_id || null;
      return figures.read(`${whose}:${company_id}:${months}:${today}`, company, () =>
        insightFor(db, user, request.query),
      );
    },
  );
}
