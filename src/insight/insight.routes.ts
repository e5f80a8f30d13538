import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref } from '../schemas/common.ts';
import { Insight, InsightQuery } from './insight.schemas.ts';
import { insightFor } from './insight.service.ts';

export function registerInsightRoutes(app: AppInstance, { db }: AppDeps): void {
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
    (request) => insightFor(db, principalOf(request).user, request.query),
  );
}
