import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { AppError } from '../errors/app-error.ts';
import { resolveUpload } from '../http/multipart.ts';
import type { Upload } from '../storage/upload.ts';
import { principalOf } from '../http/request-context.ts';
import type { FastifyRequest } from 'fastify';
import { OrderParams, ref } from '../schemas/common.ts';
import { CreateNoteBody, ForwardNoteBody, Note, NoteParams } from './note.schemas.ts';
import { createNote, forwardNote, listNotes } from './note.service.ts';

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
        summary: "The order's notes that reach you",
        description:
          "Oldest first, with their attachments as signed links: the notes whose audience reaches the caller (the company's staff read them all).",
        params: OrderParams,
        response: { 200: Type.Array(ref(Note), { description: "The order's notes" }) },
      },
    },
    (request) => listNotes(deps, principalOf(request), request.params.order_id),
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
          'JSON, form or multipart/form-data (attachments[] are file parts, so only multipart carries them). audience says who besides the company reads it (and sees its attachments); each role has its default (docs/api.md). additional_emails[] receive the note by email.',
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        params: OrderParams,
        body: ref(CreateNoteBody),
        response: { 201: ref(Note) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const note = await createNote(deps, principalOf(request), request.params.order_id, {
        content: body.content,
        subject: body.subject ?? null,
        important: body.important ?? null,
        additionalEmails: body.additional_emails ?? [],
        ...(body.audience ? { audience: body.audience } : {}),
        attachments: attachmentsOf(request, body.attachments),
      });
      return reply.status(201).send(note);
    },
  );

  app.post(
    '/orders/:order_id/notes/:note_id/forward',
    {
      config: { roles: ['staff', 'operator'] },
      schema: {
        operationId: 'forwardOrderNote',
        tags: ['notes'],
        summary: "Pass a note on (the company's staff)",
        description:
          "A new note, written by you, with the original's words or your own and its attachments: a lender's message goes on to the appraiser, an appraiser's to the lender, unless audience says otherwise. The original keeps its own audience.",
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        params: NoteParams,
        body: ref(ForwardNoteBody),
        response: { 201: ref(Note, 'The forward') },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const note = await forwardNote(
        deps,
        principalOf(request),
        request.params.order_id,
        request.params.note_id,
        {
          ...(body.audience ? { audience: body.audience } : {}),
          ...(body.content !== undefined ? { content: body.content } : {}),
          ...(body.subject !== undefined ? { subject: body.subject } : {}),
          ...(body.include_attachments !== undefined ? { includeAttachments: body.include_attachments } : {}),
        },
      );
      return reply.status(201).send(note);
    },
  );
}
