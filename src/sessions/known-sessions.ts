import { digest } from './session.store.ts';

/**
 * Sessions this process saw open lately, by the digest of their cookie: whom a request's
 * cookie belongs to, for the rate limits alone (http/rate-limits.ts), without a database read.
 * A known session counts for its user at once; an unknown cookie first meets its address's
 * budget (so that made-up cookies cost no lookup once the address has spent it). Nothing here
 * authenticates: every request the API answers still reads its session (app.ts).
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

const known = new Map<string, { userId: string; until: number }>();

const keyOf = (token: string) => digest(token).toString('base64url');

/** The user of a session seen open within the last minute; null: not known here. */
export function knownSessionUser(token: string, now = Date.now()): string | null {
  const key = keyOf(token);
  const entry = known.get(key);
  if (!entry) return null;
  if (entry.until > now) return entry.userId;
  known.delete(key);
  return null;
}

/** Remembers that the session is open and counts for this user (the person behind it). */
export function rememberSession(token: string, userId: string, now = Date.now()): void {
  if (known.size >= MAX_ENTRIES) {
    for (const [key, entry] of known) if (entry.until <= now) known.delete(key);
    while (known.size >= MAX_ENTRIES) known.delete(known.keys().next().value!);
  }
  known.set(keyOf(token), { userId, until: now + TTL_MS });
}

/** Forgets a session (signed out here). */
export function forgetSession(token: string): void {
  known.delete(keyOf(token));
}
