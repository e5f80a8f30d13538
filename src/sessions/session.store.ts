import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { SignInLinkPurpose } from '../db/schema.ts';

/**
 * Web sessions and one-time links in PostgreSQL. A session's cookie carries a random value
 * whose SHA-256 alone is stored: a copy of the database opens no session. The same holds for
 * the links (set a password, reset it, sign in once).
 */
export const newSecret = () => randomBytes(32).toString('base64url');
export const digest = (secret: string) => createHash('sha256').update(secret).digest();

export interface SessionLimits {
  idleMinutes: number;
  maxHours: number;
}

export interface OpenSession {
  id: string;
  userId: string;
  /** Who opened it acting for the user (a single-sign-on token minted while acting); null: the user. */
  actorId: string | null;
  csrfToken: string;
  expiresAt: Date;
}

export async function createSession(
  db: Db,
  userId: string,
  limits: SessionLimits,
  actorId: string | null = null,
) {
  const token = newSecret();
  const csrfToken = newSecret();
  const row = await db
    .insertInto('web_sessions')
    .values({
      token_hash: digest(token),
      user_id: userId,
      actor_id: actorId,
      csrf_token: csrfToken,
      expires_at: sql<Date>`now() + make_interval(hours => ${limits.maxHours})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { token, session: { id: row.id, userId, actorId, csrfToken, expiresAt: row.expires_at } };
}

/**
 * The live session a cookie names; null when unknown, revoked, idle too long or past its
 * absolute expiry. A read: every request of a signed-in page passes here.
 */
export async function findSession(db: Db, token: string, limits: SessionLimits) {
  const row = await openSessions(db, limits)
    .select(['id', 'user_id', 'actor_id', 'csrf_token', 'expires_at'])
    .select(sql<boolean>`last_seen_at < now() - interval '1 minute'`.as('stale'))
    .where('token_hash', '=', digest(token))
    .executeTakeFirst();
  if (!row) return null;
  // The idle clock is renewed at most once a minute, so that a page's burst of requests writes once.
  if (row.stale)
    await db
      .updateTable('web_sessions')
      .set({ last_seen_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .execute();
  const session: OpenSession = {
    id: row.id,
    userId: row.user_id,
    actorId: row.actor_id,
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
  };
  return session;
}

/**
 * Whether a session is still open, read without renewing its idle clock: a long-lived stream
 * asks this, and must not keep an unattended browser signed in.
 */
export async function isSessionOpen(db: Db, id: string, limits: SessionLimits): Promise<boolean> {
  const row = await openSessions(db, limits).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Sessions neither revoked, nor past their absolute expiry, nor idle too long. */
function openSessions(db: Db, limits: SessionLimits) {
  return db
    .selectFrom('web_sessions')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${limits.idleMinutes})`);
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db
    .updateTable('web_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Every session of the user (a password change or reset), but the one named. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  except: string | null = null,
): Promise<void> {
  let query = db
    .updateTable('web_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}

/**
 * A new one-time link; the user's earlier links for the same purpose stop working: one live
 * link per user and purpose, so that an old email found later opens nothing.
 */
export async function createSignInLink(
  db: Db,
  userId: string,
  purpose: SignInLinkPurpose,
  ttlMinutes: number,
): Promise<string> {
  const create = async (trx: Db) => {
    // The user's row is locked so that two links made at once still leave one live.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await trx
      .deleteFrom('sign_in_links')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute();
    const token = newSecret();
    await trx
      .insertInto('sign_in_links')
      .values({
        token_hash: digest(token),
        user_id: userId,
        purpose,
        expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes})`,
      })
      .execute();
    return token;
  };
  return db.isTransaction ? create(db) : db.transaction().execute(create);
}

/** The user of a live link, without using it (to check the input that comes with it first). */
export async function peekSignInLink(db: Db, token: string, purposes: readonly SignInLinkPurpose[]) {
  const row = await db
    .selectFrom('sign_in_links')
    .select(['user_id', 'purpose'])
    .where('token_hash', '=', digest(token))
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ?? null;
}

/** Uses a link once: answers its user, or null when unknown, used, expired or for another purpose. */
export async function consumeSignInLink(db: Db, token: string, purposes: readonly SignInLinkPurpose[]) {
  const row = await db
    .updateTable('sign_in_links')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', digest(token))
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'purpose'])
    .executeTakeFirst();
  return row ?? null;
}

/** The purposes of links that choose a password: all of a user's stop working when it changes. */
export const PASSWORD_LINK_PURPOSES = ['set_password', 'reset_password'] as const;

/** Voids every link of the user that could choose a password (their password just changed). */
export async function voidPasswordLinks(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('sign_in_links')
    .where('user_id', '=', userId)
    .where('purpose', 'in', [...PASSWORD_LINK_PURPOSES])
    .execute();
}

/** Marks a single-sign-on token used; false when it was used already. */
export async function useSsoToken(db: Db, token: string, expiresAt: Date): Promise<boolean> {
  await db
    .deleteFrom('used_sso_tokens')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  const inserted = await db
    .insertInto('used_sso_tokens')
    .values({ token_hash: digest(token), expires_at: expiresAt })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted !== undefined;
}
