import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { resolveUpload } from '../http/multipart.ts';
import { sendStoredFile } from '../http/file-reply.ts';
import { principalOf } from '../http/request-context.ts';
import { FileBytes, ref, Success } from '../schemas/common.ts';
import { AppraiserParams } from './credential.schemas.ts';
import { AppraiserDocument, DocumentParams, DocumentUploadBody } from './document.schemas.ts';
import { addDocument, appraiserDocuments, openDocument, removeDocument } from './document.service.ts';

const tags = ['panel'];
/** As the credentials: lenders never reach an appraiser's file. */
const roles = ['appraiser', 'staff', 'operator'] as const;
const reach =
  "The appraiser themself (never someone acting for them, for a change), their company's staff and operators; another appraiser or another company's staff get 404.";

/** An appraiser's documents (docs/assignment.md, "Credentials"). */
export function registerDocumentRoutes(app: AppInstance, { db, config, storage }: AppDeps): void {
  app.get(
    '/appraisers/:appraiser_id/documents',
    {
      config: { roles },
      schema: {
        operationId: 'listAppraiserDocuments',
        tags,
        summary: "An appraiser's documents, newest first",
        description: reach,
        params: AppraiserParams,
        response: { 200: Type.Array(ref(AppraiserDocument)) },
      },
    },
    (request) =>
      appraiserDocuments(db, principalOf(request).user, request.params.appraiser_id, config.timeZone),
  );
  app.post(
    '/appraisers/:appraiser_id/documents',
    {
      config: { roles, uploads: true },
      schema: {
        operationId: 'addAppraiserDocument',
        tags,
        summary: 'Add a document to an appraiser’s file: the E&O certificate, a license’s copy, the W-9',
        description: `${reach} multipart/form-data: \`file\` (PDF, JPEG or PNG), \`kind\`, and \`expires_on\` (required for an E&O certificate). A bad field answers 422 naming it and keeps nothing. Kept in the credential changes.`,
        consumes: ['multipart/form-data'],
        params: AppraiserParams,
        body: ref(DocumentUploadBody),
        response: { 201: ref(AppraiserDocument) },
      },
    },
    async (request, reply) => {
      const added = await addDocument(
        { db, storage },
        principalOf(request),
        request.params.appraiser_id,
        { kind: request.body.kind, expires_on: request.body.expires_on },
        resolveUpload(request, request.body.file),
        config.timeZone,
      );
      return reply.status(201).send(added);
    },
  );
  app.get(
    '/appraisers/:appraiser_id/documents/:document_id/file',
    {
      config: { roles },
      schema: {
        operationId: 'downloadAppraiserDocument',
        tags,
        summary: 'Download a document of an appraiser’s',
        description: `${reach} Served as an attachment (a PDF may open in the browser with disposition=inline).`,
        params: DocumentParams,
        querystring: Type.Object({
          disposition: Type.Optional(
            Type.Enum(['attachment', 'inline'], {
              description: 'inline: a PDF opens in the browser; default attachment',
            }),
          ),
        }),
        response: {
          200: {
            description: 'The file, with its own Content-Type',
            content: { '*/*': { schema: FileBytes } },
          },
        },
      },
    },
    async (request, reply) => {
      const document = await openDocument(
        { db, storage },
        principalOf(request).user,
        request.params.appraiser_id,
        request.params.document_id,
      );
      const { row } = document;
      return sendStoredFile(
        reply,
        { filename: row.file_name, contentType: row.content_type, size: document.size, body: document.body },
        request.query.disposition,
      );
    },
  );
  app.delete(
    '/appraisers/:appraiser_id/documents/:document_id',
    {
      config: { roles },
      schema: {
        operationId: 'deleteAppraiserDocument',
        tags,
        summary: 'Remove a document from an appraiser’s file',
        description: `${reach} None with that id answers 404. Kept in the credential changes.`,
        params: DocumentParams,
        response: { 200: ref(Success, 'Removed') },
      },
    },
    async (request) => {
      await removeDocument(
        { db, storage },
        principalOf(request),
        request.params.appraiser_id,
        request.params.document_id,
      );
      return { success: true as const };
    },
  );
}
