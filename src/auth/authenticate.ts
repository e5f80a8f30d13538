import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.ts';
import { AppError } from '../http/errors.ts';
import { findUserByEmail, findUserByKeyHash } from '../users/user.repository.ts';
import { mayActFor } from './acting-as.ts';
import { hashApiKey, MAX_API_KEY_LENGTH } from './api-keys.ts';
import type { Principal } from './principal.ts';
import { cachedKey, rememberKey } from './key-cache.ts';

/** Header names arrive lower-cased (Node does that), so any letter case matches. */
const ACT_AS_HEADERS = ['x-api-email', 'x-user-email'] as const;

export function readApiKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader.trim();
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.api_key;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery.trim() : null;
}

export function readActAsEmail(request: FastifyRequest): string | null {
  for (const name of ACT_AS_HEADERS) {
    const value = request.headers[name];
    const email = (Array.isArray(value) ? value[0] : value)?.trim();
    if (email) return email.toLowerCase();
  }
  return null;
}

const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : null;
};

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
  request: FastifyRequest,
  options: AuthenticateOptions = {},
): Promise<Principal> {
  const key = readApiKey(request);
  if (!key) {
    throw new AppError('unauthenticated', 'An API key is required: send it in the X-Api-Key header');
  }
  const found = key.length <= MAX_API_KEY_LENGTH ? await lookUpKey(db, key) : null;
  if (!found) throw new AppError('unauthenticated', 'The API key is not valid');
  if (found.revoked) throw new AppError('unauthenticated', 'The API key has been revoked');

  const principal: Principal = { user: found.user, keyOwner: found.user, apiKeyId: found.keyId };
  const actAs = readActAsEmail(request);
  if (actAs === null || actAs === found.user.email) return principal;

  // Unknown users and users the key's owner does not administer answer alike, so that the
  // header cannot be used to learn which emails exist.
  const target = await findUserByEmail(db, actAs);
  const invite = {
    email: actAs,
    firstName: header(request, 'x-api-first-name'),
    lastName: header(request, 'x-api-last-name'),
    role: header(request, 'x-api-role'),
  };
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
