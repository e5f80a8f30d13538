import { formatDate } from '../format/dates.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { OrderFileRow } from './file.repository.ts';

export async function toFile(row: OrderFileRow, links: LinkSigner, timeZone: string) {
  return {
    id: row.id,
    created_at: formatDate(row.created_at, timeZone)!,
    created_at_iso: new Date(row.created_at).toISOString(),
    file_type: { id: row.file_type_id, name: row.file_type_name, slug: row.file_type_slug },
    filename: row.filename,
    link: await links.link('files', row.id),
    audience: row.audience,
    note_id: row.note_id,
    submission: row.submission_no,
    released: row.submission_no === null ? null : row.released_at !== null,
  };
}
