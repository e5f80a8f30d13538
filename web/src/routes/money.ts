import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { clientsQuery } from '../queries/clients.ts';
import { payablesQuery } from '../queries/payables.ts';
import { queryClient } from '../queries/query-client.ts';
import { invoicesQuery } from '../queries/receivables.ts';
import { requireSession, rootRoute } from './root.tsx';
import { id, oneOf, page, searchSchema } from './search.ts';

/**
 * The money's pages (docs/money.md): the company's receivables and payables (staff), the
 * lender's invoices and statements. The appraiser's Money page is in workspace.ts. Each page is
 * a chunk of its own; its list is asked for beside the page's script.
 */
const staffOnly = async (context: { location: { href: string } }) => {
  const session = await requireSession(context);
  if (session.user.role !== 'staff') throw redirect({ to: '/orders' });
};

export const receivablesSearch = searchSchema({
  state: oneOf(['paid', 'all']),
  client: id,
  invoice: id,
  page,
});
export const receivablesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/receivables',
  beforeLoad: staffOnly,
  validateSearch: receivablesSearch,
  loaderDeps: ({ search }) => ({ state: search.state, client: search.client, page: search.page }),
  loader: ({ deps }) =>
    Promise.all([
      queryClient.ensureQueryData(clientsQuery),
      queryClient.prefetchQuery(
        invoicesQuery({ state: deps.state ?? 'open', client_id: deps.client, page: deps.page ?? 1 }),
      ),
    ]),
  component: lazyRouteComponent(() => import('../pages/ReceivablesPage.tsx'), 'ReceivablesPage'),
});

export const payablesSearch = searchSchema({ state: oneOf(['paid', 'all']), batch: id, page });
export const payablesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payables',
  beforeLoad: staffOnly,
  validateSearch: payablesSearch,
  loaderDeps: ({ search }) => ({ state: search.state, page: search.page }),
  loader: ({ deps }) =>
    queryClient.prefetchQuery(payablesQuery({ state: deps.state ?? 'owed', page: deps.page ?? 1 })),
  component: lazyRouteComponent(() => import('../pages/PayablesPage.tsx'), 'PayablesPage'),
});

export const invoicesSearch = searchSchema({ state: oneOf(['paid', 'all']), invoice: id, page });
/** The lender's invoices, open first, and their statements by month (`/invoices/…` are the signed invoice PDFs). */
export const invoicesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/billing',
  beforeLoad: requireSession,
  validateSearch: invoicesSearch,
  loaderDeps: ({ search }) => ({ state: search.state, page: search.page }),
  loader: ({ deps }) =>
    queryClient.prefetchQuery(invoicesQuery({ state: deps.state ?? 'open', page: deps.page ?? 1 })),
  component: lazyRouteComponent(() => import('../pages/InvoicesPage.tsx'), 'InvoicesPage'),
});
