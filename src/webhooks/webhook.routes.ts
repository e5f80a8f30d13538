import { Type } from 'typebox';
import { Id, ref, Success } from '../schemas/common.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { parsePaging, PagingQueryString } from '../http/list-query.ts';
import { principalOf } from '../http/request-context.ts';
import {
  CreateWebhookBody,
  Delivery,
  ReplayedDelivery,
  RotatedSecret,
  TestEventSent,
  UpdateWebhookBody,
  Webhook,
  WebhookWithSecret,
} from './webhook.schemas.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
} from './webhook.service.ts';

const Params = Type.Object({ webhook_id: Id('The subscription') });
const tags = ['webhooks'];
/** Client and staff admins manage their organization's subscriptions (the service checks the admin flag); operators all. */
const routeConfig = { roles: ['client', 'staff', 'operator'] as const };

export function registerWebhookRoutes(app: AppInstance, deps: AppDeps): void {
  const { db, config } = deps;
  app.post(
    '/webhooks',
    {
      config: {
        ...routeConfig,
        shownOnce: {
          fields: ['secret'],
          then: 'The subscription exists: rotate its secret (POST /api/v1/webhooks/{id}/rotate_secret) to get a new one.',
        },
      },
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Subscribe to events',
        description:
          'Organization admins for their organization, operators for any. The URL must be http(s) and reach a public address. The signing secret is shown once: a retry with the same Idempotency-Key answers 409 naming the subscription.',
        body: ref(CreateWebhookBody),
        response: { 201: ref(WebhookWithSecret) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhook(deps, principalOf(request).user, request.body)),
  );
  app.get(
    '/webhooks',
    {
      config: routeConfig,
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: "Your organization's subscriptions",
        description: 'Operators see every organization’s. Secrets are never shown again.',
        response: { 200: Type.Array(ref(Webhook), { description: 'The subscriptions' }) },
      },
    },
    (request) => listWebhooks(db, principalOf(request).user),
  );
  app.get(
    '/webhooks/:webhook_id',
    {
      config: routeConfig,
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'One subscription',
        description: 'Whether it is active, and why the service disabled it if it did.',
        params: Params,
        response: { 200: ref(Webhook) },
      },
    },
    (request) => getWebhook(db, principalOf(request).user, request.params.webhook_id),
  );
  app.patch(
    '/webhooks/:webhook_id',
    {
      config: routeConfig,
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary: 'Change a subscription',
        description: '"active": true re-enables a subscription the service disabled; absent fields stay.',
        params: Params,
        body: ref(UpdateWebhookBody),
        response: { 200: ref(Webhook) },
      },
    },
    (request) =>
      updateWebhook(db, config, principalOf(request).user, request.params.webhook_id, request.body),
  );
  app.delete(
    '/webhooks/:webhook_id',
    {
      config: routeConfig,
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete a subscription',
        description: 'Pending deliveries to it stop.',
        params: Params,
        response: { 200: ref(Success, 'Deleted') },
      },
    },
    async (request) => {
      await deleteWebhook(db, principalOf(request).user, request.params.webhook_id);
      return { success: true as const };
    },
  );
  app.post(
    '/webhooks/:webhook_id/rotate_secret',
    {
      config: {
        ...routeConfig,
        shownOnce: {
          fields: ['secret'],
          then: 'Rotate again, with a new Idempotency-Key, to get a new secret.',
        },
      },
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'Replace the signing secret',
        description: 'The new secret is shown once and signs every delivery from now on.',
        params: Params,
        response: { 200: ref(RotatedSecret) },
      },
    },
    async (request) => ({
      secret: await rotateSecret(deps, principalOf(request).user, request.params.webhook_id),
    }),
  );
  app.get(
    '/webhooks/:webhook_id/deliveries',
    {
      config: routeConfig,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'The delivery log',
        description: 'Newest first: attempts, status codes, latency, next retry.',
        params: Params,
        querystring: PagingQueryString,
        response: { 200: Type.Array(ref(Delivery), { description: 'A page of deliveries' }) },
      },
    },
    (request) => {
      const { page, perPage } = parsePaging(request.query);
      return listDeliveries(db, principalOf(request).user, request.params.webhook_id, page, perPage);
    },
  );
  app.post(
    '/webhooks/:webhook_id/deliveries/:delivery_id/replay',
    {
      config: routeConfig,
      schema: {
        operationId: 'replayWebhookDelivery',
        tags,
        summary: 'Deliver an event again',
        description:
          'A new delivery of the same event, with the same webhook-id header so that receivers can tell it is the same.',
        params: Type.Object({ webhook_id: Id('The subscription'), delivery_id: Id('The delivery') }),
        response: { 202: ref(ReplayedDelivery) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        success: true as const,
        delivery_id: await replayDelivery(
          db,
          principalOf(request).user,
          request.params.webhook_id,
          request.params.delivery_id,
        ),
      }),
  );
  app.post(
    '/webhooks/:webhook_id/test',
    {
      config: routeConfig,
      schema: {
        operationId: 'sendWebhookTest',
        tags,
        summary: 'Send a webhook.test event to this subscription',
        description: 'Queued at once; its delivery shows in the delivery log.',
        params: Params,
        response: { 202: ref(TestEventSent) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        success: true as const,
        event_id: await sendTestEvent(db, principalOf(request).user, request.params.webhook_id),
      }),
  );
}
