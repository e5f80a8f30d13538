import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthUser } from '../auth/principal.ts';
import { fullName } from '../auth/principal.ts';
import { AppError } from '../errors/app-error.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { ref, Success } from '../schemas/common.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './cookie.ts';
import { forgetSession, rememberSession } from './known-sessions.ts';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LinkQuery,
  SessionInfo,
  SetPasswordRequest,
  SignInRequest,
} from './session.schemas.ts';
import {
  changePassword,
  identifySession,
  requestPasswordReset,
  setPasswordWithLink,
  signInWithLink,
  signInWithPassword,
  signInWithSsoToken,
} from './session.service.ts';
import { revokeSession, type OpenSession } from './session.store.ts';

/**
 * Web sign-in, outside /api/v1 (no API key): sessions by password, single-sign-on token or
 * one-time link, sign-out, password reset and change. A session's cookie then authenticates
 * /api/v1 too (app.ts), with the CSRF token on every request but GET.
 */
const tags = ['sessions'];

const sessionInfo = (user: AuthUser, session: OpenSession, actor: AuthUser | null) => ({
  user: {
    id: user.id,
    name: fullName(user),
    email: user.email,
    role: user.role,
    organization_id: user.organizationId,
    is_admin: user.isAdmin,
  },
  actor: actor && actor.id !== user.id ? { id: actor.id, name: fullName(actor), email: actor.email } : null,
  csrf_token: session.csrfToken,
  expires_at: session.expiresAt.toISOString(),
});

/**
 * A path of this site only. The path is read as a browser reads it (the URL standard: tabs and
 * newlines dropped, backslashes as slashes), against this site, and kept only if it stays on
 * it: `//evil.example`, `/\\evil.example` and `/\t/evil.example` are other sites to a browser.
 * What is answered is the parsed path, percent-encoded, so that no byte of it can break the
 * Location header.
 */
