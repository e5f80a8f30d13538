import { ERROR_STATUS, type ErrorCode } from './app-error.ts';

/**
 * What each error code means, declared once: the OpenAPI document's `Error` schema gives each
 * code its meaning and a link to its entry in docs/api.md ("Error codes", one anchor per code:
 * `error-<code>`), and a test holds the two to each other.
 */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  bad_request: 'The URL, a header or the request itself could not be read',
  invalid_json: 'The body is not valid JSON (or is empty while the Content-Type says JSON)',
  invalid_multipart: 'The multipart body could not be read',
  unauthenticated: 'No API key or session, or an unknown, revoked or ended one',
  invalid_credentials: 'Sign-in: the email or the password is not right (the two are not told apart)',
  payment_declined: 'The card was declined; nothing changed',
  csrf_failed: 'A change authenticated by the session cookie without its X-CSRF-Token',
  forbidden: 'Your role may not do this, or a signed link is expired or altered',
  cannot_act_as: 'X-Api-Email names a user you may not act for, or a decision that is theirs alone',
  not_found: "An unknown id, or another tenant's (answered alike)",
  route_not_found: 'No route has this path',
  method_not_allowed: 'The path does not take this method; the Allow header names those it takes',
  request_timeout: 'The request line and headers did not arrive in time',
  transition_not_allowed:
    "The order's status does not allow the action now; allowed_transitions lists what does",
  conflict: 'A concurrent change won, a duplicate, or an Idempotency-Key still in use',
  payload_too_large: 'The body or its files are over the limit',
  unsupported_media_type: 'A Content-Type this endpoint does not take',
  validation_failed: 'Well-formed input that fails validation; details names each field',
  report_has_findings:
    "The report's checks found what the submission must answer: fatal findings, or warnings not acknowledged; details lists them",
  rate_limited: 'Too many requests; retry after Retry-After seconds',
  headers_too_large: 'The request line and headers together are over 16 KiB (a long query string counts)',
  internal_error: 'A failure on the service side; request_id finds it in the log',
  service_unavailable: 'The database does not answer',
};

/** Every error code, in the order of their statuses. */
export const ERROR_CODES = (Object.keys(ERROR_STATUS) as ErrorCode[]).sort(
  (a, b) => ERROR_STATUS[a] - ERROR_STATUS[b],
);

/** Where a code is documented: its anchor in docs/api.md. */
export const errorCodeLink = (code: ErrorCode): string => `docs/api.md#error-${code}`;
