import { randomUUID } from 'node:crypto';
import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, notFound, type FieldProblem } from '../errors/app-error.ts';
import { isCalendarDay } from '../format/dates.ts';
import { MissingObjectError, type Storage } from '../storage/storage.ts';
import type { Upload } from '../storage/upload.ts';
import { appraiserInReach, appraiserToChange, changing, standing } from './credential.service.ts';
import {
  deleteDocument,
  findDocument,
  findDocuments,
  insertDocument,
  type DocumentRow,
} from './document.repository.ts';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  type AppraiserDocumentView,
  type DocumentKind,
} from './document.schemas.ts';

/**
 * An appraiser's documents (docs/assignment.md, "Credentials"): the E&O certificate, a license's
 * copy, the W-9. The same people reach and change them as the credentials; each upload and
 * removal is kept in the credential changes. The file goes to storage under a key of the
 * service's before its row is written; a refused or failed change removes it again.
 */

function view(row: DocumentRow, appraiserId: string, timeZone: string): AppraiserDocumentView {
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.file_name,
    content_type: row.content_type as AppraiserDocumentView['content_type'],
    size: Number(row.size),
    expires_on: row.expires_on,
    standing: row.expires_on === null ? null : standing(row.expires_on, timeZone),
    uploaded_by:
      row.uploaded_by !== null && row.uploaded_by_name !== null
        ? { id: row.uploaded_by, name: row.uploaded_by_name }
        : null,
    uploaded_at: row.created_at.toISOString(),
    download_path: `/api/v1/appraisers/${appraiserId}/documents/${row.id}/file`,
  };
}

export async function appraiserDocuments(
  db: Db,
  user: AuthUser,
  appraiserId: string,
  timeZone: string,
): Promise<AppraiserDocumentView[]> {
  const appraiser = await appraiserInReach(db, user, appraiserId);
  return (await findDocuments(db, appraiser.id)).map((row) => view(row, appraiser.id, timeZone));
}

/** Checks the upload's fields: the kind, a real last valid day (one an E&O certificate must have), a PDF or an image. */
function checkUpload(
  fields: { kind: string; expires_on?: string | undefined },
  upload: Upload | null,
): { kind: DocumentKind; expiresOn: string | null; upload: Upload } {
  const problems: FieldProblem[] = [];
  const kind = DOCUMENT_KINDS.find((known) => known === fields.kind.trim());
  if (!kind) problems.push({ field: 'kind', message: `must be one of ${DOCUMENT_KINDS.join(', ')}` });
  const expiresOn = fields.expires_on?.trim() || null;
  if (expiresOn !== null && !isCalendarDay(expiresOn))
    problems.push({ field: 'expires_on', message: 'must be a day, YYYY-MM-DD' });
  if (kind === 'eo_certificate' && expiresOn === null)
    problems.push({
      field: 'expires_on',
      message: "is required for an E&O certificate: the policy's last valid day",
    });
  if (!upload) problems.push({ field: 'file', message: 'must be a file part (multipart/form-data)' });
  else if (!(DOCUMENT_TYPES as readonly string[]).includes(upload.contentType))
    problems.push({
      field: 'file',
      message: `must be a PDF, JPEG or PNG; this one is ${upload.contentType}`,
    });
  if (problems.length > 0 || !kind || !upload)
    throw new AppError(
      'validation_failed',
      `The document is not valid: ${problems.map((problem) => problem.field).join(', ')}`,
      problems,
    );
  return { kind, expiresOn, upload };
}

export async function addDocument(
  deps: { db: Db; storage: Storage },
  principal: Principal,
  appraiserId: string,
  fields: { kind: string; expires_on?: string | undefined },
  upload: Upload | null,
  timeZone: string,
): Promise<AppraiserDocumentView> {
  const appraiser = await appraiserToChange(deps.db, principal, appraiserId);
  const checked = checkUpload(fields, upload);
  const key = `appraisers/${appraiser.id}/${randomUUID()}`;
  await deps.storage.putFile(key, checked.upload.path, checked.upload.contentType, checked.upload.size);
  let documentId = '';
  try {
    await changing(deps.db, principal, appraiser.id, async (trx) => {
      documentId = await insertDocument(trx, {
        appraiser_id: appraiser.id,
        kind: checked.kind,
        file_name: checked.upload.filename,
        content_type: checked.upload.contentType,
        size: checked.upload.size,
        sha256: checked.upload.sha256,
        storage_key: key,
        expires_on: checked.expiresOn,
        uploaded_by: principal.user.id,
      });
      return {
        change: 'document_added',
        before: null,
        after: { kind: checked.kind, file_name: checked.upload.filename, expires_on: checked.expiresOn },
      };
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return view((await findDocument(deps.db, appraiser.id, documentId))!, appraiser.id, timeZone);
}

export async function removeDocument(
  deps: { db: Db; storage: Storage },
  principal: Principal,
  appraiserId: string,
  documentId: string,
): Promise<void> {
  const appraiser = await appraiserToChange(deps.db, principal, appraiserId);
  const row = isUuid(documentId)
    ? await findDocument(deps.db, appraiser.id, documentId.toLowerCase())
    : undefined;
  if (!row) throw notFound('document');
  await changing(deps.db, principal, appraiser.id, async (trx) => {
    await deleteDocument(trx, row.id);
    return {
      change: 'document_removed',
      before: { kind: row.kind, file_name: row.file_name, expires_on: row.expires_on },
      after: null,
    };
  });
  // After the commit: a stored file without its row is harmless, a row without its file is not.
  await deps.storage.delete(row.storage_key).catch(() => undefined);
}

export async function openDocument(
  deps: { db: Db; storage: Storage },
  user: AuthUser,
  appraiserId: string,
  documentId: string,
) {
  const appraiser = await appraiserInReach(deps.db, user, appraiserId);
  const row = isUuid(documentId)
    ? await findDocument(deps.db, appraiser.id, documentId.toLowerCase())
    : undefined;
  if (!row) throw notFound('document');
  const stored = await deps.storage.get(row.storage_key).catch((error: unknown) => {
    if (error instanceof MissingObjectError)
      throw new AppError('not_found', "The document's content is no longer stored; upload it again");
    throw error;
  });
  return { row, ...stored };
}
