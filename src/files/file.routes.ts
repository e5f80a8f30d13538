import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../app-types.ts';
import { AppError } from '../http/errors.ts';
import { resolveUpload } from '../http/multipart.ts';
import { principalOf } from '../http/request-context.ts';
import { orderFilesQuery } from './file.repository.ts';
import { OrderFile, UploadedOrderFile, UploadFileBody } from './file.schemas.ts';
import { listOrderFiles, uploadOrderFile } from './file.service.ts';

const OrderParams = Type.Object({ order_id: Type.String() });

export function registerFileRoutes(app: AppInstance, deps: AppDeps): void {
  const { db, links, config } = deps;
  app.get(
    '/orders/:order_id/files',
    {
      schema: {
        tags: ['files'],
        summary: "The order's files",
        params: OrderParams,
        response: { 200: Type.Array(OrderFile) },
      },
    },
    (request) => listOrderFiles(db, links, config, principalOf(request).user, request.params.order_id),
  );

  app.post(
    '/orders/:order_id/files',
    {
      config: { uploads: true },
      schema: {
        tags: ['files'],
        summary: 'Upload a file to the order (multipart/form-data: attachment, file_type)',
        consumes: ['multipart/form-data'],
        params: OrderParams,
        body: UploadFileBody,
        response: { 201: UploadedOrderFile },
      },
    },
    async (request, reply) => {
      const upload = resolveUpload(request, request.body.attachment);
      const file = await uploadOrderFile(
        deps,
        principalOf(request).user,
        request.params.order_id,
        upload,
        request.body.file_type,
      );
      return reply.status(201).send(file);
    },
  );
}

const CONTENT_DISPOSITION_UNSAFE = /[^\x20-\x7e]|["\\]/g;

/** GET /files/{id}: the signed link itself is the credential (no API key). */
export function registerDownloadRoutes(app: AppInstance, { db, storage, links }: AppDeps): void {
  app.get(
    '/files/:file_id',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a file through its signed link',
        security: [],
        params: Type.Object({ file_id: Type.String() }),
        querystring: Type.Object({
          expires: Type.Optional(Type.String()),
          signature: Type.Optional(Type.String()),
        }),
      },
    },
    async (request, reply) => {
      const { file_id: id } = request.params;
      const verdict = await links.verify('files', id, request.query.expires, request.query.signature);
      if (verdict !== 'ok') {
        throw new AppError(
          'forbidden',
          verdict === 'expired' ? 'This link has expired; ask for a new one' : 'This link is not valid',
        );
      }
      const row = /^[0-9a-f-]{36}$/i.test(id)
        ? await orderFilesQuery(db).where('order_files.id', '=', id).executeTakeFirst()
        : undefined;
      if (!row) throw new AppError('not_found', 'The file no longer exists');
      const object = await storage.get(row.storage_key);
      const ascii = row.filename.replace(CONTENT_DISPOSITION_UNSAFE, '_');
      void reply
        .header('content-type', row.content_type)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (object.size !== null) void reply.header('content-length', object.size);
      return reply.send(object.body);
    },
  );
}
