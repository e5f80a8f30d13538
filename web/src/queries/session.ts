import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, forgetFirstReads, rememberCsrfToken, unwrap } from './sdk.ts';

/** Who is signed in, with the session's CSRF token (GET /auth/session). */
export type Session = components['schemas']['Session'];

const SESSION_KEY = ['session'] as const;

export const sessionQuery = {
  queryKey: SESSION_KEY,
  queryFn: async (): Promise<Session | null> => {
    const result = await api.GET('/auth/session');
    if (result.response.status === 401) {
      rememberCsrfToken(null);
      return null;
    }
    const session = unwrap(result);
    rememberCsrfToken(session.csrf_token);
    return session;
  },
  staleTime: 60_000,
};

/** The session, asked for once and shared by every page (null: nobody is signed in). */
export const useSession = () => useQuery(sessionQuery).data ?? null;

/** A session just opened (signed in, or a password chosen): the pages see it at once. */
export function openSession(session: Session): void {
  rememberCsrfToken(session.csrf_token);
  queryClient.setQueryData(SESSION_KEY, session);
}

/** The session ended (a 401 after it was known): forget it and everything read with it. */
export function forgetSession(): void {
  rememberCsrfToken(null);
  queryClient.setQueryData(SESSION_KEY, null);
}
export const forgetAllButSession = () =>
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });

/** Signs out here: the cookie goes, and nothing read while signed in stays in memory. */
export async function signOut(): Promise<void> {
  await api.POST('/auth/sign_out');
  rememberCsrfToken(null);
  queryClient.clear();
}

/**
 * Whether the person signed in acts for the session's user (a sign-on link minted with
 * X-Api-Email): what the user alone commits to (an appraiser accepting an offer, recording the
 * inspection, submitting the report) is then not offered, since the service refuses it.
 */
export function useActing(): boolean {
  return Boolean(useSession()?.actor);
}

/** The first page has loaded: what index.html read for it and nobody took is forgotten (sdk.ts). */
export const firstPageLoaded = () => forgetFirstReads();
