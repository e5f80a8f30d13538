/**
 * The one error type of the service. Services throw it with a machine-readable code; the
 * error handler (http/error-handler.ts) is the only place that turns it into a response.
 */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Each code's HTTP status, declared once. */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  invalid_multipart: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  csrf_failed: 403,
  forbidden: 403,
  cannot_act_as: 403,
  not_found: 404,
  route_not_found: 404,
  payment_declined: 402,
  method_not_allowed: 405,
  request_timeout: 408,
  transition_not_allowed: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  report_has_findings: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldProblem[];
  /** When to try again (the Retry-After header of a 429 or 503), if the service can say. */
  retryAfterSeconds: number | null = null;
  constructor(code: ErrorCode, message: string, details: FieldProblem[] = []) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  /** The error, saying when to try again. */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'resource'): AppError =>
  new AppError('not_found', `The ${what} was not found`);

export const forbidden = (message = 'Your role may not do this'): AppError =>
  new AppError('forbidden', message);

export const invalid = (field: string, message: string): AppError =>
  new AppError('validation_failed', `${field} ${message}`, [{ field, message }]);

export interface ErrorBody {
  success: false;
  error: { code: string; message: string; details: FieldProblem[] };
  request_id: string;
}

export function errorBody(error: AppError, requestId: string): ErrorBody {
  return {
    success: false,
    error: { code: error.code, message: error.message, details: error.details },
    request_id: requestId,
  };
}
