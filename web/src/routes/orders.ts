import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { OrdersPage } from '../pages/OrdersPage.tsx';
import { clientsQuery, configurationQuery } from '../queries/new-order.ts';
import { queryClient } from '../queries/query-client.ts';
import { sessionQuery } from '../queries/session.ts';
import { orderListQuery, statusCountsQuery, type Viewer } from '../queries/orders.ts';
import { orderListSettingsQuery } from '../queries/order-lists.ts';
import { requireSession, rootRoute } from './root.tsx';
import { day, flag, id, key, oneOf, page, searchSchema, terms, text } from './search.ts';

/**
 * The order list's search lives in the URL (shareable, reloadable, back-button friendly).
 * `status` is the status's key (`completed`), `mine` the built-in view "My orders", `view` the
 * saved view shown, `terms` the API's own search terms as a dashboard figure names them (key k
 * stands for q[k]), with `label` saying which figure it was.
 */
export const ordersSearch = searchSchema({
  q: text(),
  status: key,
  due_from: day,
  due_to: day,
  page,
  sort: oneOf(['due_date asc', 'due_date desc', 'created_at asc']),
  mine: flag,
  view: id,
  terms,
  label: text(),
});

export const ordersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders',
  beforeLoad: requireSession,
  validateSearch: ordersSearch,
  loaderDeps: ({ search }) => search,
  // The list (its status by its key), the counts and the person's columns and views, together.
  loader: async ({ deps }) => {
    const session = await queryClient.ensureQueryData(sessionQuery);
    const viewer: Viewer | null = session ? { id: session.user.id, role: session.user.role } : null;
    return Promise.all([
      queryClient.ensureQueryData(statusCountsQuery(deps, viewer)),
      queryClient.ensureQueryData(orderListQuery(deps, viewer)),
      queryClient.ensureQueryData(orderListSettingsQuery('orders')),
    ]);
  },
  component: OrdersPage,
});

export const newOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/new',
  beforeLoad: requireSession,
  // A lender's own configuration, or the clients a staff member chooses from.
  loader: async () => {
    const session = await queryClient.ensureQueryData(sessionQuery);
    const organization = session?.user.organization_id;
    if (session?.user.role === 'client')
      return organization ? queryClient.ensureQueryData(configurationQuery(organization)) : null;
    return queryClient.ensureQueryData(clientsQuery);
  },
  component: lazyRouteComponent(() => import('../pages/NewOrderPage.tsx'), 'NewOrderPage'),
});
