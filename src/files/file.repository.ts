import type { Db } from '../db/connection.ts';

export interface OrderFileRow {
  id: string;
  filename: string;
  content_type: string;
  storage_key: string;
  created_at: Date;
  note_id: string | null;
  file_type_id: string;
  file_type_name: string;
  file_type_slug: string;
}

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

export async function findOrderFile(db: Db, fileId: string): Promise<OrderFileRow | undefined> {
  return orderFilesQuery(db).where('order_files.id', '=', fileId).executeTakeFirst();
}
