import { randomBytes, timingSafeEqual } from 'node:crypto';
import { passwordHasher } from './password-hasher.ts';

/**
 * Passwords hashed with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB and
 * about a tenth of a second per hash), a random 16-byte salt each. Stored as
 * `scrypt$<N>$<r>$<p>$<salt>$<hash>` (base64), so that a later cost can be told apart and
 * raised at the next sign-in.
 */
const COST = { N: 2 ** 17, r: 8, p: 1 };
const KEY_BYTES = 64;

/** The length bounds of a password: long enough to resist guessing, short enough to hash. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** scrypt on the password hasher's own thread and queue (password-hasher.ts). */
function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return passwordHasher.derive({
    password,
    salt,
    keyBytes: KEY_BYTES,
    options: { ...cost, maxmem: 256 * cost.N * cost.r },
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash that a wrong email is checked against, so that an unknown email costs what a wrong password does. */
let decoy: Promise<string> | null = null;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}

/** Problems with a new password, as the field message; null when it will do. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (password.toLowerCase() === email.toLowerCase()) return 'must not be your email address';
  if (new Set(password).size < 4) return 'must not repeat a few characters';
  return null;
}
