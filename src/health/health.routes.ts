import { Type } from 'typebox';
import { databaseAnswers } from '../db/probes.ts';
import type { AppInstance, AppDeps } from '../http/app-instance.ts';
import { AppError } from '../errors/app-error.ts';

const Status = Type.Object({ status: Type.Literal('ok') });

export function registerHealthRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/',
    {
      schema: {
        tags: ['operations'],
        summary: 'Where to start',
        security: [],
        response: {
          200: Type.Object({
            name: Type.String(),
            api: Type.String(),
            docs: Type.String(),
            openapi: Type.String(),
          }),
        },
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
      schema: { tags: ['operations'], summary: 'The process is up', security: [], response: { 200: Status } },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database answers',
        security: [],
        response: { 200: Status },
      },
    },
    async () => {
      if (!(await databaseAnswers(db)))
        throw new AppError('service_unavailable', 'The database is not reachable');
      return { status: 'ok' as const };
    },
  );
}
