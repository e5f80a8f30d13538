import type { Db } from '../db/connection.ts';
import { audiencesReaching, type Party } from '../policy/audience.ts';

/**
 * The stored UAD 3.6 packages of an order's submissions (file type appraisal_env, kept whole
 * at intake) that `party` may see, by submission: where a report's photos are read from.
 */
export async function findSeenPackages(
  db: Db,
  orderId: string,
  party: Party,
): Promise<{ id: string; submission_no: number }[]> {
  let query = db
    .selectFrom('order_files')
    .innerJoin('file_types', 'file_types.id', 'order_files.file_type_id')
    .select(['order_files.id', 'order_files.submission_no'])
    .where('order_files.order_id', '=', orderId)
    .where('file_types.slug', '=', 'appraisal_env')
    .where('order_files.submission_no', 'is not', null);
  if (party !== 'company') query = query.where('order_files.audience', 'in', audiencesReaching(party));
  if (party === 'client') query = query.where('order_files.released_at', 'is not', null);
  const rows = await query.orderBy('order_files.created_at').execute();
  return rows.map((row) => ({ id: row.id, submission_no: row.submission_no! }));
}

/** A stored package by its file id, with the submission it came with; undefined for any other file. */
export function findPackageFile(db: Db, fileId: string) {
  return db
    .selectFrom('order_files')
    .innerJoin('file_types', 'file_types.id', 'order_files.file_type_id')
    .select(['order_files.order_id', 'order_files.submission_no', 'order_files.storage_key'])
    .where('order_files.id', '=', fileId)
    .where('file_types.slug', '=', 'appraisal_env')
    .where('order_files.submission_no', 'is not', null)
    .executeTakeFirst();
}
