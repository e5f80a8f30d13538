import type { Schema } from '../../../sdk/src/client.ts';
import { queryClient } from './query-client.ts';
import { api, unwrap } from './sdk.ts';

/** The company's webhook subscriptions and their delivery logs. */
export type Webhook = Schema<'Webhook'>;
export type WebhookDelivery = Schema<'WebhookDelivery'>;
export type WebhookBody = Schema<'CreateWebhookRequest'>;

const WEBHOOKS_KEY = ['webhooks'] as const;
const refreshWebhooks = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });

export const webhooksQuery = {
  queryKey: WEBHOOKS_KEY,
  queryFn: async () => unwrap(await api.GET('/api/v1/webhooks')),
};

/** The newest deliveries, asked again every second while one is still pending. */
export const deliveriesQuery = (webhookId: string) => ({
  queryKey: ['webhook-deliveries', webhookId],
  queryFn: async () =>
    unwrap(
      await api.GET('/api/v1/webhooks/{webhook_id}/deliveries', {
        params: { path: { webhook_id: webhookId }, query: { per_page: 25 } },
      }),
    ),
  refetchInterval: (query: { state: { data?: WebhookDelivery[] } }) =>
    query.state.data?.some((delivery) => delivery.status === 'pending') ? 1_000 : false,
});
const refreshDeliveries = (webhookId: string) =>
  queryClient.invalidateQueries({ queryKey: deliveriesQuery(webhookId).queryKey });

/** A new subscription, with its signing secret (shown this once). */
export async function createWebhook(body: WebhookBody) {
  const created = unwrap(await api.POST('/api/v1/webhooks', { body }));
  await refreshWebhooks();
  return created;
}

export async function updateWebhook(webhookId: string, body: Schema<'UpdateWebhookRequest'>) {
  const saved = unwrap(
    await api.PATCH('/api/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: webhookId } }, body }),
  );
  await refreshWebhooks();
  return saved;
}

export async function deleteWebhook(webhookId: string) {
  unwrap(await api.DELETE('/api/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: webhookId } } }));
  await refreshWebhooks();
}

/** A webhook.test event, which shows in the delivery log. */
export async function sendTestEvent(webhookId: string) {
  const sent = unwrap(
    await api.POST('/api/v1/webhooks/{webhook_id}/test', { params: { path: { webhook_id: webhookId } } }),
  );
  await refreshDeliveries(webhookId);
  return sent;
}

export async function replayDelivery(webhookId: string, deliveryId: string) {
  const replayed = unwrap(
    await api.POST('/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/replay', {
      params: { path: { webhook_id: webhookId, delivery_id: deliveryId } },
    }),
  );
  await refreshDeliveries(webhookId);
  return replayed;
}

/** A new signing secret (shown this once): the old one stops signing at once. */
export const rotateWebhookSecret = async (webhookId: string) =>
  unwrap(
    await api.POST('/api/v1/webhooks/{webhook_id}/rotate_secret', {
      params: { path: { webhook_id: webhookId } },
    }),
  ).secret;
