import { createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { queryClient, sessionQuery, whenSessionEnds } from './api.ts';
import { Layout } from './components/Layout.tsx';
import { AccountPage } from './pages/AccountPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { NewOrderPage } from './pages/NewOrderPage.tsx';
import { OrderPage } from './pages/OrderPage.tsx';
import { OrdersPage, type OrdersSearch } from './pages/OrdersPage.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { SetPasswordPage } from './pages/SetPasswordPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';

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
  beforeLoad: async (context) => {
    await requireSession(context);
    throw redirect({ to: '/orders' });
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
  }),
  component: OrdersPage,
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
  beforeLoad: requireSession,
  component: OrderPage,
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
    accountRoute,
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
