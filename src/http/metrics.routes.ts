import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { METRICS_CONTENT_TYPE } from '../metrics/metrics.ts';
import { bearerMatches, type MetricsEndpoint } from './metrics-endpoint.ts';

/** GET /metrics on the service's port: registered only with METRICS_TOKEN, answered only with it. */
export function registerMetricsRoute(app: FastifyInstance, { token, render }: MetricsEndpoint): void {
  if (token === null) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token))
      throw new AppError('unauthenticated', 'The metrics need Authorization: Bearer <METRICS_TOKEN>');
    return reply
      .header('content-type', METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await render());
  });
}
