import { formatDate } from '../format/dates.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { NoteRow } from './note.repository.ts';

export async function toNote(note: NoteRow, links: LinkSigner, timeZone: string) {
  return {
    id: note.id,
    additional_emails: note.additional_emails,
    attachments: await Promise.all(
      note.files.map(async (f) => ({ filename: f.filename, link: await links.link('files', f.id) })),
    ),
    author_name: note.author_name,
    content: note.content,
    created_at: formatDate(note.created_at, timeZone)!,
    important: note.important,
    subject: note.subject,
  };
}
