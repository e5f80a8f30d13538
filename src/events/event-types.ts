/**
 * Every event type, declared once with what it means. The OpenAPI document's webhooks
 * section and docs/webhooks.md are generated from this list. Money in data is a decimal
 * string ("450.00"); a client's subscriptions never receive the appraiser's fee
 * (events/fees.ts).
 */
export const EVENT_TYPES = {
  'order.created': 'An order was placed. data: the order summary.',
  'order.status_changed':
    'The order changed status. data: from, to, action, actor {id, name} (null for system events), reason.',
  'order.assigned':
    "The order was offered to an appraiser. data: appraiser_id, appraiser_fee (the appraiser's fee; to the company's subscriptions only), due_date.",
  'order.offer_answered':
    'The appraiser accepted (possibly with conditions) or rejected the offer. data: answer, reason, appraiser_fee_condition and due_date_condition (a condition; appraiser_fee_condition to the company only), appraiser_id (a rejection).',
  'order.inspection_scheduled': 'The inspection was scheduled. data: inspection_scheduled_at.',
  'order.inspection_completed': 'The inspection took place.',
  'order.submission_received': 'The appraiser submitted the report. data: files.',
  'order.revision_requested': 'The client asked for a revision. data: comments.',
  'order.reconsideration_requested':
    'The client asked for a reconsideration of value. data: reason, summary.',
  'order.negotiation_opened':
    "A change of the client's fee and/or due date awaits the client. data: total_fee (the proposed total), due_date, comments.",
  'order.negotiation_answered':
    'The client approved or refused the negotiation. data: answer, and for an approval the total_fee and due_date now in force; reason for a refusal.',
  'order.note_added': 'A note was added. data: note_id, subject, author_name.',
  'order.file_added': 'A file was uploaded. data: file_id, file_type, filename.',
  'order.party_added': 'A party was added. data: party_id, name, role, poc.',
  'order.payment_received': 'A payment was received. data: payment_id, amount, balance.',
  'order.payment_link_sent': 'A payment link was emailed. data: recipients, balance.',
  'webhook.test': 'Sent by POST /api/v1/webhooks/{id}/test to check a receiver. data: message.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];
