import { Type } from 'typebox';
import { Success } from '../schemas/common.ts';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { parsePaging, PagingQueryString } from '../http/list-query.ts';
import { principalOf } from '../http/request-context.ts';
import {
  CreateWebhookBody,
  Delivery,
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

const Params = Type.Object({ webhook_id: Type.String() });
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
        tags,
        summary: 'Subscribe to events (organization admins, operators); the secret is shown once',
        body: CreateWebhookBody,
        response: { 201: WebhookWithSecret },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhook(deps, principalOf(request).user, request.body)),
  );
  app.get(
    '/webhooks',
    {
      config: routeConfig,
      schema: { tags, summary: "Your organization's subscriptions", response: { 200: Type.Array(Webhook) } },
    },
    (request) => listWebhooks(db, principalOf(request).user),
  );
  app.get(
    '/webhooks/:webhook_id',
    {
      config: routeConfig,
      schema: { tags, summary: 'One subscription', params: Params, response: { 200: Webhook } },
    },
    (request) => getWebhook(db, principalOf(request).user, request.params.webhook_id),
  );
  app.patch(
    '/webhooks/:webhook_id',
    {
      config: routeConfig,
      schema: {
        tags,
        summary: 'Change a subscription; "active": true re-enables a disabled one',
        params: Params,
        body: UpdateWebhookBody,
        response: { 200: Webhook },
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
        tags,
        summary: 'Delete a subscription',
        params: Params,
        response: { 200: Success },
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
        tags,
        summary: 'Replace the signing secret; the new one is shown once',
        params: Params,
        response: { 200: Type.Object({ secret: Type.String() }) },
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
        tags,
        summary: 'The delivery log, newest first: attempts, status codes, latency, next retry',
        params: Params,
        querystring: PagingQueryString,
        response: { 200: Type.Array(Delivery) },
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
        tags,
        summary: 'Deliver an event again (a new delivery of the same event, same webhook-id)',
        params: Type.Object({ webhook_id: Type.String(), delivery_id: Type.String() }),
        response: { 202: Type.Object({ success: Type.Literal(true), delivery_id: Type.String() }) },
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
        tags,
        summary: 'Send a webhook.test event to this subscription',
        params: Params,
        response: { 202: Type.Object({ success: Type.Literal(true), event_id: Type.String() }) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        success: true as const,
        event_id: await sendTestEvent(db, principalOf(request).user, request.params.webhook_id),
      }),
  );
}
