import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { coverageQuery, credentialsQuery, documentsQuery, timeOffQuery } from '../queries/credentials.ts';
import { queryClient } from '../queries/query-client.ts';
import { requireSession, rootRoute } from './root.tsx';

/**
 * An appraiser's credentials: the appraiser's own (the account menu's "Credentials") or, for the
 * company's staff, an appraiser of the panel's (Administration, Users). A page of its own chunk:
 * appraisers open it a few times a year.
 */
export const credentialsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/credentials/$appraiserId',
  beforeLoad: requireSession,
  loader: ({ params }) =>
    Promise.all([
      queryClient.ensureQueryData(credentialsQuery(params.appraiserId)),
      queryClient.ensureQueryData(coverageQuery(params.appraiserId)),
      queryClient.ensureQueryData(timeOffQuery(params.appraiserId)),
      queryClient.ensureQueryData(documentsQuery(params.appraiserId)),
    ]),
  component: lazyRouteComponent(() => import('../pages/CredentialsPage.tsx'), 'CredentialsPage'),
});
