import type { Static } from 'typebox';
import type { EVENTS } from '../events/event-types.ts';
import { eventSchemaName, type EventType } from '../events/event-types.ts';
import {
  CreateWebhookBody,
  Delivery,
  ReplayedDelivery,
  RotatedSecret,
  TestEventSent,
  UpdateWebhookBody,
  Webhook,
  WebhookWithSecret,
} from '../webhooks/webhook.schemas.ts';
import { example, type NamedExample } from './example.ts';
import {
  APPRAISER,
  CLIENT,
  COMPANY,
  CONTACT_PARTY_ID,
  DELIVERY_ID,
  EVENT_ID,
  FILE_ID,
  FILE_NUMBER,
  FILE_TYPE,
  NOTE_ID,
  ORDER_ID,
  PAYMENT_ID,
  REPLAY_DELIVERY_ID,
  STAFF,
  WEBHOOK_ID,
} from './ids.ts';

/** Subscriptions, deliveries, and the payload of each event a subscriber receives. */
const WEBHOOK: Static<typeof Webhook> = {
  id: WEBHOOK_ID,
  organization_id: CLIENT.id,
  url: 'https://los.hillcountry.example/hooks/aoms',
  event_types: ['order.created', 'order.status_changed'],
  active: true,
  description: 'Our loan origination system',
  disabled_at: null,
  disabled_reason: null,
  created_at: '2026-11-01T09:35:00.000Z',
  updated_at: '2026-11-01T09:35:00.000Z',
};
const SECRET = 'whsec_3q9Vd2Lr8tXw1Zn6Bc4Fg7Hj0Km5Np2Qs8Tu1Vw3Yx=';

/** An event's payload, as a subscriber receives it (its data as the event type declares it). */
const payload = <T extends EventType>(type: T, data: Static<(typeof EVENTS)[T]['data']>): NamedExample => ({
  name: eventSchemaName(type),
  value: { id: EVENT_ID, type, timestamp: '2026-11-27T14:02:11.000Z', data },
});
const ORDER_REF = { order_id: ORDER_ID, file_number: FILE_NUMBER };

