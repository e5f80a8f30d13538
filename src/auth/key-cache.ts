import type { KeyLookup } from './auth-user.repository.ts';

/**
 * Warm API keys cost no database round trip: a lookup is remembered for a few seconds. A key
 * revoked through this process is forgotten at once; another process's cache lets it work for
 * at most KEY_CACHE_TTL_MS more (docs/security.md).
 *
 * Keys that are not keys (never issued) and revoked keys are remembered too, for
 * UNKNOWN_KEY_TTL_MS, so that a flood of made-up keys costs no lookup either. Both caches are
 * bounded; when full, the oldest entry goes. An unknown key cannot become valid (keys are 256
 * random bits, never reused), so remembering one longer would be safe; the bound is memory.
 */
export const KEY_CACHE_TTL_MS = 5_000;
export const UNKNOWN_KEY_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
const MAX_UNKNOWN_ENTRIES = 50_000;

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
  knownGood.delete(hashHex);
  if (knownGood.size >= MAX_ENTRIES) knownGood.delete(knownGood.keys().next().value!);
  knownGood.set(hashHex, { keyId: value.keyId, expires: now + KNOWN_GOOD_TTL_MS });
}

/** Forgets every cached lookup of a key (by key id), as on revocation. */
export function forgetKeyId(keyId: string): void {
  for (const [hash, entry] of entries) if (entry.value.keyId === keyId) entries.delete(hash);
  for (const [hash, entry] of knownGood) if (entry.keyId === keyId) knownGood.delete(hash);
}

/** Forgets everything, as a process that never saw any key (tests of other processes' revocations). */
export function forgetAllKeys(): void {
  entries.clear();
  refused.clear();
  knownGood.clear();
}

/**
 * Keys that authenticated on this process in the last KNOWN_GOOD_TTL_MS. Not a cache of the
 * lookup (each use is still checked): it lets a client whose address is spent on failed
 * authentications (a neighbour behind the same NAT flooding made-up keys) go on with its own
 * key, while made-up keys, which never authenticated, are refused before any lookup.
 */
export const KNOWN_GOOD_TTL_MS = 15 * 60_000;
const knownGood = new Map<string, { keyId: string; expires: number }>();

export function isKnownGoodKey(hashHex: string, now = Date.now()): boolean {
  const entry = knownGood.get(hashHex);
  if (!entry) return false;
  if (entry.expires > now) return true;
  knownGood.delete(hashHex);
  return false;
}

/** Why a key hash was refused, while that is remembered: 'unknown' or 'revoked'. */
const refused = new Map<string, { reason: 'unknown' | 'revoked'; expires: number }>();

export function refusedKey(hashHex: string, now = Date.now()): 'unknown' | 'revoked' | null {
  const entry = refused.get(hashHex);
  if (!entry) return null;
  if (entry.expires <= now) {
    refused.delete(hashHex);
    return null;
  }
  return entry.reason;
}

export function rememberRefusedKey(hashHex: string, reason: 'unknown' | 'revoked', now = Date.now()): void {
  knownGood.delete(hashHex);
  if (refused.size >= MAX_UNKNOWN_ENTRIES) refused.delete(refused.keys().next().value!);
  refused.set(hashHex, { reason, expires: now + UNKNOWN_KEY_TTL_MS });
}
