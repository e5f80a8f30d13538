import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createAomsClient, type ApiError, type components } from '../../sdk/src/client.ts';

/**
 * The one way the application talks to the service: the SDK's typed client, authenticated by
 * the session cookie, with the session's CSRF token on every change.
 */
export type Session = components['schemas']['Session'];

let csrfToken: string | null = null;
export const rememberSession = (session: Session | null) => {
  csrfToken = session?.csrf_token ?? null;
};

/** A session just opened (signed in, or a password chosen): the pages see it at once. */
export function openSession(session: Session): void {
  rememberSession(session);
  queryClient.setQueryData(['session'], session);
}

export const csrfTokenOfSession = () => csrfToken;
export const api = createAomsClient({ baseUrl: '', csrfToken: csrfTokenOfSession });

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
  rememberSession(null);
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

/** An answer of the service other than 2xx, with its error envelope (message, fields at fault). */
export class ApiFailure extends Error {
  readonly status: number;
  readonly body: ApiError | null;
  /** The service's Retry-After, in seconds, when it said when to try again. */
  readonly retryAfterSeconds: number | null;
  constructor(status: number, body: ApiError | null, retryAfterSeconds: number | null = null) {
    super(body?.error.message ?? `The service answered ${status}`);
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
  /** The service asked to wait (a limit reached, or too busy for a moment): worth asking again. */
  get asksToWait(): boolean {
    return this.status === 429 || this.status === 503;
  }
  /** The message for each field the service named (422). */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.body?.error.details ?? []).map((d) => [d.field, d.message]));
  }
  /** The same as sentences naming each field as the page does: "The current password is not right". */
  fieldSentences(names: Record<string, string>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.fieldErrors).map(([field, message]) => [
        field,
        `${names[field] ?? field} ${message}`,
      ]),
    );
  }
}

/** What to tell the person when a call failed: the service's own words, or that it was not reached. */
export const failureText = (error: unknown) =>
  error instanceof ApiFailure ? error.message : 'The service could not be reached. Try again.';

/** The data of an answer, or an ApiFailure carrying the service's own words. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  const retryAfter = Number(result.response.headers.get('retry-after'));
  throw new ApiFailure(
    result.response.status,
    (result.error as ApiError | undefined) ?? null,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

export const sessionQuery = {
  queryKey: ['session'],
  queryFn: async (): Promise<Session | null> => {
    const result = await api.GET('/auth/session');
    if (result.response.status === 401) {
      rememberSession(null);
      return null;
    }
    const session = unwrap(result);
    rememberSession(session);
    return session;
  },
  staleTime: 60_000,
};

/** An order, and its history: asked for by the order's page, and ahead of it by its route. */
export const orderQuery = (orderId: string) => ({
  queryKey: ['order', orderId],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/orders/{order_id}', { params: { path: { order_id: orderId } } })),
});
export const orderHistoryQuery = (orderId: string) => ({
  queryKey: ['order', orderId, 'history'],
  queryFn: async () =>
    unwrap(await api.GET('/api/v1/orders/{order_id}/history', { params: { path: { order_id: orderId } } })),
});
