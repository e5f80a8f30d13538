import type { Static } from 'typebox';
import {
  TimelineChange,
  TimelineEmail,
  TimelineFile,
  TimelineItem,
  TimelineNote,
  TimelinePage,
  TimelinePayment,
} from '../timeline/timeline.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { CLIENT_ADMIN, FILE_ID, FILE_NUMBER, HISTORY_ENTRY_ID, NOTE_ID, PAYMENT_ID, STAFF } from './ids.ts';

/** The order's timeline, newest first: a payment, the email that told the lender, the report, a note, a move. */
const EMAIL_ID = '0d4e8f62-5b1a-4c3d-9e7f-a1b2c3d4e5f6';
const EMPTY = { acting_for: null, change: null, note: null, file: null, email: null, payment: null };

const STATUS_CHANGE: Static<typeof TimelineItem> = {
  ...EMPTY,
  id: HISTORY_ENTRY_ID,
  type: 'status_change',
  at: '2026-11-27T16:05:12.345Z',
  actor: { id: STAFF.id, name: STAFF.name },
  summary: 'Request completion: In review → Completion payment hold',
  audience: 'everyone',
  change: {
    action: 'request_completion',
    from: 'In review',
    to: 'Completion payment hold',
    reason: null,
  },
};

const ITEMS: Static<typeof TimelineItem>[] = [
  {
    ...EMPTY,
    id: PAYMENT_ID,
    type: 'payment',
    at: '2026-11-28T09:30:00.000Z',
    actor: null,
    summary: 'Payment of 450.00 received (Paid with **** 4242)',
    audience: 'client',
    payment: { amount: '450.00', method: 'credit_card', paid_by: 'Paid with **** 4242' },
  },
  {
    ...EMPTY,
    id: EMAIL_ID,
    type: 'email',
    at: '2026-11-27T16:05:12.901Z',
    actor: null,
    summary: `Email to ${CLIENT_ADMIN.email}: Payment due: order ${FILE_NUMBER}`,
    audience: 'client',
    email: {
      topic: 'payment_due',
      subject: `Payment due: order ${FILE_NUMBER}`,
      to: [CLIENT_ADMIN.email],
      status: 'sent',
      sent_at: '2026-11-27T16:05:14.020Z',
    },
  },
  STATUS_CHANGE,
  {
    ...EMPTY,
    id: FILE_ID,
    type: 'file',
    at: '2026-11-27T15:40:00.000Z',
    actor: { id: STAFF.id, name: STAFF.name },
    summary: 'Appraisal Report (PDF): appraisal-report.pdf',
    audience: 'everyone',
    file: { filename: 'appraisal-report.pdf', file_type: 'appraisal_pdf' },
  },
  {
    ...EMPTY,
    id: NOTE_ID,
    type: 'note',
    at: '2026-11-26T10:15:00.000Z',
    actor: { id: CLIENT_ADMIN.id, name: CLIENT_ADMIN.name },
    summary: `Note from ${CLIENT_ADMIN.name}: Access to the property`,
    audience: 'everyone',
    note: { subject: 'Access to the property', important: true },
  },
];

export const TIMELINE_EXAMPLES: NamedExample[] = [
  example(TimelineChange, STATUS_CHANGE.change!),
  example(TimelineNote, ITEMS[4]!.note!),
  example(TimelineFile, ITEMS[3]!.file!),
  example(TimelineEmail, ITEMS[1]!.email!),
  example(TimelinePayment, ITEMS[0]!.payment!),
  example(TimelineItem, STATUS_CHANGE),
  example(TimelinePage, {
    data: ITEMS,
    pagination: {
      current_page: 1,
      total_pages: 3,
      total_count: 61,
      per_page: 25,
      has_next_page: true,
      has_prev_page: false,
      total_count_is_estimate: false,
      next_cursor: null,
    },
  }),
];
