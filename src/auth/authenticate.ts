import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import { findUserByEmail, findUserByKeyHash } from './auth-user.repository.ts';
import { mayActFor } from './acting-as.ts';
import { hashApiKey, MAX_API_KEY_LENGTH } from './api-keys.ts';
import type { Principal } from './principal.ts';
import type { Credentials } from './credentials.ts';
import { cachedKey, rememberKey } from './key-cache.ts';

export interface AuthenticateOptions {
  /** The route invites unknown users named by X-Api-Email (with X-Api-First-Name / X-Api-Last-Name). */
  allowInvite?: boolean;
}

async function lookUpKey(db: Db, key: string) {
  const hash = hashApiKey(key);
  const hex = hash.toString('hex');
  const cached = cachedKey(hex);
  if (cached) return cached;
  const found = await findUserByKeyHash(db, hash);
  if (found && !found.revoked) rememberKey(hex, found);
  return found;
}

export async function authenticate(
  db: Db,
  credentials: Credentials,
  options: AuthenticateOptions = {},
): Promise<Principal> {
  const key = credentials.apiKey;
  if (!key) {
    throw new AppError('unauthenticated', 'An API key is required: send it in the X-Api-Key header');
  }
  const found = key.length <= MAX_API_KEY_LENGTH ? await lookUpKey(db, key) : null;
  if (!found) throw new AppError('unauthenticated', 'The API key is not valid');
  if (found.revoked) throw new AppError('unauthenticated', 'The API key has been revoked');

  const principal: Principal = { user: found.user, keyOwner: found.user, apiKeyId: found.keyId };
  const actAs = credentials.actAsEmail;
  if (actAs === null || actAs === found.user.email) return principal;

  // Unknown users and users the key's owner does not administer answer alike, so that the
  // header cannot be used to learn which emails exist.
  const target = await findUserByEmail(db, actAs);
  const invite = { email: actAs, ...credentials.invite };
  if (!target && options.allowInvite && (invite.firstName !== null || invite.lastName !== null)) {
    return { ...principal, invite };
  }
  if (!target || !(await mayActFor(db, found.user, target))) {
    throw new AppError('cannot_act_as', `You may not act for ${actAs}`, [
      { field: 'X-Api-Email', message: 'names a user you do not administer' },
    ]);
  }
  return { ...principal, user: target };
}
