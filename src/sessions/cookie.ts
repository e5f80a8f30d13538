import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie: an opaque random value, HttpOnly (no script reads it), SameSite=Lax (a
 * cross-site form post does not carry it), Secure when the service is served over https, for
 * the whole site. It carries no expiry of its own: the session's idle and absolute expiry are
 * kept on the server, and the browser forgets the cookie when it closes.
 */
export const SESSION_COOKIE = 'aoms_session';

export function readSessionCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('=')) || null;
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
