import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { AppError } from '../errors/app-error.ts';
import { resolveUpload } from '../http/multipart.ts';
import type { Upload } from '../storage/upload.ts';
import { principalOf } from '../http/request-context.ts';
import type { FastifyRequest } from 'fastify';
import { CreateNoteBody, Note } from './note.schemas.ts';
import { createNote, listNotes } from './note.service.ts';

const OrderParams = Type.Object({ order_id: Type.String() });

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
        tags: ['notes'],
        summary: "The order's notes",
        params: OrderParams,
        response: { 200: Type.Array(Note) },
      },
    },
    (request) => listNotes(deps, principalOf(request).user, request.params.order_id),
  );

  app.post(
    '/orders/:order_id/notes',
    {
      config: { uploads: true },
      schema: {
        tags: ['notes'],
        summary: 'Add a note (multipart/form-data, form or JSON); additional_emails receive it by email',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        params: OrderParams,
        body: CreateNoteBody,
        response: { 201: Note },
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
