import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import { findPasswordHash, findSignInUser, findUserById, isKeyActive } from '../auth/auth-user.repository.ts';
import type { AuthUser, Principal } from '../auth/principal.ts';
import { mayActFor } from '../auth/acting-as.ts';
import { requireOwnDecision } from '../policy/acting.ts';
import type { TokenSigner } from '../auth/token.ts';
import { enqueue } from '../outbox/outbox.ts';
import { hashPassword, passwordProblem, verifyAgainstDecoy, verifyPassword } from './password.ts';
import {
  consumeSignInLink,
  createSession,
  createSignInLink,
  findSession,
  isSessionOpen,
  peekSignInLink,
  PASSWORD_LINK_PURPOSES,
  revokeUserSessions,
  useSsoToken,
  voidPasswordLinks,
  type OpenSession,
} from './session.store.ts';
import { oneTimeLinkUrl } from './link-emails.ts';

/**
 * Signing in to the web application: by password, by a single-sign-on token of POST
 * /api/v1/me, or by a one-time link (an invitation's, a password reset's, a demo user's).
 * Each opens a session (session.store.ts) whose cookie the routes set.
 */
export interface SessionDeps {
  db: Db;
  config: Config;
  tokens: TokenSigner;
}

const limitsOf = (config: Config) => ({
  idleMinutes: config.sessionIdleMinutes,
  maxHours: config.sessionMaxHours,
});

const WRONG = () =>
  // One answer for an unknown email and a wrong password: the answer tells nothing about who has an account.
  new AppError('invalid_credentials', 'The email or the password is not right', [
    { field: 'password', message: 'does not match the email' },
  ]);

export async function signInWithPassword({ db, config }: SessionDeps, email: string, password: string) {
  const found = await findSignInUser(db, email);
  const matches = found?.passwordHash
    ? await verifyPassword(password, found.passwordHash)
    : await verifyAgainstDecoy(password);
  if (!found || !matches) throw WRONG();
  return openSessionFor(db, config, found.user);
}

export async function openSessionFor(db: Db, config: Config, user: AuthUser, actor: AuthUser | null = null) {
  const { token, session } = await createSession(db, user.id, limitsOf(config), actor?.id ?? null);
  return { token, session, user, actor };
}

/**
 * The session a cookie names, as a principal: its user, and the person who opened it acting
 * for them (who stands behind every request of it, as an API key's owner stands behind
 * X-Api-Email); null when the session is over, or when the person may no longer act for the user.
 */
export async function identifySession(
  db: Db,
  config: Config,
  token: string,
): Promise<{ session: OpenSession; principal: Principal } | null> {
  const session = await findSession(db, token, limitsOf(config));
  if (!session) return null;
  const user = await findUserById(db, session.userId);
  if (!user) return null;
  const actor = session.actorId === null ? user : await findUserById(db, session.actorId);
  if (!actor || (actor !== user && !(await mayActFor(db, actor, user)))) return null;
  return { session, principal: { user, keyOwner: actor, credentialId: `session:${session.id}` } };
}

/**
 * Whether the credential a request was authenticated with still works: its session is open
 * (its idle clock left alone) or its API key not revoked. Long-lived streams ask it from time
 * to time, so that signing out or revoking a key ends them.
 */
export async function credentialStillValid(db: Db, config: Config, principal: Principal): Promise<boolean> {
  const sessionId = /^session:(.+)$/.exec(principal.credentialId)?.[1];
  return sessionId ? isSessionOpen(db, sessionId, limitsOf(config)) : isKeyActive(db, principal.credentialId);
}

/**
 * A single-sign-on token opens one session, once, before its expiry. A token minted for the
 * user by someone of another organization, or of another role (staff for an appraiser of their
 * company), opens a session of that person acting for the user, while they may still act for
 * them: the limits of acting hold in it, and it names them. A token minted within the user's
 * own organization and role (a lender's admin or integration for its loan officers: the single
 * sign-on of an integration) signs the user in as themselves.
 */
export async function signInWithSsoToken({ db, config, tokens }: SessionDeps, token: string) {
  let claims;
  try {
    claims = await tokens.verifyClaims(token);
  } catch {
    throw new AppError('unauthenticated', 'The sign-on link is not valid or has expired');
  }
  if (!(await useSsoToken(db, token, claims.expiresAt)))
    throw new AppError('unauthenticated', 'The sign-on link has been used already');
  const user = await findUserById(db, claims.userId);
  const actor = claims.actorId === null ? null : await findUserById(db, claims.actorId);
  if (!user || (claims.actorId !== null && (!actor || !(await mayActFor(db, actor, user)))))
    throw new AppError('unauthenticated', 'The sign-on link is not valid or has expired');
  return openSessionFor(db, config, user, actor && opensActing(actor, user) ? actor : null);
}

