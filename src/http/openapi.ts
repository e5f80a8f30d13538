import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI 3.1 document, generated from the route schemas, at /openapi.json, and the
 * interactive docs at /docs. Must be registered before the routes it describes.
 */
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
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/openapi.json' } });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
