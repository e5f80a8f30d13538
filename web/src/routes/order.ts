import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { OrderPage, OrderPlaceholder } from '../pages/OrderPage.tsx';
import { REVISING } from '../features/submission/report-files.ts';
import { orderHistoryQuery, orderQuery } from '../queries/order.ts';
import { notesQuery } from '../queries/order-records.ts';
import { queryClient } from '../queries/query-client.ts';
import { timelineQuery } from '../queries/timeline.ts';
import { requireSession, rootRoute } from './root.tsx';
import { OrderFailure } from './RouteFailure.tsx';
import { afterAppPaint } from '../lib/after-first-paint.ts';

/**
 * An order. The order, its history and its timeline are asked for beside the session, not after it: one
 * round trip less before the page shows on a slow connection (without a session they answer
 * 401, and sign-in follows). While they load, the page's placeholder stands in its place.
 */
export const orderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/$orderId',
  beforeLoad: (context) => {
    void queryClient.prefetchQuery(orderQuery(context.params.orderId));
    void queryClient.prefetchQuery(orderHistoryQuery(context.params.orderId));
    // The timeline's first page too: it fills its card beside the details, which do not wait
    // for it (it reads five lists; its card has its own placeholder and failure).
    void queryClient.prefetchQuery(timelineQuery(context.params.orderId));
    return requireSession(context);
  },
  loader: ({ params }) =>
    Promise.all([
      queryClient.ensureQueryData(orderQuery(params.orderId)),
      queryClient.ensureQueryData(orderHistoryQuery(params.orderId)),
    ]),
  pendingComponent: OrderPlaceholder,
  errorComponent: OrderFailure,
  component: afterAppPaint(OrderPage, OrderPlaceholder),
});

/** The appraiser's guided submission of the report. */
export const submitRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/$orderId/submit',
  beforeLoad: requireSession,
  // The lender's requests are asked for when the report goes back for a revision: they stand
  // beside the upload.
  loader: async ({ params }) => {
    const order = await queryClient.ensureQueryData(orderQuery(params.orderId));
    if (REVISING.includes(order.status.name)) void queryClient.prefetchQuery(notesQuery(params.orderId));
    return order;
  },
  errorComponent: OrderFailure,
  component: lazyRouteComponent(() => import('../pages/SubmitPage.tsx'), 'SubmitPage'),
});
