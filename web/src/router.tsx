import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AsyncRouteComponent,
} from '@tanstack/react-router';
import { orderHistoryQuery, orderQuery, queryClient, sessionQuery, whenSessionEnds } from './api.ts';
import { offersQuery, workQuery } from './workspace/work.ts';
import { Layout } from './components/Layout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { OrderPage } from './pages/OrderPage.tsx';
import { OrdersPage, type OrdersSearch } from './pages/OrdersPage.tsx';
import type { PipelineSearch } from './pages/PipelinePage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';

/*
 * The pages people open first (sign-in, the order list, an order from a link or an email) come
 * with the application; the others load when opened, so that the first page runs less script
 * on a slow phone. (Every page lazy was tried: an order opened directly then waited on a chain
 * of requests, docs/performance.md.)
 */
const AccountPage = lazyRouteComponent(() => import('./pages/AccountPage.tsx'), 'AccountPage');
const NewOrderPage = lazyRouteComponent(() => import('./pages/NewOrderPage.tsx'), 'NewOrderPage');
const ForgotPasswordPage = lazyRouteComponent(
  () => import('./pages/ForgotPasswordPage.tsx'),
  'ForgotPasswordPage',
);
const SetPasswordPage = lazyRouteComponent(() => import('./pages/SetPasswordPage.tsx'), 'SetPasswordPage');

/**
 * The application's pages, typed: each route names its path parameters and its search
 * parameters (the order list's filter lives in the URL, so that it can be shared and reloaded).
 * Every page but sign-in needs a session; without one, sign-in comes first and leads back.
 */
const NotFound = () => <NotFoundPage />;
const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFound });

const requireSession = async ({ location }: { location: { href: string } }) => {
  const session = await queryClient.ensureQueryData(sessionQuery);
  if (!session) throw redirect({ to: '/sign-in', search: { return_to: location.href } });
};

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (search: Record<string, unknown>): { return_to?: string; error?: string } => ({
    ...(typeof search.return_to === 'string' ? { return_to: search.return_to } : {}),
    ...(typeof search.error === 'string' ? { error: search.error } : {}),
  }),
  component: SignInPage,
});

const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' ? { token: search.token } : {};

/** The links of invitation and reset emails (the service's emails name these paths). */
const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  validateSearch: tokenSearch,
  component: () => <SetPasswordPage reset={false} />,
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: () => <SetPasswordPage reset />,
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: ForgotPasswordPage,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // Home: an appraiser's is their work (offers first when there are any, on the page); others' the orders.
  beforeLoad: async (context) => {
    await requireSession(context);
    const session = await queryClient.ensureQueryData(sessionQuery);
    throw redirect({ to: session?.user.role === 'appraiser' ? '/work' : '/orders' });
  },
});

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

const ordersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders',
  beforeLoad: requireSession,
  validateSearch: (search: Record<string, unknown>): OrdersSearch => ({
    ...(typeof search.q === 'string' && search.q !== '' ? { q: search.q } : {}),
    ...(typeof search.status === 'string' && search.status !== '' ? { status: search.status } : {}),
    ...(isDay(search.due_from) ? { due_from: search.due_from } : {}),
    ...(isDay(search.due_to) ? { due_to: search.due_to } : {}),
    ...(Number(search.page) > 1 ? { page: Math.floor(Number(search.page)) } : {}),
    ...(search.sort === 'due_date asc' || search.sort === 'due_date desc' || search.sort === 'created_at asc'
      ? { sort: search.sort }
      : {}),
    ...searchTerms(search.terms),
    ...(typeof search.label === 'string' && search.terms ? { label: search.label.slice(0, 200) } : {}),
  }),
  component: OrdersPage,
});

/** API search terms in the URL (a dashboard figure's): names of attributes and predicates, text values. */
function searchTerms(value: unknown): { terms?: Record<string, string> } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => /^[a-z_]{1,60}$/.test(entry[0]) && typeof entry[1] === 'string',
  );
  return entries.length > 0 ? { terms: Object.fromEntries(entries.slice(0, 10)) } : {};
}

/** The staff workspace's pages: loaded when opened, so that their charts and forms weigh on no other page. */
const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  beforeLoad: requireSession,
  validateSearch: (search: Record<string, unknown>): { months?: number } =>
    [3, 12, 24].includes(Number(search.months)) ? { months: Number(search.months) } : {},
  component: lazyRouteComponent(() => import('./insight/DashboardPage.tsx'), 'DashboardPage'),
});

