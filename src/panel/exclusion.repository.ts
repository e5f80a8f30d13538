import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** The SQL of the lenders' do-not-use lists (panel/exclusion.service.ts). */

const nameOf = (column: 'x.appraiser_id' | 'x.excluded_by') =>
  sql<
    string | null
  >`(SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = ${sql.ref(column)})`;

export function findExclusions(db: Db, companyId: string, clientId: string, appraiserId?: string) {
  return db
    .selectFrom('client_appraiser_exclusions as x')
    .select([
      'x.client_id',
      'x.appraiser_id',
      'x.reason',
      'x.excluded_by',
      'x.created_at',
      nameOf('x.appraiser_id').as('appraiser_name'),
      nameOf('x.excluded_by').as('excluded_by_name'),
    ])
    .where('x.company_id', '=', companyId)
    .where('x.client_id', '=', clientId)
    .$if(appraiserId !== undefined, (q) => q.where('x.appraiser_id', '=', appraiserId!))
    .orderBy('x.created_at', 'desc')
    .orderBy('x.appraiser_id')
    .execute();
}

export async function putExclusion(
  db: Db,
  row: { company_id: string; client_id: string; appraiser_id: string; reason: string; excluded_by: string },
): Promise<void> {
  await db
    .insertInto('client_appraiser_exclusions')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'client_id', 'appraiser_id'])
        .doUpdateSet({ reason: row.reason, excluded_by: row.excluded_by }),
    )
    .execute();
}

export async function deleteExclusion(
  db: Db,
  companyId: string,
  clientId: string,
  appraiserId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('client_appraiser_exclusions')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('appraiser_id', '=', appraiserId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
