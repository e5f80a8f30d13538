import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiFailure } from './failure.ts';
import { rememberCsrfToken } from './sdk.ts';

/**
 * What happens when the service answers 401 to a call: the session ended meanwhile (signed out
 * elsewhere, or the password changed in another session). The router sends the person to sign in.
 */
let sessionEnded: () => void = () => {};
export const whenSessionEnds = (handler: () => void) => {
  sessionEnded = handler;
};
const noticeEndedSession = (error: unknown) => {
  if (!(error instanceof ApiFailure) || error.status !== 401) return;
  // Only a session the page knew can end: a call made while the session is still being asked
  // for (an order fetched beside it) may meet a 401 that only means "not signed in".
  if (!queryClient.getQueryData(['session'])) return;
  rememberCsrfToken(null);
  sessionEnded();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: noticeEndedSession }),
  mutationCache: new MutationCache({ onError: noticeEndedSession }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A service that was not reached, or asked to wait (429, 503), is asked again; any other
      // answer stands.
      retry: (count, error) => (error instanceof ApiFailure ? error.asksToWait && count < 3 : count < 2),
      retryDelay: (count, error) =>
        error instanceof ApiFailure && error.retryAfterSeconds !== null
          ? Math.min(error.retryAfterSeconds, 30) * 1000
          : Math.min(1000 * 2 ** count, 30_000),
    },
  },
});
