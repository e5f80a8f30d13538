import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys: 32 random bytes, shown once. Only their SHA-256 is stored, so a database leak
 * reveals no usable key; the lookup by hash also means no key is ever compared byte by byte
 * in application code (no timing signal about a stored key).
 */
const KEY_PREFIX = 'aoms_';

export interface GeneratedKey {
  key: string;
  hash: Buffer;
  /** The first characters, stored in clear so that operators can tell keys apart. */
  prefix: string;
}

export function generateApiKey(): GeneratedKey {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, KEY_PREFIX.length + 6) };
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Keys longer than this are not keys; refusing them early keeps hashing cheap. */
export const MAX_API_KEY_LENGTH = 200;
