import { randomUUID } from 'node:crypto';
import type { Db, Trx } from '../db/connection.ts';
import type { Storage } from './storage.ts';
import type { Upload } from './upload.ts';
import type { FileTypeSlugValue } from '../schemas/file-types.ts';
import type { Audience } from '../policy/audience.ts';

export type FileSource = 'upload' | 'submission' | 'revision' | 'reconsideration' | 'note';

export interface FileToSave {
  upload: Upload;
  fileTypeSlug: FileTypeSlugValue;
  productId?: string | null;
  source: FileSource;
  noteId?: string | null;
  /** Who besides the company sees the file (policy/audience.ts): a note's attachments, its note's. */
  audience: Audience;
  /** A report file: the submission of the order it comes with (1, 2, …). */
  submissionNo?: number | null;
}

/** File types are reference data: cached per process (they change only by migration). */
let fileTypes: Promise<Map<string, { id: string; name: string; slug: string }>> | null = null;

function fileTypesBySlug(db: Db): Promise<Map<string, { id: string; name: string; slug: string }>> {
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

/**
 * Saves uploads as order files inside the caller's transaction: each object goes to storage
 * under a generated key, then its row is written. Keys stored so far are recorded in
 * `stored`; if the transaction fails, `discard` removes them, so a failed request leaves no
 * orphan object and no row.
 */
export class OrderFileWriter {
  readonly stored: string[] = [];
  readonly #storage: Storage;

  constructor(storage: Storage) {
    this.#storage = storage;
  }

  async save(
    trx: Trx,
    orderId: string,
    userId: string | null,
    files: FileToSave[],
  ): Promise<{ id: string; storage_key: string }[]> {
    const types = await fileTypesBySlug(trx);
    const saved: { id: string; storage_key: string }[] = [];
    for (const file of files) {
      const type = types.get(file.fileTypeSlug);
      if (!type) throw new Error(`unknown file type ${file.fileTypeSlug}`);
      const key = `orders/${orderId}/${randomUUID()}`;
      await this.#storage.putFile(key, file.upload.path, file.upload.contentType, file.upload.size);
      this.stored.push(key);
      const row = await trx
        .insertInto('order_files')
        .values({
          order_id: orderId,
          file_type_id: type.id,
          product_id: file.productId ?? null,
          note_id: file.noteId ?? null,
          source: file.source,
          storage_key: key,
          filename: file.upload.filename,
          content_type: file.upload.contentType,
          size_bytes: file.upload.size,
          sha256: file.upload.sha256,
          uploaded_by: userId,
          audience: file.audience,
          submission_no: file.submissionNo ?? null,
        })
        .returning(['id', 'storage_key'])
        .executeTakeFirstOrThrow();
      saved.push(row);
    }
    return saved;
  }

  /**
   * Makes a file the person uploaded to the order earlier (POST /orders/{id}/files) part of a
   * submission, with the type and product it is submitted as: a guided submission sends each
   * file on its own, so that a failed upload is sent again alone. Answers its filename, or null
   * when it is not an upload of this person to this order (another's, a submitted one, none).
   */
  async claimUpload(
    trx: Trx,
    orderId: string,
    userId: string,
    fileId: string,
    file: {
      fileTypeSlug: FileTypeSlugValue;
      productId: string | null;
      source: FileSource;
      audience: Audience;
      submissionNo: number | null;
    },
  ): Promise<{ filename: string } | null> {
    const type = (await fileTypesBySlug(trx)).get(file.fileTypeSlug);
    if (!type) throw new Error(`unknown file type ${file.fileTypeSlug}`);
    const row = await trx
      .updateTable('order_files')
      .set({
        file_type_id: type.id,
        product_id: file.productId,
        source: file.source,
        audience: file.audience,
        submission_no: file.submissionNo,
      })
      .where('id', '=', fileId)
      .where('order_id', '=', orderId)
      .where('uploaded_by', '=', userId)
      .where('source', '=', 'upload')
      .returning('filename')
      .executeTakeFirst();
    return row ?? null;
  }

  async discard(): Promise<void> {
    await Promise.all(this.stored.splice(0).map((key) => this.#storage.delete(key).catch(() => undefined)));
  }

  /** Runs `work`; when it throws, the objects it stored are removed before the error goes on. */
  static async run<T>(storage: Storage, work: (writer: OrderFileWriter) => Promise<T>): Promise<T> {
    const writer = new OrderFileWriter(storage);
    try {
      return await work(writer);
    } catch (error) {
      await writer.discard();
      throw error;
    }
  }
}
