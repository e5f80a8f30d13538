import type { Principal } from '../auth/principal.ts';
import { messagesThroughCompany } from '../clients/client.repository.ts';
import type { Config } from '../config/config.ts';
import type { Db, Trx } from '../db/connection.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import { emitEvent, type EventOrder } from '../events/emit.ts';
import { htmlToText, sanitizeRichText } from '../format/html.ts';
import { renderEmail } from '../mail/templates.ts';
import { copyAttachments, insertOrderNote, noteAuthorName } from '../orders/order.notes.ts';
import { findVisibleOrder } from '../orders/order.store.ts';
import { enqueue } from '../outbox/outbox.ts';
import { audiencesReaching, partyOf, reaches, type Audience } from '../policy/audience.ts';
import { chooseAudience, forwardAudience } from '../policy/messages.ts';
import { isUuid } from '../db/ids.ts';
import { OrderFileWriter } from '../storage/order-files.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { Storage } from '../storage/storage.ts';
import type { Upload } from '../storage/upload.ts';
import { toNote } from './note.mapper.ts';
import { findNoteToForward, findOrderNotes, usersByEmail } from './note.repository.ts';

export interface NoteInput {
  content: string;
  subject?: string | null;
  important?: boolean | null;
  additionalEmails?: string[];
  /** Who besides the company reads it; the writer's default when left out (policy/messages.ts). */
  audience?: Audience;
  attachments: Upload[];
}

export interface ForwardInput {
  audience?: Audience;
  content?: string;
  subject?: string | null;
  includeAttachments?: boolean;
}

interface Deps {
  db: Db;
  storage: Storage;
  links: LinkSigner;
  config: Config;
}

type NoteOrder = EventOrder & { appraiser_id: string | null };

/** The order's notes the caller may read (their audience reaches them), oldest first. */
export async function listNotes(deps: Deps, principal: Principal, orderId: string) {
  const party = partyOf(principal.user.role);
  const order = await findVisibleOrder(deps.db, principal.user, orderId);
  const notes = await findOrderNotes(deps.db, order.id, audiencesReaching(party));
  return Promise.all(notes.map((note) => toNote(note, party, deps.links, deps.config.timeZone)));
}

async function noteAnswer(deps: Deps, principal: Principal, orderId: string, noteId: string) {
  const notes = await listNotes(deps, principal, orderId);
  return notes.find((n) => n.id === noteId)!;
}

/**
 * Writes a note (for `audience`), its attachments (for the same audience), its event and its
 * emails inside `trx`; answers its id.
 */
async function writeNote(
  trx: Trx,
  writer: OrderFileWriter,
  deps: Deps,
  order: NoteOrder,
  principal: Principal,
  input: NoteInput & { audience: Audience },
): Promise<string> {
  const content = sanitizeRichText(input.content);
  if (!content)
    throw new AppError('validation_failed', 'content has no text left once sanitized', [
      { field: 'content', message: 'is empty once unsafe HTML is removed' },
    ]);
  const emails = [...new Set((input.additionalEmails ?? []).map((e) => e.trim().toLowerCase()))];
  await checkRecipients(deps.db, order, emails, input.audience);
  const noteId = await insertOrderNote(trx, order.id, principal, {
    subject: input.subject?.trim() || null,
    content,
    important: input.important ?? null,
    additionalEmails: emails,
    audience: input.audience,
  });
  const saved = await writer.save(
    trx,
    order.id,
    principal.user.id,
    input.attachments.map((upload) => ({
      upload,
      fileTypeSlug: 'other',
      source: 'note' as const,
      noteId,
      audience: input.audience,
    })),
  );
  await announceNote(trx, order, noteId, input.subject?.trim() || null, principal, input.audience);
  if (emails.length > 0) {
    const attachmentLinks = await Promise.all(
      saved.map(async (f, i) => `${input.attachments[i]!.filename}: ${await deps.links.link('files', f.id)}`),
    );
    // Read on the timeline by whoever reads the note itself.
    await enqueue(
      trx,
      'email',
      noteEmail(order, principal, emails, input.subject, content, attachmentLinks),
      {
        orderId: order.id,
        audience: input.audience,
        topic: 'note',
      },
    );
  }
  return noteId;
}

