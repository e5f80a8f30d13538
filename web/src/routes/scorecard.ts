import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appraiserScorecardQuery } from '../queries/scorecards.ts';
import { queryClient } from '../queries/query-client.ts';
import { requireSession, rootRoute } from './root.tsx';

/**
 * An appraiser's scorecard: their own (the account menu's "Scorecard") or, for the company's
 * staff, one of the panel's (the dashboard's scorecards, Administration's users).
 */
export const scorecardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/scorecard/$appraiserId',
  beforeLoad: requireSession,
  loader: ({ params }) => queryClient.ensureQueryData(appraiserScorecardQuery(params.appraiserId)),
  component: lazyRouteComponent(() => import('../pages/ScorecardPage.tsx'), 'ScorecardPage'),
});
