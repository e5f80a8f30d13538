import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { AppError } from '../errors/app-error.ts';
import { resolveUpload } from '../http/multipart.ts';
import type { Upload } from '../storage/upload.ts';
import { principalOf } from '../http/request-context.ts';
import type { FastifyRequest } from 'fastify';
import { OrderParams, ref } from '../schemas/common.ts';
import { CreateNoteBody, Note } from './note.schemas.ts';
import { createNote, listNotes } from './note.service.ts';

/** Resolves attachments[] references to uploads; a plain string where a file belongs is named. */
export function attachmentsOf(
  request: FastifyRequest,
  references: unknown[] | undefined,
  field = 'attachments',
): Upload[] {
  return (references ?? []).map((reference, index) => {
    const upload = resolveUpload(request, reference);
    if (!upload)
      throw new AppError('validation_failed', `${field}[${index}] must be a file`, [
        { field: `${field}[${index}]`, message: 'must be a file part' },
      ]);
    return upload;
  });
}

export function registerNoteRoutes(app: AppInstance, deps: AppDeps): void {
  app.get(
    '/orders/:order_id/notes',
    {
      schema: {
        operationId: 'listOrderNotes',
        tags: ['notes'],
        summary: "The order's notes",
        description: 'Oldest first, with their attachments as signed links.',
        params: OrderParams,
        response: { 200: Type.Array(ref(Note), { description: "The order's notes" }) },
      },
    },
    (request) => listNotes(deps, principalOf(request).user, request.params.order_id),
  );

  app.post(
    '/orders/:order_id/notes',
    {
      config: { uploads: true },
      schema: {
        operationId: 'createOrderNote',
        tags: ['notes'],
        summary: 'Add a note',
        description:
          "JSON, form or multipart/form-data (attachments[] are file parts, so only multipart carries them). additional_emails[] receive the note by email; the order's parties are told as their settings say.",
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        params: OrderParams,
        body: ref(CreateNoteBody),
        response: { 201: ref(Note) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const note = await createNote(deps, principalOf(request).user, request.params.order_id, {
        content: body.content,
        subject: body.subject ?? null,
        important: body.important ?? null,
        additionalEmails: body.additional_emails ?? [],
        attachments: attachmentsOf(request, body.attachments),
      });
      return reply.status(201).send(note);
    },
  );
}
