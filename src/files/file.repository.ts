import type { Db } from '../db/connection.ts';

/** File types are reference data: cached per process (they change only by migration). */
let fileTypes: Promise<Map<string, { id: string; name: string; slug: string }>> | null = null;

export function fileTypesBySlug(db: Db): Promise<Map<string, { id: string; name: string; slug: string }>> {
  fileTypes ??= db
    .selectFrom('file_types')
    .select(['id', 'name', 'slug'])
    .orderBy('position')
    .execute()
    .then((rows) => new Map(rows.map((r) => [r.slug, r])))
    .catch((error: unknown) => {
      fileTypes = null;
      throw error;
    });
  return fileTypes;
}

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
