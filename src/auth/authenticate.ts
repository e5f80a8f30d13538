import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import { findUserByEmail, findUserByKeyHash } from './auth-user.repository.ts';
import { cannotActAs, mayActFor } from './acting-as.ts';
import { hashApiKey, MAX_API_KEY_LENGTH } from './api-keys.ts';
import type { Principal } from './principal.ts';
import type { Credentials } from './credentials.ts';
import { cachedKey, isKnownGoodKey, refusedKey, rememberKey, rememberRefusedKey } from './key-cache.ts';

export interface AuthenticateOptions {
  /** The route invites unknown users named by X-Api-Email (with X-Api-First-Name / X-Api-Last-Name). */
  allowInvite?: boolean;
}

async function lookUpKey(db: Db, key: string) {
  const hash = hashApiKey(key);
  const hex = hash.toString('hex');
  const cached = cachedKey(hex);
  if (cached) return cached;
  const refused = refusedKey(hex);
  if (refused) return refused;
  const found = await findUserByKeyHash(db, hash);
  if (found && !found.revoked) rememberKey(hex, found);
  else rememberRefusedKey(hex, found ? 'revoked' : 'unknown');
  return found ?? 'unknown';
}

/** Whether the key authenticated on this process lately (key-cache.ts, KNOWN_GOOD_TTL_MS). */
export function isKnownGoodApiKey(key: string): boolean {
  return key.length <= MAX_API_KEY_LENGTH && isKnownGoodKey(hashApiKey(key).toString('hex'));
}

/**
 * Who holds the key: 401 without a key, for a key that was never issued, and for a revoked one.
 * Keys seen lately, valid or not, need no database lookup (key-cache.ts).
 */
export async function identifyKey(db: Db, key: string | null): Promise<Principal> {
  if (!key) {
    throw new AppError('unauthenticated', 'An API key is required: send it in the X-Api-Key header');
  }
  const found = key.length <= MAX_API_KEY_LENGTH ? await lookUpKey(db, key) : 'unknown';
  if (found === 'unknown') throw new AppError('unauthenticated', 'The API key is not valid');
  if (found === 'revoked' || found.revoked)
    throw new AppError('unauthenticated', 'The API key has been revoked');
  return { user: found.user, keyOwner: found.user, credentialId: found.keyId };
}

export async function authenticate(
  db: Db,
  credentials: Credentials,
  options: AuthenticateOptions = {},
): Promise<Principal> {
  return actingAs(db, await identifyKey(db, credentials.apiKey), credentials, options);
}

/** The principal whose permissions apply: the key's owner, or the user X-Api-Email names. */
export async function actingAs(
  db: Db,
  principal: Principal,
  credentials: Credentials,
  options: AuthenticateOptions = {},
): Promise<Principal> {
  const owner = principal.keyOwner;
  const actAs = credentials.actAsEmail;
  if (actAs === null || actAs === owner.email) return principal;

  // Unknown users and users the key's owner does not administer answer alike, so that the
  // header cannot be used to learn which emails exist (acting-as.ts).
  const target = await findUserByEmail(db, actAs);
  if (target && (await mayActFor(db, owner, target))) return { ...principal, user: target };
  const invite = { email: actAs, ...credentials.invite };
  if (options.allowInvite && (invite.firstName !== null || invite.lastName !== null)) {
    // An invitation: the invitation's own checks run first, whether or not the email is taken,
    // so that their answers (403, 422) do not depend on it either.
    return { ...principal, invite: { ...invite, taken: target !== null } };
  }
  throw cannotActAs(actAs);
}
