import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFlags } from '../start-flags.ts';
import { freePort, ROOT, untilReady } from './service.ts';

/**
 * `npm run bench:first-start` (and the end of `npm run bench`): what a newcomer waits for after
 * `npm start` on a new machine. The service starts as its own process on its embedded PostgreSQL
 * in a fresh data directory, exactly as `npm start` does, BENCH_FIRST_STARTS (3) times; each
 * time the seconds until it answers /readyz, and the seconds the demo world took to seed, as
 * the service prints them, against the README's target of 30 s. Figures are printed, never
 * asserted (the tests check what the world holds, test/seed/demo-world.test.ts).
 */
const STARTS = Number(process.env.BENCH_FIRST_STARTS ?? 3);
const SEED_TARGET_SECONDS = 30;
const log = (message: string) => process.stderr.write(`[bench:first-start] ${message}\n`);

interface FirstStart {
  readySeconds: number;
  seedSeconds: number;
}

async function firstStart(): Promise<FirstStart> {
  // Not mkdtemp: its 0700 directory would shut out PostgreSQL's own user when run as root.
  const dataDir = path.join(os.tmpdir(), `aoms-first-start-${process.pid}-${Date.now()}`);
  const port = await freePort();
  const started = performance.now();
  const { DATABASE_URL: _external, ...env } = process.env;
  const child = spawn(process.execPath, [...startFlags(), 'src/server.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await untilReady(`http://127.0.0.1:${port}`, child, 180);
    const readySeconds = (performance.now() - started) / 1000;
    const seeded = /a demo world was created in ([\d.]+) s/.exec(output);
    if (!seeded)
      throw new Error(`the service did not say it seeded the demo world:\n${output.slice(0, 2000)}`);
    return { readySeconds, seedSeconds: Number(seeded[1]) };
  } finally {
    child.kill('SIGTERM');
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const runs: FirstStart[] = [];
for (let i = 1; i <= STARTS; i++) {
  log(`first start ${i} of ${STARTS}`);
  runs.push(await firstStart());
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seed = median(runs.map((run) => run.seedSeconds));
const ready = median(runs.map((run) => run.readySeconds));
const load = os.loadavg()[0]!.toFixed(1);
console.log(
  `first start on a new data directory, embedded PostgreSQL; median of ${STARTS} (load average ${load})`,
);
console.log(
  `  runs (seed s / ready s): ${runs.map((r) => `${r.seedSeconds.toFixed(1)} / ${r.readySeconds.toFixed(1)}`).join(', ')}`,
);
console.log(
  `  demo world seeded in ${seed.toFixed(1)} s (target ${SEED_TARGET_SECONDS} s: ${seed < SEED_TARGET_SECONDS ? 'met' : 'missed'})`,
);
console.log(`  ready to answer in ${ready.toFixed(1)} s`);
