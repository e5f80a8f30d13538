import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from '../../src/db/connection.ts';
import { openEmbeddedDatabase } from '../../src/db/embedded.ts';
import { startFlags } from '../start-flags.ts';

/**
 * What the benchmarks share: a throwaway PostgreSQL database, and the service started on it as
 * a separate process in production mode with rate limiting off.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A new database on the server named by DATABASE_URL, or else an embedded PostgreSQL in a fresh
 * temporary directory; `stop` drops the one or removes the other. With BENCH_DATABASE=<name>
 * (and DATABASE_URL), that database instead: created if missing and kept after the run, so that
 * a data set loaded once serves the runs that follow (`kept`; see loadedOrders).
 */
export async function benchDatabase(
  log: (message: string) => void,
): Promise<{ url: string; kept: boolean; stop: () => Promise<void> }> {
  const external = process.env.DATABASE_URL?.trim();
  const keptName = process.env.BENCH_DATABASE?.trim();
  if (external) {
    const admin = async (statement: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: external });
      await client.connect();
      return client.query<Record<string, unknown>>(statement, values).finally(() => client.end());
    };
    if (keptName) {
      if (!/^[a-z_][a-z0-9_]*$/.test(keptName)) throw new Error('BENCH_DATABASE: a lower-case SQL name');
      const { rowCount } = await admin('SELECT 1 FROM pg_database WHERE datname = $1', [keptName]);
      if (!rowCount) await admin(`CREATE DATABASE ${keptName}`);
      log(`the kept database ${keptName}${rowCount ? '' : ' (new)'}`);
      return { url: withDatabase(external, keptName), kept: true, stop: () => Promise.resolve() };
    }
    const name = `aoms_bench_${randomBytes(3).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    return {
      url: withDatabase(external, name),
      kept: false,
      stop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`).then(() => undefined),
    };
  }
  const dir = path.join(os.tmpdir(), `aoms-bench-${Date.now()}`);
  const embedded = await openEmbeddedDatabase(dir, 'refuse', log);
  return {
    url: embedded.url,
    kept: false,
    stop: async () => {
      await embedded.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the service answers /readyz; throws if it exits first or takes over `seconds`. */
export async function untilReady(baseUrl: string, child: ChildProcess, seconds = 60): Promise<void> {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`the service exited (${child.exitCode}) before it was ready`);
    if (i === seconds * 10) throw new Error(`the service was not ready within ${seconds} s`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface BenchService {
  baseUrl: string;
  child: ChildProcess;
  /** Stops the service (SIGTERM) and removes its data directory. */
  stop: () => Promise<void>;
}

/**
 * The service on `databaseUrl` and a free loopback port, in production mode, warnings only,
 * rate limiting off, the ceiling routes on (BENCH_ROUTES); resolves once /readyz answers.
 * `nodeArgs` go before the entry point (a CPU profile's flags).
 */
export async function startBenchService(databaseUrl: string, nodeArgs: string[] = []): Promise<BenchService> {
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), `aoms-bench-data-${Date.now()}`);
  const child = spawn(process.execPath, [...startFlags(), ...nodeArgs, 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '0',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      RATE_LIMIT_CARD_ATTEMPTS_PER_MINUTE: '0',
      BENCH_ROUTES: 'true',
      DATA_DIR: dataDir,
      DATABASE_POOL_SIZE: '20',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  await untilReady(baseUrl, child);
  return {
    baseUrl,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
