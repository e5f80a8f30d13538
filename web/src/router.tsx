import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { whenSessionEnds } from './queries/query-client.ts';
import { firstPageLoaded, forgetAllButSession, forgetSession } from './queries/session.ts';
import { credentialsRoute } from './routes/credentials.ts';
import { scorecardRoute } from './routes/scorecard.ts';
import { homeRoute } from './routes/home.ts';
import { invoicesRoute, payablesRoute, receivablesRoute } from './routes/money.ts';
import { orderRoute, submitRoute } from './routes/order.ts';
import { newOrderRoute, ordersRoute } from './routes/orders.ts';
import { rootRoute } from './routes/root.tsx';
import { forgotPasswordRoute, resetPasswordRoute, setPasswordRoute, signInRoute } from './routes/sign-in.ts';
import { accountRoute, adminRoute, dashboardRoute, pipelineRoute } from './routes/staff.ts';
import { agendaRoute, bidsRoute, moneyRoute, myWorkRoute, offersRoute } from './routes/workspace.ts';

/**
 * The application's pages, one route module each under routes/ (docs/web.md, "Where a new page
 * goes"): its path, its search parameters' schema, what it loads before it shows, and its page.
 * The pages people open first (sign-in, the order list, an order from a link or an email) come
 * with the application; the others load when opened, so that the first page runs less script
 * on a slow phone.
 */
export const router = createRouter({
  routeTree: rootRoute.addChildren([
    signInRoute,
    forgotPasswordRoute,
    setPasswordRoute,
    resetPasswordRoute,
    homeRoute,
    ordersRoute,
    newOrderRoute,
    orderRoute,
    submitRoute,
    offersRoute,
    bidsRoute,
    myWorkRoute,
    agendaRoute,
    moneyRoute,
    pipelineRoute,
    accountRoute,
    dashboardRoute,
    adminRoute,
    credentialsRoute,
    scorecardRoute,
    receivablesRoute,
    payablesRoute,
    invoicesRoute,
  ]),
  defaultPreload: 'intent',
  // The data a page needs is read by its loader; the query cache keeps it (TanStack Query decides
  // when it is stale), so the router keeps none of its own.
  defaultPreloadStaleTime: 0,
  // A page whose data takes a moment shows its placeholder soon, and replaces it as soon as the
  // data is there (no minimum time on screen).
  defaultPendingMs: 150,
  defaultPendingMinMs: 0,
  defaultNotFoundComponent: () => <NotFoundPage />,
});

/**
 * A call answered 401: the session ended meanwhile (signed out elsewhere, or the password
 * changed in another session). Sign-in comes next, saying why, and leads back here; what the
 * pages had loaded is forgotten.
 */
whenSessionEnds(() => {
  const { pathname, href } = router.state.location;
  if (pathname === '/sign-in') return;
  forgetSession();
  void router
    .navigate({ to: '/sign-in', search: { return_to: href, error: 'ended' } })
    .then(forgetAllButSession);
});

/**
 * Once the first page has loaded, what index.html read for it and nobody took (the page was
 * another, or sign-in came first) is forgotten: a later read of the same address goes out anew.
 */
const firstLoadResolved = router.subscribe('onResolved', () => {
  firstPageLoaded();
  firstLoadResolved();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
