import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { EVENT_TYPES } from '../events/event-types.ts';

/**
 * The OpenAPI 3.1 document, generated from the route schemas, at /openapi.json, and the
 * interactive docs at /docs. Must be registered before the routes it describes.
 */
/** One entry per event type: what a subscriber receives, signed (see docs/webhooks.md). */
function webhookDocuments() {
  return Object.fromEntries(
    Object.entries(EVENT_TYPES).map(([type, description]) => [
      type,
      {
        post: {
          summary: type,
          description: `${description} Headers: webhook-id, webhook-timestamp, webhook-signature (Standard Webhooks, HMAC-SHA256).`,
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'timestamp', 'data'],
                  properties: {
                    id: { type: 'string', description: 'Event id; also the webhook-id header' },
                    type: { type: 'string', const: type },
                    timestamp: {
                      type: 'string',
                      format: 'date-time',
                      description: 'When it happened, ISO 8601 UTC',
                    },
                    data: {
                      type: 'object',
                      description: 'order_id and file_number for order events, and the fields that changed',
                    },
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received; any other answer is retried with backoff' } },
        },
      },
    ]),
  );
}

export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Appraisal Order Management API',
        version: '1.0.0',
        description:
          'Lenders place property appraisal orders with appraisal management companies; staff assign ' +
          'them to appraisers; appraisers inspect and submit reports; clients review, pay and receive ' +
          'the appraisal. Every error answers `{success: false, error: {code, message, details}, request_id}`.',
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: {
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
        },
      },
      security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
      webhooks: webhookDocuments(),
    } as never,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/openapi.json' } });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
