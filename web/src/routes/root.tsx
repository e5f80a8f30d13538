import { createRootRoute, redirect } from '@tanstack/react-router';
import { Layout } from '../features/shell/Layout.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { queryClient } from '../queries/query-client.ts';
import { sessionQuery, type Session } from '../queries/session.ts';
import { RouteFailure } from './RouteFailure.tsx';

const NotFound = () => <NotFoundPage />;

/** The frame of every page; a page whose data could not be read says so, with a way to try again. */
export const rootRoute = createRootRoute({
  component: Layout,
  notFoundComponent: NotFound,
  errorComponent: RouteFailure,
});

/**
 * Every page but sign-in needs a session; without one, sign-in comes first and leads back.
 * The session is asked for once and shared (sessionQuery's staleTime).
 */
export async function requireSession({ location }: { location: { href: string } }): Promise<Session> {
  const session = await queryClient.ensureQueryData(sessionQuery);
  if (!session) throw redirect({ to: '/sign-in', search: { return_to: location.href } });
  return session;
}
