import { fullName, type AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db, Trx } from '../db/connection.ts';
import { OrderFileWriter } from '../storage/order-files.ts';
import { sanitizeRichText } from '../format/html.ts';
import { insertOrderNote } from '../orders/order.notes.ts';
import { findVisibleOrder } from '../orders/order.store.ts';
import { toNote } from './note.mapper.ts';
import { findOrderNotes } from './note.repository.ts';
import { AppError } from '../errors/app-error.ts';
import type { Upload } from '../storage/upload.ts';
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
  const order = await findVisibleOrder(deps.db, user, orderId);
  const notes = await findOrderNotes(deps.db, order.id);
  return Promise.all(notes.map((note) => toNote(note, deps.links, deps.config.timeZone)));
}

/** Writes a note, its attachments, its event and its emails inside `trx`; answers its id. */
async function writeNote(
  trx: Trx,
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
  const noteId = await insertOrderNote(trx, order.id, user, {
    subject: input.subject?.trim() || null,
    content,
    important: input.important ?? null,
    additionalEmails: emails,
  });
  const saved = await writer.save(
    trx,
    order.id,
    user.id,
    input.attachments.map((upload) => ({
      upload,
      fileTypeSlug: 'other',
      source: 'note' as const,
      noteId,
    })),
  );
  await emitEvent(trx, 'order.note_added', order, {
    note_id: noteId,
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
  return noteId;
}

export async function createNote(deps: Deps, user: AuthUser, orderId: string, input: NoteInput) {
  const order = await findVisibleOrder(deps.db, user, orderId);
  const noteId = await OrderFileWriter.run(deps.storage, (writer) =>
    deps.db.transaction().execute((trx) => writeNote(trx, writer, deps, order, user, input)),
  );
  const notes = await listNotes(deps, user, orderId);
  return notes.find((n) => n.id === noteId)!;
}
