import type { Db } from '../db/connection.ts';

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
