import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { GENERATED_KEY_NAME, type SecretBox } from './secret-box.ts';

/**
 * The service's own signing keys (single-sign-on tokens, signed links), kept in the database so
 * that every process signs and verifies alike, sealed by the secret box. The first process to
 * need one creates it.
 */
const purposeOf = (name: string): string => `service-secret:${name}`;

export async function serviceKey(db: Db, box: SecretBox, name: string): Promise<Buffer> {
  const fresh = await box.seal(randomBytes(32).toString('hex'), purposeOf(name));
  await db
    .insertInto('service_secrets')
    .values({ name, value: fresh })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('service_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(await box.open(row.value, purposeOf(name)), 'hex');
}

/**
 * A service key that signs with HMAC-SHA256 (list cursors, signed links): read, or created, at
 * its first use and kept for the process as a KeyObject. An HMAC made from a KeyObject costs a
 * sixth of one made from the key's bytes (3 against 20 µs a signature on this machine), and
 * every list page signs its cursor; a failed read is tried again at the next use.
 */
export class ServiceHmacKey {
  readonly #db: Db;
  readonly #box: SecretBox;
  readonly #name: string;
  #key: Promise<KeyObject> | null = null;

  constructor(db: Db, box: SecretBox, name: string) {
    this.#db = db;
    this.#box = box;
    this.#name = name;
  }

  /** The text's HMAC-SHA256, base64url. */
  async sign(text: string): Promise<string> {
    return createHmac('sha256', await this.#keyObject())
      .update(text)
      .digest('base64url');
  }

  #keyObject(): Promise<KeyObject> {
    this.#key ??= serviceKey(this.#db, this.#box, this.#name).then(createSecretKey, (error: unknown) => {
      this.#key = null;
      throw error;
    });
    return this.#key;
  }
}

/**
 * Seals the service keys stored in clear (before secrets were sealed) or under an older key;
 * answers how many changed. Safe with several processes: a row changes only if it still holds
 * what was read.
 */
export async function sealServiceKeys(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .selectFrom('service_secrets')
    .select(['name', 'value'])
    .where('name', '<>', GENERATED_KEY_NAME)
    .execute();
  let sealed = 0;
  for (const row of rows) {
    if (!(await box.needsSealing(row.value))) continue;
    const purpose = purposeOf(row.name);
    const value = await box.seal(await box.open(row.value, purpose), purpose);
    const changed = await db
      .updateTable('service_secrets')
      .set({ value })
      .where('name', '=', row.name)
      .where('value', '=', row.value)
      .executeTakeFirst();
    sealed += Number(changed.numUpdatedRows);
  }
  return sealed;
}