const HERE = new URL('http://this-site.invalid');
export function safeReturnPath(returnTo: string | undefined): string {
  if (!returnTo || !returnTo.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(returnTo, HERE);
  } catch {
    return '/';
  }
  if (url.origin !== HERE.origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** An email as a rate-limit subject: its digest, so that counters hold no address. */
const emailSubject = (email: string) => createHash('sha256').update(email).digest('hex');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF check of a request the session cookie authenticates: the token must come as a header. */
export function checkCsrf(request: FastifyRequest, session: OpenSession): void {
  if (SAFE_METHODS.has(request.method)) return;
  const given = request.headers['x-csrf-token'];
  if (given !== session.csrfToken)
    throw new AppError(
      'csrf_failed',
      'This request needs the X-CSRF-Token header of your session (GET /auth/session)',
    );
}

export function registerSessionRoutes(app: AppInstance, deps: AppDeps & { limits: RateLimits }): void {
  const { db, config, limits } = deps;
  const secure = config.publicBaseUrl.startsWith('https://');

  const currentSession = async (request: FastifyRequest) => {
    const token = readSessionCookie(request);
    const found = token ? await identifySession(db, config, token) : null;
    if (!found) throw new AppError('unauthenticated', 'You are not signed in, or your session has ended');
    checkCsrf(request, found.session);
    return found;
  };
  const opened = (
    reply: FastifyReply,
    result: { token: string; session: OpenSession; user: AuthUser; actor: AuthUser | null },
  ) => {
    setSessionCookie(reply, result.token, secure);
    // Its next requests count for the person behind it at once (http/protection.ts).
    rememberSession(result.token, (result.actor ?? result.user).id);
    return sessionInfo(result.user, result.session, result.actor);
  };

  app.post(
    '/auth/sign_in',
    {
      schema: {
        operationId: 'signIn',
        tags,
        summary: 'Sign in with an email and a password',
        description: `Opens a session: its cookie (HttpOnly, SameSite=Lax) authenticates the web application and /api/v1. An unknown email and a wrong password answer alike (401 invalid_credentials). Attempts are limited per email (RATE_LIMIT_SIGN_IN_PER_EMAIL_PER_MINUTE) and per address (RATE_LIMIT_SIGN_IN_PER_ADDRESS_PER_MINUTE). A browser's post from a page of another site is refused (403).`,
        security: [],
        body: ref(SignInRequest),
        response: { 200: ref(SessionInfo) },
      },
      config: { errors: [401, 403] },
    },
    async (request, reply) => {
      // Counted per address before the body was read (http/protection.ts), per email here.
      const email = request.body.email.trim().toLowerCase();
      await limits.take('sign_in_email', emailSubject(email), reply);
      return opened(reply, await signInWithPassword(deps, email, request.body.password));
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        operationId: 'getSession',
        tags,
        summary: 'The signed-in user',
        description: 'With the CSRF token that requests other than GET must carry. 401 when not signed in.',
        security: [],
        response: { 200: ref(SessionInfo) },
      },
      config: { errors: [401] },
    },
    async (request) => {
      const { session, principal } = await currentSession(request);
      return sessionInfo(principal.user, session, principal.keyOwner);
    },
  );

  app.post(
    '/auth/sign_out',
    {
      schema: {
        operationId: 'signOut',
        tags,
        summary: 'Sign out',
        description: 'Ends this session (with its X-CSRF-Token).',
        security: [],
        response: { 200: ref(Success, 'Signed out') },
      },
      config: { errors: [401, 403] },
    },
    async (request, reply) => {
      const { session } = await currentSession(request);
      await revokeSession(db, session.id);
      forgetSession(readSessionCookie(request)!);
      clearSessionCookie(reply, secure);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/password/forgot',
    {
      schema: {
        operationId: 'forgotPassword',
        tags,
        summary: 'Email a password-reset link',
        description: `The link works once, for PASSWORD_RESET_TTL_MINUTES; asking again makes the earlier link void. The answer is the same, and as fast, whether the email has an account or not. One email may be sent RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR links an hour (429 beyond, for any email).`,
        security: [],
        body: ref(ForgotPasswordRequest),
        response: { 202: ref(Success, 'If the email has an account, the link is on its way') },
      },
      config: { errors: [403] },
    },
    async (request, reply) => {
      await limits.take('reset_email', emailSubject(request.body.email.trim().toLowerCase()), reply);
      await requestPasswordReset(deps, request.body.email);
      return reply.status(202).send({ success: true as const });
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        operationId: 'setPasswordWithLink',
        tags,
        summary: "Choose a password with an invitation's or a reset's link",
        description: 'The link works once. Every session of the user ends, and a new one opens.',
        security: [],
        body: ref(SetPasswordRequest),
        response: { 200: ref(SessionInfo) },
      },
      config: { errors: [403] },
    },
    async (request, reply) =>
      opened(reply, await setPasswordWithLink(deps, request.body.token, request.body.password)),
  );

  app.put(
    '/auth/password',
    {
      schema: {
        operationId: 'changePassword',
        tags,
        summary: 'Change your password',
        description: 'With the current one (and the X-CSRF-Token). Every other session of yours ends.',
        security: [],
        body: ref(ChangePasswordRequest),
        response: { 200: ref(Success, 'Changed') },
      },
      config: { errors: [401, 403] },
    },
    async (request) => {
      const { session, principal } = await currentSession(request);
      await changePassword(deps, principal, session.id, request.body.current_password, request.body.password);
      return { success: true as const };
    },
  );

  const redirectResponse = {
    303: Type.Null({
      description: 'To return_to when signed in; to /sign-in?error=link when the link does not work',
    }),
  };
  const landing = async (
    reply: FastifyReply,
    returnTo: string | undefined,
    open: () => Promise<{ token: string; session: OpenSession; user: AuthUser; actor: AuthUser | null }>,
  ) => {
    try {
      opened(reply, await open());
      return reply.redirect(safeReturnPath(returnTo), 303);
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthenticated')
        return reply.redirect(`/sign-in?error=link`, 303);
      throw error;
    }
  };

  app.get(
    '/sso',
    {
      schema: {
        // A link a browser follows, not an API call: left out of the API document.
        hide: true,
        operationId: 'singleSignOn',
        tags,
        summary: 'Open a session with a single-sign-on token',
        description:
          'The token is the jwt of POST /api/v1/me: it opens one session, once, before it expires, and lands on return_to (a path of this site).',
        security: [],
        querystring: LinkQuery,
        response: redirectResponse,
      },
    },
    (request, reply) =>
      landing(reply, request.query.return_to, () => signInWithSsoToken(deps, request.query.token)),
  );

  app.get(
    '/auth/link',
    {
      schema: {
        // A link a browser follows, not an API call: left out of the API document.
        hide: true,
        operationId: 'signInWithLink',
        tags,
        summary: 'Open a session with a one-time sign-in link',
        description:
          'A link printed for the demo users at first start, or made by an operator: it works once.',
        security: [],
        querystring: LinkQuery,
        response: redirectResponse,
      },
    },
    (request, reply) =>
      landing(reply, request.query.return_to, () => signInWithLink(deps, request.query.token)),
  );
}
