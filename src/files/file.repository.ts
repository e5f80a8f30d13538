import type { Db, Trx } from '../db/connection.ts';
import { audiencesReaching, type Audience, type Party } from '../policy/audience.ts';

export function orderFilesQuery(db: Db) {
  return db
    .selectFrom('order_files')
    .innerJoin('file_types', 'file_types.id', 'order_files.file_type_id')
    .select([
      'order_files.id',
      'order_files.filename',
      'order_files.content_type',
      'order_files.storage_key',
      'order_files.created_at',
      'order_files.note_id',
      'order_files.order_id',
      'order_files.audience',
      'order_files.submission_no',
      'order_files.released_at',
      'file_types.id as file_type_id',
      'file_types.name as file_type_name',
      'file_types.slug as file_type_slug',
    ]);
}

export async function findOrderFile(db: Db, fileId: string) {
  return orderFilesQuery(db).where('order_files.id', '=', fileId).executeTakeFirst();
}

/** A file of an order with its type's name and slug, as the queries above select it. */
export type OrderFileRow = NonNullable<Awaited<ReturnType<typeof findOrderFile>>>;

/**
 * The files a party may see, as a filter of a files query: those whose audience reaches it;
 * for the lender, a report's files only once the company released them.
 */
export function filesSeenBy<Q extends ReturnType<typeof orderFilesQuery>>(query: Q, party: Party): Q {
  if (party === 'company') return query;
  const seen = query.where('order_files.audience', 'in', audiencesReaching(party)) as Q;
  return party === 'client'
    ? (seen.where((eb) =>
        eb.or([eb('order_files.submission_no', 'is', null), eb('order_files.released_at', 'is not', null)]),
      ) as Q)
    : seen;
}

export async function setFileAudience(trx: Trx, fileId: string, audience: Audience): Promise<void> {
  await trx.updateTable('order_files').set({ audience }).where('id', '=', fileId).execute();
}
