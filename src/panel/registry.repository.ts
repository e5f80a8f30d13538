import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { RegistryLine } from './registry.parse.ts';

/** The SQL of the license registry (panel/registry.service.ts holds the rules). */

/** What a change of a registry license keeps: what the engine and a reader care about. */
export const registryFacts = (
  row: Pick<
    RegistryLine,
    'status' | 'expires_on' | 'last_name' | 'first_name' | 'company' | 'street' | 'city' | 'zip' | 'county'
  >,
) => ({
  status: row.status,
  expires_on: row.expires_on,
  last_name: row.last_name,
  first_name: row.first_name,
  company: row.company,
  street: row.street,
  city: row.city,
  zip: row.zip,
  county: row.county,
});

/** Lines of the file per statement: well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/**
 * Imports the parsed lines in one transaction: each license added, changed (with what it was) or
 * left as it is; returns the counts. Licenses not in the file stay as they were.
 */
export async function importRegistry(
  trx: Db,
  input: { fileName: string; importedBy: string | null; lines: RegistryLine[] },
): Promise<{ id: string; added: number; changed: number; unchanged: number }> {
  const created = await trx
    .insertInto('registry_imports')
    .values({
      file_name: input.fileName,
      imported_by: input.importedBy,
      lines: input.lines.length,
      added: 0,
      changed: 0,
      unchanged: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let added = 0;
  let changed = 0;
  for (let start = 0; start < input.lines.length; start += BATCH) {
    const batch = input.lines.slice(start, start + BATCH);
    const keys = batch.map((line) => sql`(${line.state_id}, ${line.number}, ${line.type}::smallint)`);
    const { rows: existing } = await sql<RegistryLine>`
      SELECT state_id, number, type, status, to_char(expires_on, 'YYYY-MM-DD') AS expires_on, last_name,
             first_name, company, street, city, zip, county
        FROM registry_licenses WHERE (state_id, number, type) IN (${sql.join(keys)})`.execute(trx);
    const before = new Map(existing.map((row) => [`${row.state_id}:${row.number}:${row.type}`, row]));
    const changes = batch.flatMap((line) => {
      const was = before.get(`${line.state_id}:${line.number}:${line.type}`);
      const after = registryFacts(line);
      if (was && JSON.stringify(registryFacts(was)) === JSON.stringify(after)) return [];
      return [
        {
          import_id: created.id,
          state_id: line.state_id,
          number: line.number,
          type: line.type,
          change: was ? ('changed' as const) : ('added' as const),
          before: was ? JSON.stringify(registryFacts(was)) : null,
          after: JSON.stringify(after),
        },
      ];
    });
    added += changes.filter((change) => change.change === 'added').length;
    changed += changes.filter((change) => change.change === 'changed').length;
    if (changes.length > 0) await trx.insertInto('registry_license_changes').values(changes).execute();
    await trx
      .insertInto('registry_licenses')
      .values(
        batch.map(({ line: _line, ...row }) => ({ ...row, import_id: created.id, updated_at: new Date() })),
      )
      .onConflict((oc) =>
        oc.columns(['state_id', 'number', 'type']).doUpdateSet((eb) => ({
          number_key: eb.ref('excluded.number_key'),
          last_name: eb.ref('excluded.last_name'),
          first_name: eb.ref('excluded.first_name'),
          middle_name: eb.ref('excluded.middle_name'),
          company: eb.ref('excluded.company'),
          phone: eb.ref('excluded.phone'),
          street: eb.ref('excluded.street'),
          city: eb.ref('excluded.city'),
          address_state: eb.ref('excluded.address_state'),
          zip: eb.ref('excluded.zip'),
          county: eb.ref('excluded.county'),
          county_code: eb.ref('excluded.county_code'),
          status: eb.ref('excluded.status'),
          expires_on: eb.ref('excluded.expires_on'),
          import_id: eb.ref('excluded.import_id'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  const unchanged = input.lines.length - added - changed;
  await trx
    .updateTable('registry_imports')
    .set({ added, changed, unchanged })
    .where('id', '=', created.id)
    .execute();
  return { id: created.id, added, changed, unchanged };
}

export function findImports(db: Db, limit: number) {
  return db
    .selectFrom('registry_imports as i')
    .leftJoin('users as u', 'u.id', 'i.imported_by')
    .select([
      'i.id',
      'i.file_name',
      'i.lines',
      'i.added',
      'i.changed',
      'i.unchanged',
      'i.created_at',
      'i.imported_by',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('imported_by_name'),
    ])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}
