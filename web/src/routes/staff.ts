import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { ADMIN_TABS } from '../features/admin/tabs.ts';
import { requireSession, rootRoute } from './root.tsx';
import { id, key, oneOf, page, searchSchema, whole } from './search.ts';

/**
 * What the staff workspace's and the account's pages load first, in a chunk of its own: their
 * queries (clients, users, webhooks, keys, figures) weigh nothing on the first page.
 */
const staffLoaders = () => import('./staff-loaders.ts');

/** The staff workspace's pages: company staff only (others are sent to their orders). */
const staffOnly = async (context: { location: { href: string } }) => {
  const session = await requireSession(context);
  if (session.user.role !== 'staff') throw redirect({ to: '/orders' });
};

/**
 * The pipeline: a queue (by its key) as a table or a board, of every client or one; `saved` the
 * saved view shown (`view` is the table or the board, as links already carry it).
 */
export const pipelineSearch = searchSchema({
  queue: key,
  view: oneOf(['board']),
  page,
  client: id,
  saved: id,
});
export const pipelineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pipeline',
  beforeLoad: staffOnly,
  validateSearch: pipelineSearch,
  loader: async () => (await staffLoaders()).loadPipeline(),
  // Staff only: its code loads when it is first opened, not with everyone's first page.
  component: lazyRouteComponent(() => import('../pages/PipelinePage.tsx'), 'PipelinePage'),
});

// Declared apart from their routes: inside the route's literal, a schema built from callbacks is
// inferred after the loader that reads it, which then sees no parameter at all.
const dashboardSearch = searchSchema({ months: whole((months) => [3, 12, 24].includes(months)) });
const adminSearch = searchSchema({ tab: oneOf(ADMIN_TABS.filter((tab) => tab !== 'clients')) });

/** The company's figures over 3, 6 (when none is given), 12 or 24 months. */
export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  beforeLoad: requireSession,
  validateSearch: dashboardSearch,
  loaderDeps: ({ search }) => ({ months: search.months }),
  loader: async ({ deps }) => (await staffLoaders()).loadDashboard(deps.months),
  component: lazyRouteComponent(() => import('../pages/DashboardPage.tsx'), 'DashboardPage'),
});

/** Administration: clients, users, settings, webhooks, API keys (clients is no parameter). */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: requireSession,
  validateSearch: adminSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? ('clients' as const) }),
  loader: async ({ deps }) => (await staffLoaders()).loadAdminTab(deps.tab),
  component: lazyRouteComponent(() => import('../pages/AdminPage.tsx'), 'AdminPage'),
});

/** The user's account: the session it shows is there; the lists of its sections are asked for early. */
export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  beforeLoad: requireSession,
  loader: async () => (await staffLoaders()).loadAccount(),
  component: lazyRouteComponent(() => import('../pages/AccountPage.tsx'), 'AccountPage'),
});
