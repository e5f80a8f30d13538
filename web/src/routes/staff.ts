import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ADMIN_TABS } from '../features/admin/tabs.ts';
import { queuesQuery } from '../queries/pipeline.ts';
import { queryClient } from '../queries/query-client.ts';
import { requireSession, rootRoute } from './root.tsx';
import { key, optional, page } from './search.ts';

/** The staff workspace's pages: company staff only (others are sent to their orders). */
const staffOnly = async (context: { location: { href: string } }) => {
  const session = await requireSession(context);
  if (session.user.role !== 'staff') throw redirect({ to: '/orders' });
};

/** The pipeline: a queue (by its key) as a table or a board. */
export const pipelineSearch = z.object({ queue: key, view: optional(z.literal('board')), page });
export type PipelineSearch = z.infer<typeof pipelineSearch>;
export const pipelineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pipeline',
  beforeLoad: staffOnly,
  validateSearch: pipelineSearch,
  loader: () => queryClient.ensureQueryData(queuesQuery),
  // Staff only: its code loads when it is first opened, not with everyone's first page.
  component: lazyRouteComponent(() => import('../pages/PipelinePage.tsx'), 'PipelinePage'),
});

/** The company's figures over 3, 12 or 24 months (12 when none is given). */
export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  beforeLoad: requireSession,
  validateSearch: z.object({
    months: optional(z.coerce.number().check(z.refine((months) => [3, 12, 24].includes(months)))),
  }),
  component: lazyRouteComponent(() => import('../pages/DashboardPage.tsx'), 'DashboardPage'),
});

/** Administration: clients, users, settings, webhooks, API keys (clients is no parameter). */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: requireSession,
  validateSearch: z.object({ tab: optional(z.enum(ADMIN_TABS.filter((tab) => tab !== 'clients'))) }),
  component: lazyRouteComponent(() => import('../pages/AdminPage.tsx'), 'AdminPage'),
});

export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  beforeLoad: requireSession,
  component: lazyRouteComponent(() => import('../pages/AccountPage.tsx'), 'AccountPage'),
});
