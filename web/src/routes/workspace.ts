import { createRoute, lazyRouteComponent, type AsyncRouteComponent } from '@tanstack/react-router';
import { queryClient } from '../queries/query-client.ts';
import { offersQuery, workQuery } from '../queries/work.ts';
import { myBidsQuery } from '../queries/bids.ts';
import { requireSession, rootRoute } from './root.tsx';
import { id, oneOf, page, searchSchema } from './search.ts';
import { payablesQuery } from '../queries/payables.ts';
import { afterAppPaint } from '../lib/after-first-paint.ts';

/**
 * The appraiser's workspace: offers, my work, agenda and money. Each page is a chunk of its
 * own, loaded when it is opened: the first page's JavaScript stays as it was for the people who
 * never open them. The work list and the page's chunk are asked for beside the session, not
 * after it (as an order is): on a phone's slow connection the three overlap (without a session
 * the list answers 401, and sign-in follows).
 */
function besideTheSession(component: AsyncRouteComponent<unknown>, prefetch: () => Promise<void>) {
  return (context: { location: { href: string } }) => {
    void prefetch();
    void component.preload?.();
    return requireSession(context);
  };
}

function workspacePage(path: '/offers' | '/work' | '/agenda', page: AsyncRouteComponent<unknown>) {
  const query = path === '/offers' ? offersQuery : workQuery;
  return {
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: besideTheSession(page, () => queryClient.prefetchQuery(query)),
    loader: () => queryClient.ensureQueryData(query),
    component: page,
  } as const;
}

const offersSearch = searchSchema({ order: id });
const OffersPage = lazyRouteComponent(() => import('../pages/OffersPage.tsx'), 'OffersPage');
/** The offers inbox; `order` opens one offer (an offer email's link). */
export const offersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/offers',
  validateSearch: offersSearch,
  beforeLoad: besideTheSession(OffersPage, () => queryClient.prefetchQuery(offersQuery)),
  loader: () => queryClient.ensureQueryData(offersQuery),
  component: afterAppPaint(OffersPage),
});
export const myWorkRoute = createRoute(
  workspacePage(
    '/work',
    lazyRouteComponent(() => import('../pages/MyWorkPage.tsx'), 'MyWorkPage'),
  ),
);
export const agendaRoute = createRoute(
  workspacePage(
    '/agenda',
    lazyRouteComponent(() => import('../pages/AgendaPage.tsx'), 'AgendaPage'),
  ),
);
const moneySearch = searchSchema({ state: oneOf(['paid', 'all']), page });
const MoneyPage = lazyRouteComponent(() => import('../pages/MoneyPage.tsx'), 'MoneyPage');
/** What the appraiser is owed and paid, per order, and where they are paid; `state` the orders shown. */
export const moneyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/money',
  validateSearch: moneySearch,
  beforeLoad: besideTheSession(MoneyPage, () => queryClient.prefetchQuery(workQuery)),
  loaderDeps: ({ search }) => ({ state: search.state, page: search.page }),
  loader: ({ deps }) =>
    queryClient.prefetchQuery(payablesQuery({ state: deps.state ?? 'owed', page: deps.page ?? 1 })),
  component: MoneyPage,
});

const BidsPage = lazyRouteComponent(() => import('../pages/BidsPage.tsx'), 'BidsPage');
/** Broadcast offers and bids the appraiser is invited to (a bid invitation's email leads here). */
export const bidsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bids',
  beforeLoad: besideTheSession(BidsPage, () => queryClient.prefetchQuery(myBidsQuery)),
  loader: () => queryClient.ensureQueryData(myBidsQuery),
  component: BidsPage,
});