function noteEmail(
  order: NoteOrder,
  principal: Principal,
  to: string[],
  subject: string | null | undefined,
  content: string,
  attachmentLinks: string[],
) {
  const author = noteAuthorName(principal);
  return renderEmail({
    to,
    subject: `Order ${order.file_number}: ${subject?.trim() || `a note from ${author}`}`,
    paragraphs: [
      `${author} wrote on order ${order.file_number}:`,
      htmlToText(content).replace(/\s+/g, ' '),
      ...(attachmentLinks.length ? ['Attachments:', ...attachmentLinks] : []),
    ],
  });
}

async function announceNote(
  trx: Trx,
  order: NoteOrder,
  noteId: string,
  subject: string | null,
  principal: Principal,
  audience: Audience,
): Promise<void> {
  await emitEvent(
    trx,
    'order.note_added',
    order,
    { note_id: noteId, subject, author_name: noteAuthorName(principal), audience },
    { audience },
  );
}

/**
 * An email address given to receive a note may not belong to someone on the order whom the
 * note's audience leaves out: a lender's note for the company is not mailed to the appraiser.
 */
async function checkRecipients(
  db: Db,
  order: NoteOrder,
  emails: string[],
  audience: Audience,
): Promise<void> {
  const users = await usersByEmail(db, emails);
  const left = users.filter(
    (u) =>
      (u.role === 'client' && u.organization_id === order.client_id && !reaches(audience, 'client')) ||
      (u.role === 'appraiser' && u.organization_id === order.company_id && !reaches(audience, 'appraiser')),
  );
  if (left.length === 0) return;
  throw new AppError(
    'validation_failed',
    `The note's audience (${audience}) leaves out ${left.map((u) => u.email).join(', ')}`,
    left.map((u) => ({
      field: `additional_emails[${emails.indexOf(u.email)}]`,
      message: `belongs to the order's ${u.role === 'client' ? 'lender' : 'appraiser side'}, whom the note's audience (${audience}) leaves out`,
    })),
  );
}

export async function createNote(deps: Deps, principal: Principal, orderId: string, input: NoteInput) {
  const order = await findVisibleOrder(deps.db, principal.user, orderId);
  const party = partyOf(principal.user.role);
  const throughCompany =
    party === 'company' || (await messagesThroughCompany(deps.db, order.company_id, order.client_id));
  const audience = chooseAudience(party, throughCompany, input.audience);
  const noteId = await OrderFileWriter.run(deps.storage, (writer) =>
    deps.db
      .transaction()
      .execute((trx) => writeNote(trx, writer, deps, order, principal, { ...input, audience })),
  );
  return noteAnswer(deps, principal, orderId, noteId);
}

/**
 * Staff pass a note on (a lender's message to the appraiser, an appraiser's to the lender): a
 * new note, written by them, with the original's words or their own, and its attachments unless
 * left out. By default it goes to the other side of its author; a note of the company's own
 * names its audience.
 */
export async function forwardNote(
  deps: Deps,
  principal: Principal,
  orderId: string,
  noteId: string,
  input: ForwardInput,
) {
  const { db } = deps;
  if (partyOf(principal.user.role) !== 'company')
    throw new AppError('forbidden', "Only the company's staff forward notes");
  const order = await findVisibleOrder(db, principal.user, orderId);
  const original = isUuid(noteId) ? await findNoteToForward(db, order.id, noteId) : null;
  if (!original) throw notFound('note');
  const audience =
    input.audience ?? forwardAudience(original.author_role ? partyOf(original.author_role) : null);
  if (!audience) throw invalid('audience', "is required: the note is the company's own");
  const content = input.content === undefined ? original.content : sanitizeRichText(input.content);
  if (!content)
    throw new AppError('validation_failed', 'content has no text left once sanitized', [
      { field: 'content', message: 'is empty once unsafe HTML is removed' },
    ]);
  const subject = input.subject === undefined ? original.subject : input.subject?.trim() || null;
  const forwardId = await db.transaction().execute(async (trx) => {
    const id = await insertOrderNote(trx, order.id, principal, {
      subject,
      content,
      important: original.important,
      additionalEmails: [],
      audience,
      forwardedFrom: original.id,
    });
    if (input.includeAttachments !== false) await copyAttachments(trx, order.id, original.id, id, audience);
    await announceNote(trx, order, id, subject, principal, audience);
    return id;
  });
  return noteAnswer(deps, principal, orderId, forwardId);
}
