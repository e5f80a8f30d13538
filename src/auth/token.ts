import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/connection.ts';
import type { AuthUser } from './principal.ts';
import { fullName } from './principal.ts';
import { SecretBox } from './secret-box.ts';
import { serviceKey } from './service-secrets.ts';

/**
 * The single-sign-on token of POST /api/v1/me: an HS256 JWT with `exp`, which the service's
 * web application accepts to open a session. The signing key lives in the database, sealed
 * (auth/service-secrets.ts), so that every process on it signs and verifies alike.
 */
const AUDIENCE = 'aoms-web';
const SECRET_NAME = 'jwt_signing_key';

/**
 * The token authenticates, like an API key: an answer that carries it is shown once, and
 * Idempotency-Key retries do not replay it (http/idempotency.ts); a retry answers 409 naming
 * the user instead. Route configuration of POST /api/v1/me.
 */
export const TOKEN_SHOWN_ONCE = {
  fields: ['jwt'],
  then: 'Send POST /api/v1/me again without this Idempotency-Key (or with a new one) for a new token; a user it invited exists now and is not invited again.',
} as const;

export class TokenSigner {
  readonly #db: Db;
  readonly #issuer: string;
  readonly #ttlSeconds: number;
  readonly #box: SecretBox;
  #key: Promise<Uint8Array> | null = null;

  constructor(db: Db, issuer: string, ttlSeconds: number, box = new SecretBox(db)) {
    this.#db = db;
    this.#issuer = issuer;
    this.#ttlSeconds = ttlSeconds;
    this.#box = box;
  }

  /**
   * A token for `user`. Minted by someone acting for them (`actor`, X-Api-Email), it names that
   * person in its `act` claim (RFC 8693's actor): the session it opens carries them, and what
   * acting may not do stays refused (policy/acting.ts).
   */
  async sign(user: AuthUser, actor: AuthUser = user): Promise<string> {
    const acting = actor.id === user.id ? {} : { act: { sub: actor.id, email: actor.email } };
    return (
      new SignJWT({ email: user.email, name: fullName(user), role: user.role, ...acting })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        // Each token its own: a single-use token must not equal the one signed the same second.
        .setJti(randomUUID())
        .setIssuer(this.#issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${this.#ttlSeconds}s`)
        .sign(await this.#signingKey())
    );
  }

  /**
   * The user the token was issued to, who minted it acting for them (null: the user), and when
   * it expires; throws when invalid or expired.
   */
  async verifyClaims(token: string): Promise<{ userId: string; actorId: string | null; expiresAt: Date }> {
    const { payload } = await jwtVerify(token, await this.#signingKey(), {
      issuer: this.#issuer,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    const act = payload.act as { sub?: unknown } | undefined;
    const actorId = typeof act?.sub === 'string' && act.sub !== payload.sub ? act.sub : null;
    return { userId: payload.sub!, actorId, expiresAt: new Date(payload.exp! * 1000) };
  }

  /** Returns the user id the token was issued to; throws when invalid or expired. */
  async verify(token: string): Promise<string> {
    const { payload } = await jwtVerify(token, await this.#signingKey(), {
      issuer: this.#issuer,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (!payload.sub) throw new Error('token without subject');
    return payload.sub;
  }

  #signingKey(): Promise<Uint8Array> {
    this.#key ??= serviceKey(this.#db, this.#box, SECRET_NAME).catch((error: unknown) => {
      this.#key = null;
      throw error;
    });
    return this.#key;
  }
}
