import { Type } from 'typebox';
import { EVENT_TYPE_NAMES } from '../events/event-types.ts';

const EventTypes = Type.Array(Type.String({ maxLength: 100 }), {
  maxItems: 50,
  description: `Event types to receive; empty, absent or ["*"] for all. Types: ${EVENT_TYPE_NAMES.join(', ')}`,
});

export const CreateWebhookBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'An http(s) URL that answers 2xx' }),
  event_types: Type.Optional(EventTypes),
  active: Type.Optional(Type.Boolean()),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  organization_id: Type.Optional(
    Type.String({ description: 'Operators only: the organization the subscription is for' }),
  ),
});

export const UpdateWebhookBody = Type.Object({
  url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  event_types: Type.Optional(EventTypes),
  active: Type.Optional(Type.Boolean({ description: 'true re-enables a disabled subscription' })),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
});

export const Webhook = Type.Object({
  id: Type.String(),
  organization_id: Type.String(),
  url: Type.String(),
  event_types: Type.Array(Type.String()),
  active: Type.Boolean(),
  description: Type.Union([Type.String(), Type.Null()]),
  disabled_at: Type.Union([Type.String(), Type.Null()]),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const WebhookWithSecret = Type.Object({
  ...Webhook.properties,
  secret: Type.String({
    description: 'The signing secret: shown now and never again (rotate to get a new one)',
  }),
});

export const Delivery = Type.Object({
  id: Type.String(),
  event_id: Type.String(),
  event_type: Type.String(),
  status: Type.String({ description: 'pending, delivered or failed' }),
  attempts: Type.Integer(),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  replay_of: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  delivered_at: Type.Union([Type.String(), Type.Null()]),
  attempt_log: Type.Array(
    Type.Object({
      attempted_at: Type.String(),
      status_code: Type.Union([Type.Integer(), Type.Null()]),
      latency_ms: Type.Integer(),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
