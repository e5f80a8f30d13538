import { createRoute, redirect } from '@tanstack/react-router';
import { requireSession, rootRoute } from './root.tsx';

/** Home: an appraiser's is their work (offers first when there are any); staff's the pipeline; lenders' their orders. */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async (context) => {
    const session = await requireSession(context);
    const role = session.user.role;
    throw redirect({ to: role === 'appraiser' ? '/work' : role === 'staff' ? '/pipeline' : '/orders' });
  },
});
