import type { Db } from '../db/connection.ts';

/** The order's notes, oldest first, each with its attached files. */
export async function findOrderNotes(db: Db, orderId: string) {
  const [notes, files] = await Promise.all([
    db
      .selectFrom('notes')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
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
