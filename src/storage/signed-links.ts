import { timingSafeEqual } from 'node:crypto';
import { SecretBox } from '../auth/secret-box.ts';
import { ServiceHmacKey } from '../auth/service-secrets.ts';
import type { Db } from '../db/connection.ts';

/**
 * Signed, expiring links to files: `{PUBLIC_BASE_URL}/files/{id}?expires={unix}&signature={hmac}`.
 * The HMAC-SHA256 covers the file id and the expiry, with a key kept in the database, sealed
 * (auth/service-secrets.ts), shared by every process. A changed id, expiry or signature, or a past expiry, is refused.
 */
const SECRET_NAME = 'link_signing_key';

export class LinkSigner {
  readonly #baseUrl: string;
  readonly #ttlSeconds: number;
  readonly #key: ServiceHmacKey;

  constructor(db: Db, baseUrl: string, ttlSeconds: number, box = new SecretBox(db)) {
    this.#baseUrl = baseUrl;
    this.#ttlSeconds = ttlSeconds;
    this.#key = new ServiceHmacKey(db, box, SECRET_NAME);
  }

  async link(kind: string, id: string, now = Date.now(), ttlSeconds = this.#ttlSeconds): Promise<string> {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    const signature = await this.#sign(kind, id, expires);
    return `${this.#baseUrl}/${kind}/${id}?expires=${expires}&signature=${signature}`;
  }

  /** 'ok', 'expired' or 'invalid'. */
  async verify(
    kind: string,
    id: string,
    expires: string | undefined,
    signature: string | undefined,
  ): Promise<'ok' | 'expired' | 'invalid'> {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature))
      return 'invalid';
    const expected = Buffer.from(await this.#sign(kind, id, Number(expires)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return Number(expires) * 1000 < Date.now() ? 'expired' : 'ok';
  }

  #sign(kind: string, id: string, expires: number): Promise<string> {
    return this.#key.sign(`${kind}:${id}:${expires}`);
  }
}
