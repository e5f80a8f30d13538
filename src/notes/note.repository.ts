import type { Db } from '../db/connection.ts';
import type { Role } from '../db/schema.ts';
import type { Audience } from '../policy/audience.ts';

/**
 * The order's notes that reach the audiences given (all of them for the company), oldest
 * first, each with its attached files and the role of its author.
 */
export async function findOrderNotes(db: Db, orderId: string, audiences: readonly Audience[]) {
  const [notes, files] = await Promise.all([
    db
      .selectFrom('notes')
      .leftJoin('users as author', 'author.id', 'notes.author_id')
      .leftJoin('notes as origin', 'origin.id', 'notes.forwarded_from')
      .selectAll('notes')
      .select(['author.role as author_role', 'origin.author_name as forwarded_from_author'])
      .where('notes.order_id', '=', orderId)
      .where('notes.audience', 'in', audiences)
      .orderBy('notes.created_at')
      .orderBy('notes.id')
      .execute(),
    db
      .selectFrom('order_files')
      .select(['id', 'note_id', 'filename'])
      .where('order_id', '=', orderId)
      .where('note_id', 'is not', null)
      .orderBy('created_at')
      .execute(),
  ]);
  return notes.map((note) => ({ ...note, files: files.filter((f) => f.note_id === note.id) }));
}

export type NoteRow = Awaited<ReturnType<typeof findOrderNotes>>[number];

/** One note of the order with its author's role and its attachments (a note to forward). */
export async function findNoteToForward(db: Db, orderId: string, noteId: string) {
  const note = await db
    .selectFrom('notes')
    .leftJoin('users as author', 'author.id', 'notes.author_id')
    .select([
      'notes.id',
      'notes.subject',
      'notes.content',
      'notes.important',
      'notes.author_name',
      'author.role as author_role',
    ])
    .where('notes.order_id', '=', orderId)
    .where('notes.id', '=', noteId)
    .executeTakeFirst();
  return note ?? null;
}

/** Which of these emails belong to users, with their role and organization. */
export async function usersByEmail(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'organization_id'])
    .where('email', 'in', emails)
    .execute() as Promise<{ id: string; email: string; role: Role; organization_id: string | null }[]>;
}
