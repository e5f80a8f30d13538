import type { EventType } from '../events/event-types.ts';
import type { DeliveryRow, WebhookRow } from './webhook.repository.ts';

export const toWebhook = (row: WebhookRow) => ({
  ...row,
  // Checked against the declared types when they were stored (webhook.service.ts).
  event_types: row.event_types as EventType[],
  disabled_at: row.disabled_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const toDelivery = (r: DeliveryRow) => ({
  ...r,
  event_type: r.event_type as EventType,
  created_at: r.created_at.toISOString(),
  delivered_at: r.delivered_at ? new Date(r.delivered_at).toISOString() : null,
  next_attempt_at:
    r.status === 'pending' && r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
  attempt_log: r.attempt_log.map((a) => ({ ...a, attempted_at: new Date(a.attempted_at).toISOString() })),
});
