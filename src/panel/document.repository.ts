import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { DocumentKind } from './document.schemas.ts';

/** The SQL of an appraiser's documents. */

export interface DocumentRow {
  id: string;
  kind: DocumentKind;
  file_name: string;
  content_type: string;
  size: string;
  expires_on: string | null;
  storage_key: string;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  created_at: Date;
}

const columns = [
  'd.id',
  'd.kind',
  'd.file_name',
  'd.content_type',
  'd.size',
  'd.expires_on',
  'd.storage_key',
  'd.uploaded_by',
  sql<string | null>`u.first_name || ' ' || u.last_name`.as('uploaded_by_name'),
  'd.created_at',
] as const;

export function findDocuments(db: Db, appraiserId: string): Promise<DocumentRow[]> {
  return db
    .selectFrom('appraiser_documents as d')
    .leftJoin('users as u', 'u.id', 'd.uploaded_by')
    .select(columns)
    .where('d.appraiser_id', '=', appraiserId)
    .orderBy('d.created_at', 'desc')
    .execute();
}

export function findDocument(
  db: Db,
  appraiserId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('appraiser_documents as d')
    .leftJoin('users as u', 'u.id', 'd.uploaded_by')
    .select(columns)
    .where('d.appraiser_id', '=', appraiserId)
    .where('d.id', '=', documentId)
    .executeTakeFirst();
}

export async function insertDocument(
  trx: Db,
  document: {
    appraiser_id: string;
    kind: DocumentKind;
    file_name: string;
    content_type: string;
    size: number;
    sha256: string;
    storage_key: string;
    expires_on: string | null;
    uploaded_by: string;
  },
): Promise<string> {
  const row = await trx
    .insertInto('appraiser_documents')
    .values(document)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteDocument(trx: Db, documentId: string): Promise<void> {
  await trx.deleteFrom('appraiser_documents').where('id', '=', documentId).execute();
}
