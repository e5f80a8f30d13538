import { Type, type TObject, type TProperties } from 'typebox';
import { Id, Nullable, ref, refByName } from '../schemas/common.ts';
import { AudienceSchema } from '../schemas/audience.ts';
import { FileTypeSlug } from '../schemas/file-types.ts';
import type { Audience } from '../policy/audience.ts';

/**
 * Every event type, declared once: what it means, who besides the company it is for, and the
 * shape of its data. The OpenAPI document's webhooks section (one typed payload per event) and
 * docs/webhooks.md follow from this list. Money in data is a decimal string ("450.00"); each
 * side's terms reach that side alone (policy/terms.ts), so those fields are optional.
 */
const Decimal = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description });
const Instant = (description: string) => Type.String({ format: 'date-time', description });
/** Named schemas of the orders (orders/order.schemas.ts), which this layer names without importing. */
const Status = (description?: string) => refByName<string>('StatusName', description);
const LoanType = refByName<string>('LoanType');
const TransactionType = refByName<string>('TransactionType');

/** What every order event's data starts with (emitEvent adds it). */
const OrderRef = {
  order_id: Id('The order'),
  file_number: Type.String({ description: 'AOM-00000042' }),
};

const orderEvent = <P extends TProperties>(properties: P) =>
  Type.Object({ ...OrderRef, ...properties }, { additionalProperties: false });

interface EventDeclaration {
  description: string;
  data: TObject;
  /**
   * Who besides the company the event is for (policy/audience.ts), whatever the change; left
   * out, the audience of the change it announces (a note's, a file's, a request's).
   */
  audience?: Audience;
}

