import { databaseAnswers } from '../db/probes.ts';
import type { AppInstance, AppDeps } from '../http/app-instance.ts';
import { AppError } from '../errors/app-error.ts';
import { ref } from '../schemas/common.ts';
import type { WebApp } from '../web/web-app.ts';
import { HealthStatus, ServiceIndex } from './health.schemas.ts';

export function registerHealthRoutes(
  app: AppInstance,
  { db, config }: AppDeps,
  webApp: WebApp | null = null,
): void {
  app.get(
    '/',
    {
      schema: {
        operationId: 'getServiceIndex',
        tags: ['operations'],
        summary: 'Where to start',
        description:
          'Links to the API, its interactive documentation and this document. A browser (Accept: text/html) gets the web application instead.',
        security: [],
        response: {
          200: {
            description: 'The index, or the web application to a browser',
            content: {
              'application/json': { schema: ref(ServiceIndex) },
              'text/html': { schema: { type: 'string', description: "The web application's page" } },
            },
          },
        },
      },
    },
    (request, reply) => {
      // A browser gets the web application; an integrator asking for JSON, the index.
      if (webApp?.servePage(request, reply)) return;
      return {
        name: 'Appraisal Order Management',
        api: `${config.publicBaseUrl}/api/v1`,
        docs: `${config.publicBaseUrl}/docs`,
        openapi: `${config.publicBaseUrl}/openapi.json`,
      };
    },
  );
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getLiveness',
        tags: ['operations'],
        summary: 'The process is up',
        description: 'Liveness: answers while the process runs, whatever the database does.',
        security: [],
        response: { 200: ref(HealthStatus) },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { errors: [503] },
      schema: {
        operationId: 'getReadiness',
        tags: ['operations'],
        summary: 'The database answers',
        description:
          'Readiness: 200 when the database answers a query, 503 otherwise (take the instance out of rotation).',
        security: [],
        response: { 200: ref(HealthStatus) },
      },
    },
    async () => {
      if (!(await databaseAnswers(db)))
        throw new AppError('service_unavailable', 'The database is not reachable');
      return { status: 'ok' as const };
    },
  );
}
