import { Type } from 'typebox';
import { FileBytes, Id, OrderParams, ref } from '../schemas/common.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { resolveUpload } from '../http/multipart.ts';
import { sendStoredFile } from '../http/file-reply.ts';
import { principalOf } from '../http/request-context.ts';
import { FileChangeBody, FileParams, OrderFile, UploadedOrderFile, UploadFileBody } from './file.schemas.ts';
import { changeFileAudience, downloadFile, listOrderFiles, uploadOrderFile } from './file.service.ts';

export function registerFileRoutes(app: AppInstance, deps: AppDeps): void {
  app.get(
    '/orders/:order_id/files',
    {
      schema: {
        operationId: 'listOrderFiles',
        tags: ['files'],
        summary: "The order's files that reach you",
        description:
          "Oldest first; each with a signed link that downloads it without an API key until it expires. The files whose audience reaches the caller; for the lender, a report's files once the company released them.",
        params: OrderParams,
        response: { 200: Type.Array(ref(OrderFile), { description: "The order's files" }) },
      },
    },
    (request) => listOrderFiles(deps, principalOf(request).user, request.params.order_id),
  );

  app.post(
    '/orders/:order_id/files',
    {
      config: { uploads: true },
      schema: {
        operationId: 'uploadOrderFile',
        tags: ['files'],
        summary: 'Upload a file to the order',
        description:
          'multipart/form-data with the file in `attachment`, its kind in `file_type`, and who besides the company sees it in `audience` (each role has its default: docs/api.md). Appraisers may upload once assigned; an appraisal report goes through request_submission instead.',
        consumes: ['multipart/form-data'],
        params: OrderParams,
        body: ref(UploadFileBody),
        response: { 201: ref(UploadedOrderFile) },
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
        request.body.audience,
      );
      return reply.status(201).send(file);
    },
  );

  app.patch(
    '/orders/:order_id/files/:file_id',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'changeOrderFile',
        tags: ['files'],
        summary: "Change who sees a file (the company's staff)",
        description:
          "Share a document with the others on the order (a lender's purchase agreement with the appraiser) or keep it from them. A report file is released with the report, and a note's attachment follows its note: 422 for either.",
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        params: FileParams,
        body: ref(FileChangeBody),
        response: { 200: ref(OrderFile, 'The file as it now is') },
      },
    },
    (request) =>
      changeFileAudience(
        deps,
        principalOf(request).user,
        request.params.order_id,
        request.params.file_id,
        request.body.audience,
      ),
  );
}

/** GET /files/{id}: the signed link itself is the credential (no API key). */
export function registerDownloadRoutes(app: AppInstance, deps: AppDeps): void {
  app.get(
    '/files/:file_id',
    {
      schema: {
        operationId: 'downloadFile',
        tags: ['files'],
        summary: 'Download a file through its signed link',
        description:
          'The link (File.link) is the credential: no API key. An expired or altered link answers 403; a file that is gone, 404. Served as an attachment in a Content-Security-Policy sandbox.',
        security: [],
        params: Type.Object({ file_id: Id('The file') }),
        querystring: Type.Object({
          expires: Type.Optional(
            Type.String({ description: 'From the link: when it stops working (Unix seconds)' }),
          ),
          signature: Type.Optional(Type.String({ description: 'From the link: its HMAC signature' })),
          disposition: Type.Optional(
            Type.Enum(['attachment', 'inline'], {
              description:
                "inline: a PDF opens in the browser's own viewer, a PNG, JPEG or GIF image shows, instead of downloading (other files still download); default attachment",
            }),
          ),
        }),
        response: {
          200: {
            description: 'The file, with its own Content-Type and Content-Disposition: attachment',
            content: { '*/*': { schema: FileBytes } },
          },
        },
      },
      config: { errors: [403] },
    },
    async (request, reply) => {
      const file = await downloadFile(deps, request.params.file_id, request.query);
      return sendStoredFile(reply, file, request.query.disposition);
    },
  );
}
