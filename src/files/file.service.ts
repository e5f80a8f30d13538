import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Upload } from '../http/multipart.ts';
import { isUuid } from '../organizations/organization.repository.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { Storage } from '../storage/storage.ts';
import { orderVisibleTo } from '../workflow/access.ts';
import { toFile } from './file.mapper.ts';
import { orderFilesQuery } from './file.repository.ts';
import { OrderFileWriter } from './file.store.ts';
import { emitEvent } from '../events/emit.ts';

/** The order, if the user sees it: every file and note operation starts here. */
export async function visibleOrder(db: Db, user: AuthUser, orderId: string) {
  if (!isUuid(orderId)) throw notFound('order');
  const order = await db
    .selectFrom('orders')
    .select(['id', 'file_number', 'status', 'client_id', 'company_id', 'appraiser_id'])
    .where('orders.id', '=', orderId)
    .where(orderVisibleTo(user))
    .executeTakeFirst();
  if (!order) throw notFound('order');
  return order;
}

export async function listOrderFiles(
  db: Db,
  links: LinkSigner,
  config: Config,
  user: AuthUser,
  orderId: string,
) {
  const order = await visibleOrder(db, user, orderId);
  const rows = await orderFilesQuery(db)
    .where('order_files.order_id', '=', order.id)
    .orderBy('order_files.created_at')
    .orderBy('order_files.id')
    .execute();
  return Promise.all(rows.map((row) => toFile(row, links, config.timeZone)));
}

export async function uploadOrderFile(
  deps: { db: Db; storage: Storage; links: LinkSigner; config: Config },
  user: AuthUser,
  orderId: string,
  upload: Upload | null,
  fileTypeSlug: string,
) {
  const { db, storage, links, config } = deps;
  const order = await visibleOrder(db, user, orderId);
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
      const rows = await writer.save(trx, order.id, user.id, [{ upload, fileTypeSlug, source: 'upload' }]);
      await emitEvent(trx, 'order.file_added', order, {
        file_id: rows[0]!.id,
        file_type: fileTypeSlug,
        filename: upload.filename,
      });
      return rows;
    }),
  );
  const row = await orderFilesQuery(db).where('order_files.id', '=', saved[0]!.id).executeTakeFirstOrThrow();
  return { ...(await toFile(row, links, config.timeZone)), attachment_key: row.storage_key };
}