export const WEBHOOK_EXAMPLES: NamedExample[] = [
  example(Webhook, WEBHOOK),
  example(WebhookWithSecret, { ...WEBHOOK, secret: SECRET }),
  example(RotatedSecret, { secret: SECRET }),
  example(Delivery, {
    id: DELIVERY_ID,
    event_id: EVENT_ID,
    event_type: 'order.status_changed',
    status: 'delivered',
    attempts: 2,
    last_status_code: 200,
    last_error: null,
    next_attempt_at: null,
    replay_of: null,
    created_at: '2026-11-27T14:02:11.000Z',
    delivered_at: '2026-11-27T14:02:42.000Z',
    attempt_log: [
      {
        attempted_at: '2026-11-27T14:02:11.500Z',
        status_code: 503,
        latency_ms: 120,
        error: 'the receiver answered 503',
      },
      { attempted_at: '2026-11-27T14:02:42.000Z', status_code: 200, latency_ms: 85, error: null },
    ],
  }),
  example(ReplayedDelivery, { success: true, delivery_id: REPLAY_DELIVERY_ID }),
  example(TestEventSent, { success: true, event_id: EVENT_ID }),
  example(CreateWebhookBody, {
    url: WEBHOOK.url,
    event_types: ['order.created', 'order.status_changed'],
    active: true,
    description: 'Our loan origination system',
    organization_id: CLIENT.id,
  }),
  example(UpdateWebhookBody, {
    url: WEBHOOK.url,
    event_types: ['*'],
    active: true,
    description: 'Every event',
  }),
  payload('order.created', {
    ...ORDER_REF,
    status: 'Pending',
    client_id: CLIENT.id,
    company_id: COMPANY.id,
    due_date: '2026-12-15T23:00:00.000Z',
    loan_type: 'conventional',
    transaction_type: 'purchase',
    total_fee: '450.00',
  }),
  payload('order.status_changed', {
    ...ORDER_REF,
    from: 'Assigned',
    to: 'Inspection scheduled',
    action: 'schedule_inspection',
    actor: { id: STAFF.id, name: STAFF.name },
    acting_for: { id: APPRAISER.id, name: APPRAISER.name },
    reason: null,
  }),
  payload('order.assigned', {
    ...ORDER_REF,
    appraiser_id: APPRAISER.id,
    appraiser_fee: '300.00',
    due_date: '2026-12-12T23:00:00.000Z',
  }),
  payload('order.offer_answered', {
    ...ORDER_REF,
    answer: 'accepted_with_condition',
    reason: null,
    appraiser_fee_condition: '350.00',
    due_date_condition: '2026-12-18T23:00:00.000Z',
    appraiser_id: APPRAISER.id,
  }),
  payload('order.inspection_scheduled', {
    ...ORDER_REF,
    inspection_scheduled_at: '2026-12-01T15:00:00.000Z',
  }),
  payload('order.inspection_completed', { ...ORDER_REF, inspected_at: '2026-12-01T16:10:00.000Z' }),
  payload('order.submission_received', {
    ...ORDER_REF,
    files: [
      { file_type: 'appraisal_env', filename: 'appraisal-package.zip' },
      { file_type: 'appraisal_xml', filename: 'appraisal.xml' },
      { file_type: 'appraisal_pdf', filename: 'appraisal.pdf' },
    ],
    report: {
      format: 'uad_3.6',
      value: '491000.00',
      effective_date: '2026-11-20',
      fatal_count: 0,
      warning_count: 1,
    },
  }),
  payload('order.revision_requested', { ...ORDER_REF, comments: 'Please add a third comparable sale' }),
  payload('order.reconsideration_requested', {
    ...ORDER_REF,
    reason: 'alternate_closed_sales',
    summary: 'Two closer sales closed last month',
    initiated_by: 'borrower',
    reconsideration_id: 'e2b6a4f0-3c1d-4e5f-9a8b-7c6d5e4f3a2b',
  }),
  payload('order.negotiation_opened', {
    ...ORDER_REF,
    total_fee: '500.00',
    due_date: '2026-12-18T23:00:00.000Z',
    comments: 'The property has a second dwelling',
  }),
  payload('order.negotiation_answered', {
    ...ORDER_REF,
    answer: 'approved',
    total_fee: '500.00',
    due_date: '2026-12-18T23:00:00.000Z',
    reason: null,
  }),
  payload('order.note_added', {
    ...ORDER_REF,
    note_id: NOTE_ID,
    subject: 'Access to the property',
    author_name: 'Casey Client',
    audience: 'everyone',
  }),
  payload('order.file_added', {
    ...ORDER_REF,
    file_id: FILE_ID,
    file_type: FILE_TYPE.slug,
    filename: 'appraisal-report.pdf',
    audience: 'everyone',
  }),
  payload('order.report_released', {
    ...ORDER_REF,
    submission: 1,
    files: [{ file_id: FILE_ID, file_type: FILE_TYPE.slug, filename: 'appraisal-report.pdf' }],
  }),
  payload('order.updated', {
    ...ORDER_REF,
    changes: {
      due_date: { from: '2026-12-15T23:00:00.000Z', to: '2026-12-18T23:00:00.000Z' },
      access_contact: {
        from: null,
        to: { name: 'Tina Tenant', phone: '512-555-0103', email: null, note: 'Tenant; call after 5 pm' },
      },
    },
    reason: 'The closing moved',
  }),
  payload('order.party_added', {
    ...ORDER_REF,
    party_id: CONTACT_PARTY_ID,
    name: 'Otto Occupant',
    role: 'Occupant',
    poc: true,
  }),
  payload('order.payment_received', {
    ...ORDER_REF,
    payment_id: PAYMENT_ID,
    amount: '200.00',
    balance: '250.00',
  }),
  payload('order.payment_link_sent', {
    ...ORDER_REF,
    recipients: ['bea@borrower.example'],
    balance: '250.00',
  }),
  payload('order.milestone_alert', {
    ...ORDER_REF,
    milestone: 'inspection_completed',
    milestone_name: 'Inspection done',
    stage: 'late',
    started_at: '2026-11-23T15:00:00.000Z',
    due_at: '2026-11-26T15:00:00.000Z',
  }),
  payload('webhook.test', { message: 'A test event from the appraisal service', webhook_id: WEBHOOK_ID }),
];
