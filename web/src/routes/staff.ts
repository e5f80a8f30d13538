import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { ADMIN_TABS, type AdminTab } from '../features/admin/tabs.ts';
import { DEFAULT_MONTHS } from '../features/dashboard/figures.ts';
import { apiKeysQuery, notificationSettingsQuery } from '../queries/account.ts';
import { clientsQuery } from '../queries/clients.ts';
import { companySettingsQuery } from '../queries/company.ts';
import { insightQuery } from '../queries/insight.ts';
import { queryClient } from '../queries/query-client.ts';
import { sessionQuery } from '../queries/session.ts';
import { usersQuery } from '../queries/users.ts';
import { webhooksQuery } from '../queries/webhooks.ts';
import { queuesQuery } from '../queries/pipeline.ts';
import { requireSession, rootRoute } from './root.tsx';
import { key, oneOf, page, searchSchema, whole } from './search.ts';

/** The staff workspace's pages: company staff only (others are sent to their orders). */
const staffOnly = async (context: { location: { href: string } }) => {
  const session = await requireSession(context);
  if (session.user.role !== 'staff') throw redirect({ to: '/orders' });
};

/** The pipeline: a queue (by its key) as a table or a board. */
export const pipelineSearch = searchSchema({ queue: key, view: oneOf(['board']), page });
export const pipelineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pipeline',
  beforeLoad: staffOnly,
  validateSearch: pipelineSearch,
  loader: () => queryClient.ensureQueryData(queuesQuery),
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
  loaderDeps: ({ search }) => ({ months: search.months ?? DEFAULT_MONTHS }),
  loader: ({ deps }) => queryClient.ensureQueryData(insightQuery(deps.months)),
  component: lazyRouteComponent(() => import('../pages/DashboardPage.tsx'), 'DashboardPage'),
});

/**
 * What each administration tab shows first. The settings form reads its settings with suspense,
 * so they are ensured (a failure is the page's); a list is only asked for early, since it says
 * itself that it could not be loaded (or, for API keys, that the role may have none).
 */
async function loadAdminTab(tab: AdminTab): Promise<void> {
  const session = await queryClient.ensureQueryData(sessionQuery);
  // Other roles see the page say that administration is not theirs, and nothing is asked for.
  if (session?.user.role !== 'staff') return;
  if (tab === 'settings' && session.user.organization_id)
    await queryClient.ensureQueryData(companySettingsQuery(session.user.organization_id));
  // Each list is asked for as itself: their answers differ in type.
  if (tab === 'clients') await queryClient.prefetchQuery(clientsQuery);
  if (tab === 'users') await queryClient.prefetchQuery(usersQuery);
  if (tab === 'webhooks') await queryClient.prefetchQuery(webhooksQuery);
  if (tab === 'api-keys') await queryClient.prefetchQuery(apiKeysQuery);
}

/** Administration: clients, users, settings, webhooks, API keys (clients is no parameter). */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: requireSession,
  validateSearch: adminSearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? ('clients' as const) }),
  loader: ({ deps }) => loadAdminTab(deps.tab),
  component: lazyRouteComponent(() => import('../pages/AdminPage.tsx'), 'AdminPage'),
});

/** The user's account: the session it shows is there; the lists of its sections are asked for early. */
export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  beforeLoad: requireSession,
  loader: () =>
    Promise.all([
      queryClient.prefetchQuery(notificationSettingsQuery),
      queryClient.prefetchQuery(apiKeysQuery),
    ]),
  component: lazyRouteComponent(() => import('../pages/AccountPage.tsx'), 'AccountPage'),
});
