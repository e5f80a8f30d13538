import { primaryKeyRead } from '../db/probes.ts';
import { Type } from 'typebox';
import type { AppDeps, AppInstance } from './app-instance.ts';

/**
 * The benchmark's ceiling pair, registered only with BENCH_ROUTES=true: a bare route, and a
 * bare route doing one primary-key SELECT through the service's own pool. Every API figure
 * of `npm run bench` is read as a ratio to these, measured in the same run.
 *
 * `?bytes=N` pads the primary-key read's answer to about N bytes: the same read answering as
 * many bytes as a detail or a list page, which tells how much of a route's distance to the
 * ceiling is the size of its answer alone (the bench's reference rows).
 */
export function registerBenchRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get('/__bench/bare', { schema: { hide: true } }, () => ({ ok: true }));
  let padding = '';
  app.get(
    '/__bench/pk/:id',
    {
      schema: {
        hide: true,
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({
          bytes: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
        }),
      },
    },
    async (request) => {
      const row = await primaryKeyRead(db, request.params.id);
      const bytes = request.query.bytes;
      if (bytes === undefined || row === null) return row;
      // The read's own fields and the JSON around them take about 80 bytes of the answer.
      const length = Math.max(0, bytes - 80);
      if (padding.length !== length) padding = 'x'.repeat(length);
      return { ...row, padding };
    },
  );
}
