import type { AuthUser } from '../auth/principal.ts';
import { fullName } from '../auth/principal.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { OrderFileWriter } from '../files/file.store.ts';
import { visibleOrder } from '../files/file.service.ts';
import { formatDate } from '../format/dates.ts';
import { sanitizeRichText } from '../format/html.ts';
import { AppError } from '../http/errors.ts';
import type { Upload } from '../http/multipart.ts';
import { renderEmail } from '../mail/templates.ts';
import { enqueue } from '../outbox/outbox.ts';
import { emitEvent, type EventOrder } from '../events/emit.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { Storage } from '../storage/storage.ts';

export interface NoteInput {
  content: string;
  subject?: string | null;
  important?: boolean | null;
  additionalEmails?: string[];
  attachments: Upload[];
}

interface Deps {
  db: Db;
  storage: Storage;
  links: LinkSigner;
  config: Config;
}

export async function listNotes(deps: Deps, user: AuthUser, orderId: string) {
  const order = await visibleOrder(deps.db, user, orderId);
  const notes = await deps.db
    .selectFrom('notes')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const files = notes.length
    ? await deps.db
        .selectFrom('order_files')
        .select(['id', 'note_id', 'filename'])
        .where('order_id', '=', order.id)
        .where('note_id', 'is not', null)
        .orderBy('created_at')
        .execute()
    : [];
  return Promise.all(
    notes.map(async (note) => ({
      id: note.id,
      additional_emails: note.additional_emails,
      attachments: await Promise.all(
        files
          .filter((f) => f.note_id === note.id)
          .map(async (f) => ({ filename: f.filename, link: await deps.links.link('files', f.id) })),
      ),
      author_name: note.author_name,
      content: note.content,
      created_at: formatDate(note.created_at, deps.config.timeZone)!,
      important: note.important,
      subject: note.subject,
    })),
  );
}

/** Writes a note inside `trx` (also used by revision requests); answers its id. */
export async function writeNote(
  trx: Db,
  writer: OrderFileWriter,
  deps: Deps,
  order: EventOrder,
  user: AuthUser,
  input: NoteInput,
): Promise<string> {
  const content = sanitizeRichText(input.content);
  if (!content)
    throw new AppError('validation_failed', 'content has no text left once sanitized', [
      { field: 'content', message: 'is empty once unsafe HTML is removed' },
    ]);
  const emails = [...new Set((input.additionalEmails ?? []).map((e) => e.trim().toLowerCase()))];
  const note = await trx
    .insertInto('notes')
    .values({
      order_id: order.id,
      author_id: user.id,
      author_name: fullName(user),
      subject: input.subject?.trim() || null,
      content,
      important: input.important ?? null,
      additional_emails: emails,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const saved = await writer.save(
    trx,
    order.id,
    user.id,
    input.attachments.map((upload) => ({
      upload,
      fileTypeSlug: 'other',
      source: 'note' as const,
      noteId: note.id,
    })),
  );
  await emitEvent(trx, 'order.note_added', order, {
    note_id: note.id,
    subject: input.subject?.trim() || null,
    author_name: fullName(user),
  });
  if (emails.length > 0) {
    const attachmentLinks = await Promise.all(
      saved.map(async (f, i) => `${input.attachments[i]!.filename}: ${await deps.links.link('files', f.id)}`),
    );
    const text = content
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    await enqueue(
      trx,
      'email',
      renderEmail({
        to: emails,
        subject: `Order ${order.file_number}: ${input.subject?.trim() || `a note from ${fullName(user)}`}`,
        paragraphs: [
          `${fullName(user)} wrote on order ${order.file_number}:`,
          text,
          ...(attachmentLinks.length ? ['Attachments:', ...attachmentLinks] : []),
        ],
      }),
    );
  }
  return note.id;
}

export async function createNote(deps: Deps, user: AuthUser, orderId: string, input: NoteInput) {
  const order = await visibleOrder(deps.db, user, orderId);
  const noteId = await OrderFileWriter.run(deps.storage, (writer) =>
    deps.db.transaction().execute((trx) => writeNote(trx, writer, deps, order, user, input)),
  );
  const notes = await listNotes(deps, user, orderId);
  return notes.find((n) => n.id === noteId)!;
}
