import type { ApiError } from '../../../sdk/src/client.ts';

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
