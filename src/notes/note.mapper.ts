import { formatDate } from '../format/dates.ts';
import type { Party } from '../policy/audience.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { NoteRow } from './note.repository.ts';

/**
 * A note as the API shows it. Where a note was forwarded from another, the company sees which
 * (the origin of a message the company passed on is the company's to know).
 */
export async function toNote(note: NoteRow, party: Party, links: LinkSigner, timeZone: string) {
  return {
    id: note.id,
    additional_emails: note.additional_emails,
    attachments: await Promise.all(
      note.files.map(async (f) => ({ filename: f.filename, link: await links.link('files', f.id) })),
    ),
    author_name: note.author_name,
    content: note.content,
    created_at: formatDate(note.created_at, timeZone)!,
    created_at_iso: new Date(note.created_at).toISOString(),
    important: note.important,
    subject: note.subject,
    audience: note.audience,
    forwarded_from:
      party === 'company' && note.forwarded_from
        ? { id: note.forwarded_from, author_name: note.forwarded_from_author ?? '' }
        : null,
  };
}
