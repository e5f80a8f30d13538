import { primaryKeyRead } from '../db/probes.ts';
import { Type } from 'typebox';
import type { AppDeps, AppInstance } from './app-instance.ts';

/**
 * The benchmark's ceiling pair, registered only with BENCH_ROUTES=true: a bare route, and a
 * bare route doing one primary-key SELECT through the service's own pool. Every API figure
 * of `npm run bench` is read as a ratio to these, measured in the same run.
 */
export function registerBenchRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get('/__bench/bare', { schema: { hide: true } }, () => ({ ok: true }));
  app.get(
    '/__bench/pk/:id',
    { schema: { hide: true, params: Type.Object({ id: Type.String() }) } },
    (request) => primaryKeyRead(db, request.params.id),
  );
}
