import fs from 'node:fs/promises';
import { createDb } from '../../src/db/connection.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { loadData } from './load-data.ts';
import { benchDatabase, startBenchService } from './service.ts';

/**
 * The memory of a CSV export (GET /api/v1/orders/export) as its size grows: the bulk data set
 * with BENCH_EXPORT_ORDERS orders (500,000: 100,000 for the benchmark's company), the service
 * as its own process in production mode, then exports of a few hundred, ten thousand and a
 * hundred thousand rows, one after the other, read to the end by a client on loopback. For
 * each: rows, megabytes, seconds, and the service's resident memory before and at its peak
 * (VmHWM, reset before each export, and VmRSS sampled every 20 ms). Streamed from a cursor, the
 * peak should not follow the number of rows.
 */
const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 500_000);
const log = (message: string) => process.stderr.write(`[bench:export] ${message}\n`);

async function memory(pid: number): Promise<{ rssKb: number; peakKb: number }> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
}

/** Reads the whole answer, counting lines and bytes, holding nothing. */
async function download(url: string, key: string): Promise<{ status: number; rows: number; bytes: number }> {
  const answer = await fetch(url, { headers: { 'x-api-key': key } });
  let rows = 0;
  let bytes = 0;
  for await (const chunk of answer.body!) {
    const data = chunk as Uint8Array;
    bytes += data.length;
    for (const byte of data) if (byte === 10) rows++;
  }
  return { status: answer.status, rows: rows - 1, bytes };
}

async function main(): Promise<void> {
  const started = performance.now();
  const { url, stop } = await benchDatabase(log);
  const db = createDb(url, { max: 4 });
  try {
    await migrateToLatest(db);
    log(`loading ${ORDERS.toLocaleString('en-US')} orders`);
    const world = await loadData(db, ORDERS);
    const service = await startBenchService(url);
    try {
      const pid = service.child.pid!;
      const lines = [
        `export: ${ORDERS.toLocaleString('en-US')} orders loaded; the service's RSS in MiB (${Math.round((await memory(pid)).rssKb / 1024)} when ready)`,
      ];
      const exports = [
        ['file numbers AOM-0000…', '?q[file_number_start]=AOM-0000'],
        ['status Assigned', '?q[status_name_eq]=Assigned'],
        ['every order of the company', ''],
      ] as const;
      // Once unmeasured, so that the first measured export does not pay for warming up.
      await download(`${service.baseUrl}/api/v1/orders/export${exports[0][1]}`, world.staffKey);
      for (const [name, query] of exports) {
        await fs.writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined);
        const before = await memory(pid);
        let sampled = before.rssKb;
        const sampler = setInterval(() => {
          void memory(pid).then(
            (m) => (sampled = Math.max(sampled, m.rssKb)),
            () => undefined,
          );
        }, 20);
        const t0 = performance.now();
        const result = await download(`${service.baseUrl}/api/v1/orders/export${query}`, world.staffKey);
        const seconds = (performance.now() - t0) / 1000;
        clearInterval(sampler);
        const after = await memory(pid);
        const peak = Math.max(sampled, after.peakKb, after.rssKb);
        lines.push(
          `${name}: ${result.status}, ${result.rows.toLocaleString('en-US')} rows, ${(result.bytes / 1048576).toFixed(1)} MiB in ${seconds.toFixed(1)} s` +
            `; RSS before ${Math.round(before.rssKb / 1024)}, peak ${Math.round(peak / 1024)}, growth ${Math.round((peak - before.rssKb) / 1024)}`,
        );
      }
      lines.push(`total bench time ${Math.round((performance.now() - started) / 1000)} s`);
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      await service.stop();
    }
  } finally {
    await db.destroy();
    await stop();
  }
}

await main();
