import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie: an opaque random value, HttpOnly (no script reads it), SameSite=Lax (a
 * cross-site form post does not carry it), Secure when the service is served over https, for
 * the whole site. It carries no expiry of its own: the session's idle and absolute expiry are
 * kept on the server, and the browser forgets the cookie when it closes.
 */
export const SESSION_COOKIE = 'aoms_session';

/** The shape of a session's value (sessions/session.store.ts: 32 random bytes, base64url). */
const SESSION_VALUE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session cookie's value, or null when there is none or it cannot be one of the service's
 * sessions (a broken escape, another shape): such a cookie counts as no cookie, and costs no
 * lookup.
 */
export function readSessionCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    const raw = value.join('=');
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return null;
    }
    return SESSION_VALUE.test(decoded) ? decoded : null;
  }
  return null;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`,
  );
}
