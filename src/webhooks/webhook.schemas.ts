import { Type } from 'typebox';
import { EVENT_TYPE_NAMES } from '../events/event-types.ts';
import { Id, Nullable } from '../schemas/common.ts';

const EventTypes = Type.Array(Type.Enum([...EVENT_TYPE_NAMES, '*']), {
  maxItems: 50,
  description: 'Event types to receive (docs/webhooks.md); empty, absent or ["*"] (alone) for all',
});
const EventType = Type.Enum(EVENT_TYPE_NAMES);

/** Where deliveries go: an absolute http(s) URI (RFC 3986: an international name in punycode). */
const WebhookUrl = Type.String({
  format: 'uri',
  minLength: 1,
  maxLength: 2000,
  description:
    'An absolute http or https URI (RFC 3986) that answers 2xx; a private or local address is refused unless the deployment allows it (docs/webhooks.md)',
});

export const CreateWebhookBody = Type.Object(
  {
    url: WebhookUrl,
    event_types: Type.Optional(EventTypes),
    active: Type.Optional(Type.Boolean()),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    organization_id: Type.Optional(
      Type.String({ description: 'Operators only: the organization the subscription is for' }),
    ),
  },
  { $id: 'CreateWebhookRequest' },
);

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    event_types: Type.Optional(EventTypes),
    active: Type.Optional(Type.Boolean({ description: 'true re-enables a disabled subscription' })),
    description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { $id: 'UpdateWebhookRequest', description: 'Absent fields stay' },
);

export const Webhook = Type.Object(
  {
    id: Id(),
    organization_id: Id(),
    url: Type.String({ format: 'uri', description: 'Where the deliveries go' }),
    event_types: Type.Array(EventType, { description: 'Empty: every event' }),
    active: Type.Boolean(),
    description: Nullable(Type.String()),
    disabled_at: Nullable(Type.String({ format: 'date-time' })),
    disabled_reason: Nullable(
      Type.String({ description: 'Why the service disabled it (deliveries kept failing)' }),
    ),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Webhook', description: 'A subscription to events' },
);

export const WebhookWithSecret = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({
      description: 'The signing secret: shown now and never again (rotate to get a new one)',
    }),
  },
  { $id: 'WebhookWithSecret', description: 'A new subscription, with its signing secret shown once' },
);

export const RotatedSecret = Type.Object(
  { secret: Type.String({ description: 'The new signing secret: shown now and never again' }) },
  { $id: 'RotatedWebhookSecret' },
);

export const Delivery = Type.Object(
  {
    id: Id(),
    event_id: Id(),
    event_type: EventType,
    status: Type.Enum(['pending', 'delivered', 'failed']),
    attempts: Type.Integer(),
    last_status_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
    replay_of: Nullable(Id('The delivery this one replays')),
    created_at: Type.String({ format: 'date-time' }),
    delivered_at: Nullable(Type.String({ format: 'date-time' })),
    attempt_log: Type.Array(
      Type.Object({
        attempted_at: Type.String({ format: 'date-time' }),
        status_code: Nullable(Type.Integer()),
        latency_ms: Type.Integer(),
        error: Nullable(Type.String()),
      }),
    ),
  },
  { $id: 'WebhookDelivery', description: 'One delivery of an event to a subscription, with its attempts' },
);

export const ReplayedDelivery = Type.Object(
  { success: Type.Literal(true), delivery_id: Id('The new delivery') },
  { $id: 'ReplayedDelivery' },
);

export const TestEventSent = Type.Object(
  { success: Type.Literal(true), event_id: Id('The webhook.test event') },
  { $id: 'TestEventSent' },
);
