import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { parsePaging, PagingQueryString } from '../http/list-query.ts';
import { principalOf } from '../http/request-context.ts';
import { OrderParams, ref } from '../schemas/common.ts';
import { TimelinePage, TimelineSort } from './timeline.schemas.ts';
import { orderTimeline } from './timeline.service.ts';

const TimelineQueryString = Type.Object({
  ...PagingQueryString.properties,
  sort: Type.Optional(TimelineSort),
});

export function registerTimelineRoutes(app: AppInstance, deps: AppDeps): void {
  app.get(
    '/orders/:order_id/timeline',
    {
      schema: {
        operationId: 'getOrderTimeline',
        tags: ['orders'],
        summary: 'Everything that happened to the order, in one list',
        description:
          'Its status changes and other recorded changes (the history), notes, files, the emails the service sent about it, and its payments: each with when (ISO 8601), its type, who did it and a line to show, newest first unless sort=oldest. Each record is shown exactly as its own list shows it to you: an internal note, a file or email for the appraiser, the appraiser’s fee never reach the lender; payments never reach the appraiser.',
        params: OrderParams,
        querystring: TimelineQueryString,
        response: { 200: ref(TimelinePage) },
      },
    },
    (request) => {
      const { page, perPage } = parsePaging(request.query);
      return orderTimeline(deps.db, principalOf(request).user, request.params.order_id, {
        page,
        perPage,
        sort: request.query.sort ?? 'newest',
      });
    },
  );
}