/** Whether a token minted by `actor` for `user` opens a session of the actor acting for the user. */
export const opensActing = (actor: AuthUser, user: AuthUser): boolean =>
  actor.id !== user.id && (actor.organizationId !== user.organizationId || actor.role !== user.role);

/** A demo user's one-time sign-in link (printed at first start). */
export async function signInWithLink({ db, config }: SessionDeps, token: string) {
  const link = await consumeSignInLink(db, token, ['sign_in']);
  const user = link ? await findUserById(db, link.user_id) : null;
  if (!user) throw new AppError('unauthenticated', 'The sign-in link is not valid, used already, or expired');
  return openSessionFor(db, config, user);
}

function checkNewPassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem)
    throw new AppError('validation_failed', `The password ${problem}`, [
      { field: 'password', message: problem },
    ]);
}

/** Stores a new password; every link that could choose one stops working. */
async function storePassword(db: Db, userId: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, password_changed_at: new Date() })
      .where('id', '=', userId)
      .execute();
    await voidPasswordLinks(trx, userId);
  });
}

/**
 * Sets a password through an invitation's or a reset's link (once, before it expires). Every
 * session of the user ends; a new one opens.
 */
export async function setPasswordWithLink({ db, config }: SessionDeps, token: string, password: string) {
  const purposes = PASSWORD_LINK_PURPOSES;
  const badLink = () =>
    new AppError('validation_failed', 'The link is not valid, used already, or expired: ask for a new one', [
      { field: 'token', message: 'is not valid, used already, or expired' },
    ]);
  const link = await peekSignInLink(db, token, purposes);
  const user = link ? await findUserById(db, link.user_id) : null;
  if (!user) throw badLink();
  // A password refused leaves the link usable: it is used only once the password will do.
  checkNewPassword(password, user.email);
  if (!(await consumeSignInLink(db, token, purposes))) throw badLink();
  await storePassword(db, user.id, password);
  await revokeUserSessions(db, user.id);
  return openSessionFor(db, config, user);
}

/**
 * Changes the signed-in user's password: every other session of theirs ends. Someone signed in
 * acting for the user may not (policy/acting.ts).
 */
export async function changePassword(
  { db }: SessionDeps,
  principal: Principal,
  sessionId: string | null,
  current: string,
  password: string,
): Promise<void> {
  requireOwnDecision(principal, { by: 'person', what: 'change the password' });
  const { user } = principal;
  const stored = await findPasswordHash(db, user.id);
  if (stored && !(await verifyPassword(current, stored)))
    throw new AppError('validation_failed', 'The current password is not right', [
      { field: 'current_password', message: 'is not right' },
    ]);
  checkNewPassword(password, user.email);
  await storePassword(db, user.id, password);
  await revokeUserSessions(db, user.id, sessionId);
}

/**
 * Asks for a reset link to be emailed, when the email belongs to a user. The request writes
 * the email to the outbox and nothing else, whoever it belongs to: the answer takes the same
 * time, and tells nothing about who has an account. The worker looks the account up and sends
 * the link (link-emails.ts).
 */
export async function requestPasswordReset({ db }: SessionDeps, email: string): Promise<void> {
  await db
    .transaction()
    .execute((trx) => enqueue(trx, 'password_reset', { email: email.trim().toLowerCase() }));
}

/**
 * What an invitation's email carries: the link lets the invited user choose a password (once,
 * for INVITATION_TTL_HOURS), made when the email is sent (link-emails.ts).
 */
export function invitationLink(config: Config, userId: string) {
  return {
    url: oneTimeLinkUrl(config, '/set-password'),
    one_time_link: {
      user_id: userId,
      purpose: 'set_password' as const,
      ttl_minutes: config.invitationTtlHours * 60,
    },
  };
}

/** A one-time sign-in link for a user (the demo users at first start; operators by command). */
export async function signInLink(
  db: Db,
  config: Config,
  userId: string,
  ttlMinutes = 7 * 24 * 60,
): Promise<string> {
  const token = await createSignInLink(db, userId, 'sign_in', ttlMinutes);
  return `${config.publicBaseUrl}/auth/link?token=${token}`;
}
