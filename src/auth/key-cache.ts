import type { KeyLookup } from './auth-user.repository.ts';

/**
 * Warm API keys cost no database round trip: a lookup is remembered for a few seconds. A key
 * revoked through this process is forgotten at once; another process's cache lets it work for
 * at most KEY_CACHE_TTL_MS more (docs/security.md). Unknown keys are not cached (no memory
 * for attackers to fill); the cache is bounded.
 */
export const KEY_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  value: KeyLookup;
  expires: number;
}

const entries = new Map<string, Entry>();

export function cachedKey(hashHex: string, now = Date.now()): KeyLookup | null {
  const entry = entries.get(hashHex);
  if (!entry) return null;
  if (entry.expires <= now) {
    entries.delete(hashHex);
    return null;
  }
  return entry.value;
}

export function rememberKey(hashHex: string, value: KeyLookup, now = Date.now()): void {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(hashHex, { value, expires: now + KEY_CACHE_TTL_MS });
}

/** Forgets every cached lookup of a key (by key id), as on revocation. */
export function forgetKeyId(keyId: string): void {
  for (const [hash, entry] of entries) if (entry.value.keyId === keyId) entries.delete(hash);
}

/** Forgets everything, as a process that never saw any key (tests of other processes' revocations). */
export function forgetAllKeys(): void {
  entries.clear();
}
