import type { DeliveryRow, WebhookRow } from './webhook.repository.ts';

export const toWebhook = (row: WebhookRow) => ({
  ...row,
  disabled_at: row.disabled_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const toDelivery = (r: DeliveryRow) => ({
  ...r,
  created_at: r.created_at.toISOString(),
  delivered_at: r.delivered_at ? new Date(r.delivered_at).toISOString() : null,
  next_attempt_at:
    r.status === 'pending' && r.next_attempt_at ? new Date(r.next_attempt_at).toISOString() : null,
  attempt_log: r.attempt_log.map((a) => ({ ...a, attempted_at: new Date(a.attempted_at).toISOString() })),
});
