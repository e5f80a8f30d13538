import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { SecretBox } from './secret-box.ts';
import { ServiceHmacKey } from './service-secrets.ts';

/**
 * Opaque list cursors (`after=`): `base64url(JSON of the payload).base64url(HMAC-SHA256)`. The
 * HMAC covers the payload and what the cursor is bound to (whose list it is), with a key kept
 * in the database like the signed links' (auth/service-secrets.ts), so that every process reads
 * every other's cursors. A changed payload, or a cursor made for someone else's list, does not
 * open: a cursor can only start a page where a page of the same caller's list ended.
 */
const SECRET_NAME = 'list_cursor_key';
const SHAPE = /^[A-Za-z0-9_-]{1,8000}\.[A-Za-z0-9_-]{43}$/;

export class CursorSeal {
  readonly #key: ServiceHmacKey;

  constructor(db: Db, box: SecretBox) {
    this.#key = new ServiceHmacKey(db, box, SECRET_NAME);
  }

  async seal(payload: unknown, boundTo: string): Promise<string> {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${await this.#sign(body, boundTo)}`;
  }

  /** The payload, or null when the text is not a cursor this service sealed for `boundTo`. */
  async open(text: string, boundTo: string): Promise<unknown> {
    if (!SHAPE.test(text)) return null;
    const [body, signature] = text.split('.') as [string, string];
    const expected = Buffer.from(await this.#sign(body, boundTo));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    } catch {
      return null;
    }
  }

  #sign(body: string, boundTo: string): Promise<string> {
    return this.#key.sign(`${boundTo}\n${body}`);
  }
}
