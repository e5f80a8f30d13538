import { Type, type Static } from 'typebox';
import { AudienceSchema } from '../schemas/audience.ts';
import { Id, Nullable, ref } from '../schemas/common.ts';
import { Pagination, StatusName } from '../orders/order.schemas.ts';

/**
 * An order's timeline: everything that happened to it, each record in one shape (when, what,
 * who, a line to show), with the part of its own record that the item's type carries. Declared
 * once: validation, the TypeScript types and the OpenAPI document come from here.
 */
export const TIMELINE_TYPES = ['status_change', 'order_change', 'note', 'file', 'email', 'payment'] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

export const TIMELINE_SORTS = ['newest', 'oldest'] as const;

const Person = Type.Object(
  { id: Id(), name: Type.String() },
  { description: 'Who did it; null for the service itself, or where it is not yours to know' },
);

export const TimelineChange = Type.Object(
  {
    action: Type.String({ description: 'The workflow action or service step (docs/workflow.md)' }),
    from: Nullable(ref(StatusName)),
    to: ref(StatusName),
    reason: Nullable(Type.String()),
  },
  {
    $id: 'TimelineChange',
    description: 'status_change and order_change: the history entry (GET …/history has its details)',
  },
);

export const TimelineNote = Type.Object(
  { subject: Nullable(Type.String()), important: Nullable(Type.Boolean()) },
  { $id: 'TimelineNote', description: 'note: the note (GET …/notes has its content)' },
);

export const TimelineFile = Type.Object(
  { filename: Type.String(), file_type: Type.String({ description: 'The file type slug' }) },
  { $id: 'TimelineFile', description: 'file: the file (GET …/files has its link)' },
);

export const TimelineEmail = Type.Object(
  {
    topic: Type.String({
      description: 'What it is: a notification kind (GET /me/notification_settings), payment_link or note',
    }),
    subject: Type.String(),
    to: Type.Array(Type.String(), { description: 'The addresses it went to' }),
    status: Type.Enum(['queued', 'sent', 'failed'], {
      description: 'queued: not sent yet (retried after a failure until it is sent or failed)',
    }),
    sent_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'TimelineEmail', description: 'email: an email the service sent (its text is not shown)' },
);

export const TimelinePayment = Type.Object(
  {
    amount: Type.String({ description: 'A decimal amount, e.g. "450.00"' }),
    method: Type.String(),
    paid_by: Type.String({ description: 'How it was paid, the card masked' }),
  },
  { $id: 'TimelinePayment', description: 'payment: a payment received' },
);

export const TimelineItem = Type.Object(
  {
    id: Id('The record: a history entry, note, file, email or payment (its type says which)'),
    type: Type.Enum(TIMELINE_TYPES, {
      description:
        'status_change: the status moved (history); order_change: a recorded change that moved no status (history); note; file; email: an email the service sent about the order; payment: a payment received',
    }),
    at: Type.String({ format: 'date-time', description: 'When it happened, ISO 8601 in UTC' }),
    actor: Nullable(Person),
    acting_for: Nullable(
      Type.Object(
        {
          id: Type.String({ format: 'uuid', examples: ['4080d07e-e341-43d4-bb37-72dba9b07256'] }),
          name: Type.String({ examples: ['Casey Client'] }),
        },
        {
          description:
            'status_change and order_change: the user the actor acted for (X-Api-Email, or a sign-on link minted acting for them); null otherwise',
        },
      ),
    ),
    summary: Type.String({ description: 'One line for a person, in plain text' }),
    audience: ref(AudienceSchema),
    change: Nullable(ref(TimelineChange)),
    note: Nullable(ref(TimelineNote)),
    file: Nullable(ref(TimelineFile)),
    email: Nullable(ref(TimelineEmail)),
    payment: Nullable(ref(TimelinePayment)),
  },
  {
    $id: 'TimelineItem',
    description:
      'One thing that happened to an order: the field named by its type holds its record, the others are null',
  },
);

export const TimelinePage = Type.Object(
  { data: Type.Array(ref(TimelineItem)), pagination: ref(Pagination) },
  {
    $id: 'TimelinePage',
    description: "A page of the order's timeline (pagination.next_cursor is always null: pages go by number)",
  },
);

export const TimelineSort = Type.Enum(TIMELINE_SORTS, {
  default: 'newest',
  description: 'newest first (the default) or oldest first',
});

export type TimelineItemValue = Static<typeof TimelineItem>;
