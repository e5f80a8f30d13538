import { fullName, type Principal } from '../auth/principal.ts';
import type { Db, Trx } from '../db/connection.ts';
import type { Audience } from '../policy/audience.ts';

export interface NewNote {
  subject: string | null;
  /** Safe HTML: sanitized by the caller, or built from escaped text. */
  content: string;
  important: boolean | null;
  additionalEmails: string[];
  /** Who besides the company reads it (policy/audience.ts). */
  audience: Audience;
  /** The note this one passes on (staff forwarding a message). */
  forwardedFrom?: string | null;
}

/**
 * The name a note is signed with: its author's, and the person who wrote it for them when
 * someone acted for the author ("Sam Staffer for Pat Processor").
 */
export const noteAuthorName = (by: Principal): string =>
  by.keyOwner.id === by.user.id ? fullName(by.user) : `${fullName(by.keyOwner)} for ${fullName(by.user)}`;

/**
 * The one insert of a note on an order: notes added through POST /notes, the notes that keep
 * revision and reconsideration requests, and the notes staff forward or answer them with, all
 * write here. Answers the note's id.
 */
export async function insertOrderNote(
  trx: Trx,
  orderId: string,
  by: Principal,
  note: NewNote,
): Promise<string> {
  const row = await trx
    .insertInto('notes')
    .values({
      order_id: orderId,
      author_id: by.user.id,
      written_by: by.keyOwner.id === by.user.id ? null : by.keyOwner.id,
      author_name: noteAuthorName(by),
      subject: note.subject,
      content: note.content,
      important: note.important,
      additional_emails: note.additionalEmails,
      audience: note.audience,
      forwarded_from: note.forwardedFrom ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A note of the order, for the service's own work (a request to forward); null when there is none. */
export async function findOrderNote(db: Db, orderId: string, noteId: string) {
  const row = await db
    .selectFrom('notes')
    .select(['subject', 'content'])
    .where('order_id', '=', orderId)
    .where('id', '=', noteId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Attaches copies of a note's files to another note (a forward), for its audience: new rows
 * over the same stored objects, so that the original keeps its own audience.
 */
export async function copyAttachments(
  trx: Trx,
  orderId: string,
  fromNoteId: string,
  toNoteId: string,
  audience: Audience,
): Promise<{ id: string; filename: string }[]> {
  const files = await trx
    .selectFrom('order_files')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('note_id', '=', fromNoteId)
    .orderBy('created_at')
    .execute();
  if (files.length === 0) return [];
  return trx
    .insertInto('order_files')
    .values(
      files.map(({ id: _id, created_at: _created, released_at: _released, ...file }) => ({
        ...file,
        note_id: toNoteId,
        audience,
      })),
    )
    .returning(['id', 'filename'])
    .execute();
}
