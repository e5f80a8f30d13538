/**
 * What a request presents to be authenticated. The HTTP layer reads it from headers and the
 * query string (http/credentials.ts); authentication sees only this.
 */
export interface Credentials {
  apiKey: string | null;
  /** X-Api-Email (or X-User-Email), lower-cased: the user the key's owner acts for. */
  actAsEmail: string | null;
  /** X-Api-First-Name, X-Api-Last-Name, X-Api-Role: an invitation's details (POST /me). */
  invite: { firstName: string | null; lastName: string | null; role: string | null };
}