export const EVENTS = {
  'order.created': {
    description: 'An order was placed.',
    data: orderEvent({
      status: Status('The status it was placed in'),
      client_id: Id(),
      company_id: Id(),
      due_date: Instant('The due date'),
      loan_type: LoanType,
      transaction_type: TransactionType,
      total_fee: Decimal("The client's fee"),
    }),
  },
  'order.status_changed': {
    description: 'The order changed status.',
    data: orderEvent({
      from: Status('The status before'),
      to: Status('The status now'),
      action: Type.String({ description: 'The workflow action (docs/workflow.md)' }),
      actor: Nullable(
        Type.Object(
          { id: Type.String(), name: Type.String() },
          { description: 'Who did it (the person, when acting for someone); null: the service' },
        ),
      ),
      acting_for: Type.Optional(
        Nullable(
          Type.Object(
            { id: Type.String(), name: Type.String() },
            {
              description:
                'Whom the actor acted for (X-Api-Email, or a session opened while acting); null: themselves',
            },
          ),
        ),
      ),
      reason: Nullable(
        Type.String({
          description:
            "Why; null where the change was not the receiver's to read (between the company and the appraiser, say)",
        }),
      ),
    }),
  },
  'order.assigned': {
    description: 'The order was offered to an appraiser.',
    audience: 'appraiser',
    data: orderEvent({
      appraiser_id: Nullable(Id()),
      appraiser_fee: Type.Optional(
        Nullable(Decimal("The appraiser's fee; to the company's subscriptions only")),
      ),
      due_date: Nullable(Instant("The appraiser's due date")),
    }),
  },
  'order.offer_answered': {
    description: 'The appraiser accepted (possibly with conditions) or rejected the offer.',
    audience: 'appraiser',
    data: orderEvent({
      answer: Type.Enum(['accepted', 'accepted_with_condition', 'rejected']),
      reason: Nullable(Type.String()),
      appraiser_fee_condition: Type.Optional(
        Nullable(Decimal("The fee the appraiser asks; to the company's subscriptions only")),
      ),
      due_date_condition: Type.Optional(Nullable(Instant('The due date the appraiser asks'))),
      appraiser_id: Type.Optional(Nullable(Id('Who rejected'))),
    }),
  },
  'order.inspection_scheduled': {
    description: 'The inspection was scheduled.',
    data: orderEvent({ inspection_scheduled_at: Nullable(Instant('When')) }),
  },
  'order.inspection_completed': {
    description: 'The inspection took place.',
    data: orderEvent({
      inspected_at: Type.Optional(
        Nullable(Instant('When the inspection took place, as the appraiser recorded it')),
      ),
    }),
  },
  'order.submission_received': {
    description: 'The appraiser submitted the report; the company reviews it before the lender gets it.',
    audience: 'appraiser',
    data: orderEvent({
      files: Type.Array(Type.Object({ file_type: FileTypeSlug, filename: Type.String() })),
      report: Nullable(
        Type.Object(
          {
            format: Type.Enum(['uad_3.6', 'mismo_2.6']),
            value: Nullable(Decimal('The opinion of value')),
            effective_date: Nullable(Type.String({ format: 'date' })),
            fatal_count: Type.Integer({ description: 'Fatal findings, submitted with an override reason' }),
            warning_count: Type.Integer({ description: 'Warnings, acknowledged by the appraiser' }),
          },
          { description: 'What the service read of the report and what its checks found (docs/reports.md)' },
        ),
      ),
    }),
  },
  'order.revision_requested': {
    description: 'The client asked for a revision.',
    data: orderEvent({ comments: Nullable(Type.String()) }),
  },
  'order.reconsideration_requested': {
    description: 'The client asked for a reconsideration of value.',
    data: orderEvent({
      reason: Nullable(Type.String()),
      summary: Nullable(Type.String()),
      initiated_by: Nullable(Type.String({ description: 'borrower or lender' })),
      reconsideration_id: Nullable(
        Type.String({ format: 'uuid', description: 'GET /orders/{order_id}/reconsiderations lists it' }),
      ),
    }),
  },
  'order.negotiation_opened': {
    description: "A change of the client's fee and/or due date awaits the client's decision.",
    audience: 'client',
    data: orderEvent({
      total_fee: Nullable(Decimal('The proposed total fee')),
      due_date: Nullable(Instant('The proposed due date')),
      comments: Nullable(Type.String()),
    }),
  },
  'order.negotiation_answered': {
    description: 'The client approved or refused the new terms.',
    audience: 'client',
    data: orderEvent({
      answer: Type.Enum(['approved', 'refused']),
      total_fee: Type.Optional(Nullable(Decimal('For an approval: the total fee now in force'))),
      due_date: Type.Optional(Nullable(Instant('For an approval: the due date now in force'))),
      reason: Type.Optional(Nullable(Type.String({ description: 'For a refusal' }))),
    }),
  },
  'order.note_added': {
    description: "A note was added; to those in the note's audience.",
    data: orderEvent({
      note_id: Id(),
      subject: Nullable(Type.String()),
      author_name: Type.String(),
      audience: Type.Optional(ref(AudienceSchema, "The note's audience")),
    }),
  },
  'order.file_added': {
    description: "A file was uploaded; to those in the file's audience.",
    data: orderEvent({
      file_id: Id(),
      file_type: FileTypeSlug,
      filename: Type.String(),
      audience: Type.Optional(ref(AudienceSchema, "The file's audience")),
    }),
  },
  'order.report_released': {
    description:
      'The company released the report to the lender (the order was completed or sent to client review, and paid where the company asks for payment first): its files are now listed for the lender.',
    data: orderEvent({
      submission: Type.Integer({ description: 'Which submission of the order: 1, 2, …' }),
      files: Type.Array(Type.Object({ file_id: Id(), file_type: FileTypeSlug, filename: Type.String() })),
    }),
  },
  'order.updated': {
    description:
      "The order was corrected (PATCH /orders/{order_id}): each field changed, before and after; a side's subscriptions and live updates never carry a field that side may not see (the lender's loan amount reaches no appraiser).",
    data: orderEvent({
      changes: Type.Record(
        Type.String({
          description:
            'The field corrected: borrower.first_name, borrower.last_name, borrower.email, borrower.phone, loan_number, loan_amount, due_date, special_instructions, access_contact, address',
        }),
        Type.Object(
          {
            from: Type.Unknown({ description: 'The value before (null: none)' }),
            to: Type.Unknown({ description: 'The value after (null: none)' }),
          },
          { additionalProperties: false },
        ),
        {
          description:
            'Dates are ISO 8601 (due_date), money a decimal string (loan_amount), the address one line, the access contact {name, phone, email, note}',
        },
      ),
      reason: Nullable(Type.String({ description: 'Why, as the correction said' })),
    }),
  },
  'order.party_added': {
    description: 'A party was added.',
    data: orderEvent({ party_id: Id(), name: Type.String(), role: Type.String(), poc: Type.Boolean() }),
  },
  'order.payment_received': {
    description: 'A payment was received.',
    audience: 'client',
    data: orderEvent({
      payment_id: Id(),
      amount: Decimal('What was paid'),
      balance: Decimal('What remains due'),
    }),
  },
  'order.payment_link_sent': {
    description: 'A payment link was emailed.',
    audience: 'client',
    data: orderEvent({ recipients: Type.Array(Type.String()), balance: Decimal('The balance asked for') }),
  },
  'order.milestone_alert': {
    description:
      'A milestone of the order\'s turn time is at risk, late (due), or overdue (a business day past due): docs/turn-times.md, "Milestones". For the company, and for the appraiser where the milestone is theirs.',
    data: orderEvent({
      // calendar/milestones.ts's MILESTONE_IDS (this layer imports none of it; a test holds them equal).
      milestone: Type.Enum(
        [
          'offer_answered',
          'inspection_scheduled',
          'inspection_completed',
          'report_submitted',
          'review_done',
          'delivered',
        ],
        { description: 'The milestone' },
      ),
      milestone_name: Type.String({ description: 'The milestone in words' }),
      stage: Type.Enum(['at_risk', 'late', 'overdue'], {
        description:
          'at_risk: most of its target has run; late: its due time passed; overdue: a business day after',
      }),
      started_at: Instant('When the milestone started'),
      due_at: Instant('When it is due'),
    }),
  },
  'webhook.test': {
    description: 'Sent by POST /api/v1/webhooks/{id}/test to check a receiver.',
    data: Type.Object({ message: Type.String(), webhook_id: Id() }, { additionalProperties: false }),
  },
} as const satisfies Record<string, EventDeclaration>;

export type EventType = keyof typeof EVENTS;

/** The audience of an event: its type's own, else the change's (`fallback`), else everyone. */
export function eventAudience(type: EventType, fallback?: Audience): Audience {
  const declared: EventDeclaration = EVENTS[type];
  return declared.audience ?? fallback ?? 'everyone';
}
export const EVENT_TYPE_NAMES = Object.keys(EVENTS) as EventType[];

/** What each event type means, in a sentence. */
export const EVENT_TYPES = Object.fromEntries(
  EVENT_TYPE_NAMES.map((type) => [type, EVENTS[type].description]),
) as Record<EventType, string>;

/** The schema name of an event's payload: order.status_changed → OrderStatusChangedEvent. */
export const eventSchemaName = (type: EventType): string =>
  type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('') + 'Event';

/** The payload a subscriber receives for each type, as named schemas (components.schemas). */
export const EVENT_PAYLOADS = EVENT_TYPE_NAMES.map((type) =>
  Type.Object(
    {
      id: Id('The event id; also the webhook-id header'),
      type: Type.Literal(type),
      timestamp: Instant('When it happened, ISO 8601 UTC'),
      data: EVENTS[type].data,
    },
    { $id: eventSchemaName(type), description: EVENTS[type].description },
  ),
);
