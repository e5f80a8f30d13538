import { htmlToText } from '../format/html.ts';
import { centsToDecimal } from '../format/money.ts';
import type { Audience } from '../policy/audience.ts';
import type { Status } from '../workflow/statuses.ts';
import type { OrderEmailRow } from './timeline.repository.ts';
import type { TimelineItemValue } from './timeline.schemas.ts';

/**
 * Each record of an order as one timeline item: the records come as their own lists show them
 * to the reader (already filtered by policy/), and are only reshaped here.
 */
type Actor = { id: string; name: string } | null;

const EMPTY = { acting_for: null, change: null, note: null, file: null, email: null, payment: null } as const;

/** `request_completion` → "Request completion". */
const humanAction = (action: string) => {
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A one-line excerpt of rich text: the summary of a note without a subject. */
function excerpt(html: string, length = 140): string {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

export interface SeenHistoryEntry {
  id: string;
  action: string;
  from: Status | null;
  to: Status;
  by: Actor;
  acting_for: Actor;
  reason: string | null;
  audience: string;
  created_at: string;
}

export function historyItem(entry: SeenHistoryEntry): TimelineItemValue {
  const moved = entry.from !== entry.to;
  return {
    ...EMPTY,
    id: entry.id,
    type: moved ? 'status_change' : 'order_change',
    at: entry.created_at,
    actor: entry.by,
    acting_for: entry.acting_for,
    summary: moved
      ? `${humanAction(entry.action)}: ${entry.from === null ? '' : `${entry.from} → `}${entry.to}`
      : humanAction(entry.action),
    audience: entry.audience as Audience,
    change: { action: entry.action, from: entry.from, to: entry.to, reason: entry.reason },
  };
}

export function noteItem(note: {
  id: string;
  created_at: Date;
  author_id: string | null;
  author_name: string;
  subject: string | null;
  content: string;
  important: boolean | null;
  audience: Audience;
}): TimelineItemValue {
  return {
    ...EMPTY,
    id: note.id,
    type: 'note',
    at: note.created_at.toISOString(),
    actor: note.author_id ? { id: note.author_id, name: note.author_name } : null,
    summary: `Note from ${note.author_name}: ${note.subject?.trim() || excerpt(note.content)}`,
    audience: note.audience,
    note: { subject: note.subject, important: note.important },
  };
}

export function fileItem(file: {
  id: string;
  created_at: Date;
  filename: string;
  file_type_name: string;
  file_type_slug: string;
  audience: Audience;
  uploader_id: string | null;
  uploader_name: string | null;
}): TimelineItemValue {
  return {
    ...EMPTY,
    id: file.id,
    type: 'file',
    at: file.created_at.toISOString(),
    actor: file.uploader_id ? { id: file.uploader_id, name: file.uploader_name ?? '' } : null,
    summary: `${file.file_type_name}: ${file.filename}`,
    audience: file.audience,
    file: { filename: file.filename, file_type: file.file_type_slug },
  };
}

const EMAIL_STATUS = { pending: 'queued', delivered: 'sent', failed: 'failed' } as const;

export function emailItem(email: OrderEmailRow): TimelineItemValue {
  const to = Array.isArray(email.recipients) ? email.recipients : [];
  const status = EMAIL_STATUS[email.status];
  return {
    ...EMPTY,
    id: email.id,
    type: 'email',
    at: email.created_at.toISOString(),
    actor: null,
    summary: `Email to ${to.join(', ')}: ${email.subject}${status === 'failed' ? ' (not delivered)' : ''}`,
    audience: email.audience as Audience,
    email: {
      topic: email.topic ?? 'email',
      subject: email.subject,
      to,
      status,
      sent_at: status === 'sent' ? (email.delivered_at?.toISOString() ?? null) : null,
    },
  };
}

export function paymentItem(
  payment: { id: string; created_at: Date; confirmed_at: Date | null; amount_cents: string; method: string },
  paidBy: string,
): TimelineItemValue {
  const amount = centsToDecimal(payment.amount_cents) ?? '0.00';
  return {
    ...EMPTY,
    id: payment.id,
    type: 'payment',
    // Received when its bank confirmed it (a card confirmed later), else when it was made.
    at: (payment.confirmed_at ?? payment.created_at).toISOString(),
    actor: null,
    summary: `Payment of ${amount} received (${paidBy})`,
    // Payments are the lender's and the company's: appraisers never read them.
    audience: 'client',
    payment: { amount, method: payment.method, paid_by: paidBy },
  };
}
