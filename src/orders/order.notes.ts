import { fullName, type AuthUser } from '../auth/principal.ts';
import type { Trx } from '../db/connection.ts';

export interface NewNote {
  subject: string | null;
  /** Safe HTML: sanitized by the caller, or built from escaped text. */
  content: string;
  important: boolean | null;
  additionalEmails: string[];
}

/**
 * The one insert of a note on an order: notes added through POST /notes and the notes that
 * keep revision and reconsideration requests both write here. Answers the note's id.
 */
export async function insertOrderNote(
  trx: Trx,
  orderId: string,
  author: AuthUser,
  note: NewNote,
): Promise<string> {
  const row = await trx
    .insertInto('notes')
    .values({
      order_id: orderId,
      author_id: author.id,
      author_name: fullName(author),
      subject: note.subject,
      content: note.content,
      important: note.important,
      additional_emails: note.additionalEmails,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
