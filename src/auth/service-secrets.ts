import { randomBytes } from 'node:crypto';
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
