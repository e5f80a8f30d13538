import { databaseAnswers } from '../db/probes.ts';
import type { AppInstance, AppDeps } from '../http/app-instance.ts';
import { AppError } from '../errors/app-error.ts';
import { ref } from '../schemas/common.ts';
import { HealthStatus, ServiceIndex } from './health.schemas.ts';

export function registerHealthRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/',
    {
      schema: {
        operationId: 'getServiceIndex',
        tags: ['operations'],
        summary: 'Where to start',
        description: 'Links to the API, its interactive documentation and this document.',
        security: [],
        response: { 200: ref(ServiceIndex) },
      },
    },
    () => ({
      name: 'Appraisal Order Management',
      api: `${config.publicBaseUrl}/api/v1`,
      docs: `${config.publicBaseUrl}/docs`,
      openapi: `${config.publicBaseUrl}/openapi.json`,
    }),
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