export const ADMIN_TABS = ['clients', 'users', 'settings', 'webhooks', 'api-keys'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: requireSession,
  validateSearch: (search: Record<string, unknown>): { tab?: AdminTab } =>
    ADMIN_TABS.includes(search.tab as AdminTab) && search.tab !== 'clients'
      ? { tab: search.tab as AdminTab }
      : {},
  component: lazyRouteComponent(() => import('./admin/AdminPage.tsx'), 'AdminPage'),
});

const newOrderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/new',
  beforeLoad: requireSession,
  component: NewOrderPage,
});

export const orderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/$orderId',
  beforeLoad: (context) => {
    // The order is asked for beside the session, not after it: one round trip less before
    // the page shows on a slow connection (without a session it answers 401, and sign-in follows).
    void queryClient.prefetchQuery(orderQuery(context.params.orderId));
    void queryClient.prefetchQuery(orderHistoryQuery(context.params.orderId));
    return requireSession(context);
  },
  component: OrderPage,
});

/**
 * The appraiser's workspace: offers, my work, agenda, money, and the guided submission. Each
 * page is a chunk of its own, loaded when it is opened: the first page's JavaScript stays as it
 * was for the people who never open them. The work list and the page's chunk are asked for beside
 * the session, not after it (as an order is): on a phone's slow connection the three overlap
 * (without a session the list answers 401, and sign-in follows).
 */
function besideTheSession(
  component: AsyncRouteComponent<unknown>,
  query: typeof workQuery | typeof offersQuery = workQuery,
) {
  return (context: { location: { href: string } }) => {
    void queryClient.prefetchQuery(query);
    void component.preload?.();
    return requireSession(context);
  };
}
const OffersPage = lazyRouteComponent(() => import('./pages/OffersPage.tsx'), 'OffersPage');
const offersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/offers',
  beforeLoad: besideTheSession(OffersPage, offersQuery),
  validateSearch: (search: Record<string, unknown>): { order?: string } =>
    typeof search.order === 'string' && /^[0-9a-f-]{36}$/i.test(search.order) ? { order: search.order } : {},
  component: OffersPage,
});
const MyWorkPage = lazyRouteComponent(() => import('./pages/MyWorkPage.tsx'), 'MyWorkPage');
const myWorkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/work',
  beforeLoad: besideTheSession(MyWorkPage),
  component: MyWorkPage,
});
const AgendaPage = lazyRouteComponent(() => import('./pages/AgendaPage.tsx'), 'AgendaPage');
const agendaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/agenda',
  beforeLoad: besideTheSession(AgendaPage),
  component: AgendaPage,
});
const MoneyPage = lazyRouteComponent(() => import('./pages/MoneyPage.tsx'), 'MoneyPage');
const moneyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/money',
  beforeLoad: besideTheSession(MoneyPage),
  component: MoneyPage,
});
const submitRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/$orderId/submit',
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import('./pages/SubmitPage.tsx'), 'SubmitPage'),
});

/** The staff pipeline: company staff only (others are sent to their orders). */
const pipelineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pipeline',
  beforeLoad: async (context) => {
    await requireSession(context);
    const session = await queryClient.ensureQueryData(sessionQuery);
    if (session?.user.role !== 'staff') throw redirect({ to: '/orders' });
  },
  validateSearch: (search: Record<string, unknown>): PipelineSearch => ({
    ...(typeof search.queue === 'string' && /^[a-z_]{1,40}$/.test(search.queue)
      ? { queue: search.queue }
      : {}),
    ...(search.view === 'board' ? { view: 'board' as const } : {}),
    ...(Number(search.page) > 1 ? { page: Math.floor(Number(search.page)) } : {}),
  }),
  // Staff only: its code loads when it is first opened, not with everyone's first page.
  component: lazyRouteComponent(() => import('./pages/PipelinePage.tsx'), 'PipelinePage'),
});

const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  beforeLoad: requireSession,
  component: AccountPage,
});

export const router = createRouter({
  routeTree: rootRoute.addChildren([
    signInRoute,
    forgotPasswordRoute,
    setPasswordRoute,
    resetPasswordRoute,
    indexRoute,
    ordersRoute,
    newOrderRoute,
    orderRoute,
    submitRoute,
    offersRoute,
    myWorkRoute,
    agendaRoute,
    moneyRoute,
    pipelineRoute,
    accountRoute,
    dashboardRoute,
    adminRoute,
  ]),
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
});

/**
 * A call answered 401: the session ended meanwhile (signed out elsewhere, or the password
 * changed in another session). Sign-in comes next, saying why, and leads back here; what the
 * pages had loaded is forgotten.
 */
whenSessionEnds(() => {
  const { pathname, href } = router.state.location;
  if (pathname === '/sign-in') return;
  queryClient.setQueryData(['session'], null);
  void router
    .navigate({ to: '/sign-in', search: { return_to: href, error: 'ended' } })
    .then(() => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' }));
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
