import { createAomsClient } from '../../../sdk/src/client.ts';
import { FIRST_READS } from '../first-reads.ts';
import { ApiFailure } from './failure.ts';

/**
 * The reads index.html started for the page opened (first-reads.ts): a GET of the same address
 * takes its answer, once, while the first page loads; after that (forgetFirstReads, when the
 * router has loaded it, or ten seconds on), and for anything else, the network.
 */
const firstReads = (globalThis as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[
  FIRST_READS
];
const FIRST_READS_KEPT_MS = 10_000;
function readFirstOrFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const address = url.pathname + url.search;
  const started = firstReads?.[address];
  if (firstReads && started && request.method === 'GET' && performance.now() < FIRST_READS_KEPT_MS) {
    delete firstReads[address];
    return started;
  }
  return fetch(request);
}
export function forgetFirstReads(): void {
  if (firstReads) for (const address of Object.keys(firstReads)) delete firstReads[address];
}

/**
 * The one way the application talks to the service: the SDK's typed client, authenticated by
 * the session cookie, with the session's CSRF token on every change. Only the modules of
 * queries/ call it (npm run lint:layers): pages and components ask them.
 */
let csrfToken: string | null = null;
export const rememberCsrfToken = (token: string | null) => {
  csrfToken = token;
};
export const csrfTokenOfSession = () => csrfToken;
export const api = createAomsClient({ baseUrl: '', csrfToken: csrfTokenOfSession, fetch: readFirstOrFetch });

/**
 * The service's clock at the first answer this page received (its Date header): the live
 * stream replays the changes made from then on (queries/live.ts), rather than the page reading
 * everything again when the stream opens.
 */
let firstAnswerAt: string | null = null;
export const firstAnswerTime = () => firstAnswerAt;
api.use({
  onResponse({ response }) {
    if (firstAnswerAt !== null) return;
    const date = Date.parse(response.headers.get('date') ?? '');
    if (Number.isFinite(date)) firstAnswerAt = new Date(date).toISOString();
  },
});

/** The data of an answer, or an ApiFailure carrying the service's own words. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  const retryAfter = Number(result.response.headers.get('retry-after'));
  throw new ApiFailure(
    result.response.status,
    (result.error as ConstructorParameters<typeof ApiFailure>[1] | undefined) ?? null,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}
