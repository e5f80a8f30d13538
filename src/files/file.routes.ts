import { Type } from 'typebox';
import { OrderParams } from '../schemas/common.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { resolveUpload } from '../http/multipart.ts';
import { principalOf } from '../http/request-context.ts';
import { OrderFile, UploadedOrderFile, UploadFileBody } from './file.schemas.ts';
import { downloadFile, listOrderFiles, uploadOrderFile } from './file.service.ts';

export function registerFileRoutes(app: AppInstance, deps: AppDeps): void {
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
    (request) => listOrderFiles(deps, principalOf(request).user, request.params.order_id),
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
export function registerDownloadRoutes(app: AppInstance, deps: AppDeps): void {
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
      const file = await downloadFile(deps, request.params.file_id, request.query);
      const ascii = file.filename.replace(CONTENT_DISPOSITION_UNSAFE, '_');
      void reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header('x-content-type-options', 'nosniff')
        // Uploaded HTML or SVG opened in a browser runs in a sandbox: no script, no same-origin
        // access to the service (on top of attachment and nosniff).
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store');
      if (file.size !== null) void reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
}
