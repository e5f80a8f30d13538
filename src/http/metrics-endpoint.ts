import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { httpDuration, METRICS_CONTENT_TYPE, statusClass } from '../metrics/metrics.ts';

/**
 * /metrics for Prometheus, never open to anyone: on the service's port only with METRICS_TOKEN
 * (`Authorization: Bearer <token>`, metrics.routes.ts), or on a port of its own (METRICS_PORT,
 * on 127.0.0.1 by default). With neither, /metrics does not exist (404).
 */
export interface MetricsEndpoint {
  token: string | null;
  render: () => Promise<string>;
}

/** Whether the Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Every answer's duration, by route pattern (not URL: bounded labels) and status class. A
 * stream of server-sent events lasts as long as its reader stays: not a latency, so not here
 * (aoms_event_streams_open counts them).
 */
export function installRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) return done();
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** The metrics on a port of their own (METRICS_PORT); METRICS_TOKEN is required there too when set. */
export async function startMetricsServer(
  { token, render }: MetricsEndpoint,
  port: number,
  host: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (token !== null && !bearerMatches(request.headers.authorization, token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain' })
        .end('Authorization: Bearer <METRICS_TOKEN>\n');
      return;
    }
    render().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' })
          .end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
