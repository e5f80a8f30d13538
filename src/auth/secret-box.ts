import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection.ts';

/**
 * Secrets the service must be able to use again (webhook signing secrets, its own token and
 * link signing keys) are stored sealed: AES-256-GCM, a fresh 96-bit nonce each time, the
 * secret's purpose as additional data (a sealed value moved to another purpose does not open).
 * Stored form: `enc:v1:<key id>:<base64url of nonce, tag, ciphertext>`; the key id (the first
 * 8 hex digits of the key's SHA-256) names the key that sealed it, so keys can change.
 *
 * The key comes from SECRET_ENCRYPTION_KEY. Without it the service generates one and keeps it
 * in service_secrets: the only secret stored in clear, and in the same database as what it
 * seals, so it protects against a leak of single tables or columns (an idempotency dump, a
 * replica of the webhook table) but not against a copy of the whole database; docs/security.md
 * says so. Values sealed by SECRET_ENCRYPTION_KEY_PREVIOUS or by the generated key still open;
 * `sealSecretsAtRest` re-seals them under the current key at every start.
 */
export interface SecretKeys {
  /** SECRET_ENCRYPTION_KEY; null: the generated key in the database. */
  key: Buffer | null;
  /** SECRET_ENCRYPTION_KEY_PREVIOUS: keys that open values sealed before a change of key. */
  previousKeys: Buffer[];
}

const PREFIX = 'enc:v1:';
export const GENERATED_KEY_NAME = 'secret_encryption_key';

interface Keyring {
  currentId: string;
  keys: Map<string, Buffer>;
}

const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

export class SecretBox {
  readonly #db: Db;
  readonly #configured: SecretKeys;
  #keyring: Promise<Keyring> | null = null;

  constructor(db: Db, keys: SecretKeys = { key: null, previousKeys: [] }) {
    this.#db = db;
    this.#configured = keys;
  }

  async seal(plaintext: string, purpose: string): Promise<string> {
    const { currentId, keys } = await this.#keys();
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keys.get(currentId)!, nonce);
    cipher.setAAD(Buffer.from(purpose));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const packed = Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
    return `${PREFIX}${currentId}:${packed}`;
  }

  /** The secret; a value stored before secrets were sealed comes back as it is. */
  async open(stored: string, purpose: string): Promise<string> {
    if (!isSealed(stored)) return stored;
    const [id, packed] = stored.slice(PREFIX.length).split(':') as [string, string | undefined];
    const key = (await this.#keys()).keys.get(id);
    if (!key)
      throw new Error(
        `A stored secret (${purpose}) is sealed with key ${id}, which this process does not have: ` +
          'set SECRET_ENCRYPTION_KEY or SECRET_ENCRYPTION_KEY_PREVIOUS to the key that sealed it',
      );
    const bytes = Buffer.from(packed ?? '', 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(`A stored secret (${purpose}) does not open with key ${id}: it was altered`);
    }
  }

  /** Whether a stored value is in clear or sealed by another key than the current one. */
  async needsSealing(stored: string): Promise<boolean> {
    if (!isSealed(stored)) return true;
    return !stored.startsWith(`${PREFIX}${(await this.#keys()).currentId}:`);
  }

  #keys(): Promise<Keyring> {
    this.#keyring ??= this.#loadKeys().catch((error: unknown) => {
      this.#keyring = null;
      throw error;
    });
    return this.#keyring;
  }

  async #loadKeys(): Promise<Keyring> {
    const { key, previousKeys } = this.#configured;
    if (key === null) {
      // The first process to need a key creates it; every process on the database shares it.
      await this.#db
        .insertInto('service_secrets')
        .values({ name: GENERATED_KEY_NAME, value: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    const generated = await this.#db
      .selectFrom('service_secrets')
      .select('value')
      .where('name', '=', GENERATED_KEY_NAME)
      .executeTakeFirst();
    const generatedKey = generated ? Buffer.from(generated.value, 'hex') : null;
    const current = key ?? generatedKey!;
    const keys = new Map<string, Buffer>();
    // Older keys first, so that the current one wins an (improbable) clash of ids.
    for (const older of [...(generatedKey ? [generatedKey] : []), ...previousKeys, current])
      keys.set(keyId(older), older);
    return { currentId: keyId(current), keys };
  }
}
