import type { Readable } from 'node:stream';
import type { AuthUser } from '../auth/principal.ts';
import { messagesThroughCompany } from '../clients/client.repository.ts';
import { partyOf, reaches, type Audience } from '../policy/audience.ts';
import { chooseAudience } from '../policy/messages.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError } from '../errors/app-error.ts';
import { emitEvent } from '../events/emit.ts';
import { findVisibleOrder } from '../orders/order.store.ts';
import type { FileTypeSlugValue } from '../schemas/file-types.ts';
import { OrderFileWriter } from '../storage/order-files.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import { MissingObjectError, type Storage } from '../storage/storage.ts';
import type { Upload } from '../storage/upload.ts';
import { toFile } from './file.mapper.ts';
import { filesSeenBy, findOrderFile, orderFilesQuery, setFileAudience } from './file.repository.ts';

export interface FileDeps {
  db: Db;
  storage: Storage;
  links: LinkSigner;
  config: Config;
}

/**
 * The order's files the caller may see: those whose audience reaches them; for the lender,
 * report files only once the company released them (orders/order.release.ts).
 */
export async function listOrderFiles(deps: FileDeps, user: AuthUser, orderId: string) {
  const order = await findVisibleOrder(deps.db, user, orderId);
  const rows = await filesSeenBy(orderFilesQuery(deps.db), partyOf(user.role))
    .where('order_files.order_id', '=', order.id)
    .orderBy('order_files.created_at')
    .orderBy('order_files.id')
    .execute();
  return Promise.all(rows.map((row) => toFile(row, deps.links, deps.config.timeZone)));
}

export async function uploadOrderFile(
  deps: FileDeps,
  user: AuthUser,
  orderId: string,
  upload: Upload | null,
  fileTypeSlug: FileTypeSlugValue,
  asked?: Audience,
) {
  const { db, storage, links, config } = deps;
  const order = await findVisibleOrder(db, user, orderId);
  const party = partyOf(user.role);
  const throughCompany =
    party === 'company' || (await messagesThroughCompany(db, order.company_id, order.client_id));
  const audience = chooseAudience(party, throughCompany, asked);
  if (!upload)
    throw new AppError('validation_failed', 'attachment must be a file', [
      { field: 'attachment', message: 'must be a file part' },
    ]);
  if (upload.size === 0)
    throw new AppError('validation_failed', 'attachment is empty', [
      { field: 'attachment', message: 'is empty' },
    ]);
  const saved = await OrderFileWriter.run(storage, (writer) =>
    db.transaction().execute(async (trx) => {
      const rows = await writer.save(trx, order.id, user.id, [
        { upload, fileTypeSlug, source: 'upload', audience },
      ]);
      await emitEvent(
        trx,
        'order.file_added',
        order,
        { file_id: rows[0]!.id, file_type: fileTypeSlug, filename: upload.filename, audience },
        { audience },
      );
      return rows;
    }),
  );
  const row = await orderFilesQuery(db).where('order_files.id', '=', saved[0]!.id).executeTakeFirstOrThrow();
  return { ...(await toFile(row, links, config.timeZone)), attachment_key: row.storage_key };
}

/**
 * The company's staff share a file with, or keep it from, the others on the order: a lender's
 * document passed on to the appraiser, say. A report file reaches the lender when the company
 * releases the report, and a note's attachment follows its note: neither changes here (422).
 */
export async function changeFileAudience(
  deps: FileDeps,
  user: AuthUser,
  orderId: string,
  fileId: string,
  audience: Audience,
) {
  const { db, links, config } = deps;
  if (partyOf(user.role) !== 'company')
    throw new AppError('forbidden', "Only the company's staff change who sees a file");
  const order = await findVisibleOrder(db, user, orderId);
  const file = isUuid(fileId) ? await findOrderFile(db, fileId) : undefined;
  if (!file || file.order_id !== order.id) throw new AppError('not_found', 'The file was not found');
  if (file.submission_no !== null)
    throw new AppError(
      'validation_failed',
      'A report file reaches the lender when the company releases the report (request_completion)',
      [{ field: 'audience', message: 'does not apply to a report file: it is released with the report' }],
    );
  if (file.note_id !== null)
    throw new AppError('validation_failed', "A note's attachment is seen by the note's audience", [
      { field: 'audience', message: "does not apply to a note's attachment: forward the note instead" },
    ]);
  if (file.audience !== audience)
    await db.transaction().execute(async (trx) => {
      await setFileAudience(trx, file.id, audience);
      // Those it now reaches, and did not before, hear of it as of a new file.
      const widened = (['client', 'appraiser'] as const).some(
        (party) => reaches(audience, party) && !reaches(file.audience, party),
      );
      if (widened)
        await emitEvent(
          trx,
          'order.file_added',
          order,
          { file_id: file.id, file_type: file.file_type_slug, filename: file.filename, audience },
          { audience },
        );
    });
  const row = await orderFilesQuery(db).where('order_files.id', '=', file.id).executeTakeFirstOrThrow();
  return toFile(row, links, config.timeZone);
}

export interface Download {
  filename: string;
  contentType: string;
  size: number | null;
  body: Readable;
}

/**
 * A file behind a signed link: the link itself is the credential (no API key). A tampered or
 * expired link answers 403; a file that no longer exists, or whose content is gone, 404.
 */
export async function downloadFile(
  deps: Pick<FileDeps, 'db' | 'storage' | 'links'>,
  fileId: string,
  signed: { expires?: string; signature?: string },
): Promise<Download> {
  const verdict = await deps.links.verify('files', fileId, signed.expires, signed.signature);
  if (verdict !== 'ok') {
    throw new AppError(
      'forbidden',
      verdict === 'expired' ? 'This link has expired; ask for a new one' : 'This link is not valid',
    );
  }
  const row = isUuid(fileId) ? await findOrderFile(deps.db, fileId) : undefined;
  if (!row) throw new AppError('not_found', 'The file no longer exists');
  const object = await deps.storage.get(row.storage_key).catch((error: unknown) => {
    // The row outlived its content (a restore without the files, a bucket emptied by hand): the
    // link leads nowhere, which is the caller's 404, not a fault of the request.
    if (error instanceof MissingObjectError)
      throw new AppError('not_found', "The file's content is no longer stored; ask for it again");
    throw error;
  });
  return { filename: row.filename, contentType: row.content_type, size: object.size, body: object.body };
}
