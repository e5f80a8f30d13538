import { sql } from 'kysely';
import type { Db } from '../../src/db/connection.ts';
import { freePort, startServer, waitUntilReady, type ServerProcess } from './processes.ts';

/**
 * Shared parts of the reliability tests (test/reliability/): real service processes driven over
 * HTTP, and checks of the database after they were killed or raced against each other.
 */
export interface Service {
  server: ServerProcess;
  port: number;
  /** http://127.0.0.1:PORT/api/v1 */
  api: string;
}

/** Starts `node src/server.ts` on a free port with the given environment and waits until it is ready. */
export async function startService(env: Record<string, string>, running: ServerProcess[]): Promise<Service> {
  const port = await freePort();
  const server = startServer({
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '0',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_CARD_ATTEMPTS_PER_MINUTE: '0',
    ...env,
  });
  running.push(server);
  await waitUntilReady(`http://127.0.0.1:${port}`, server);
  return { server, port, api: `http://127.0.0.1:${port}/api/v1` };
}

/** SIGKILLs every process of the list still running and waits for them to exit. */
export async function killAll(running: ServerProcess[]): Promise<void> {
  await Promise.all(
    running.map(async (server) => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }),
  );
}

/** What one HTTP request came back with; status 0 when there was no complete answer. */
export interface Answer {
  status: number;
  body: any;
  error?: string;
}

/** Counts requests in flight, so that a test can kill a process while some are. */
export class HttpClient {
  inFlight = 0;
  fired = 0;

  async request(
    url: string,
    key: string,
    method: 'GET' | 'POST' | 'PUT',
    body?: Record<string, unknown>,
  ): Promise<Answer> {
    this.fired++;
    this.inFlight++;
    try {
      const response = await fetch(url, {
        method,
        headers: {
          'X-Api-Key': key,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(15_000),
      });
      // A process killed while answering leaves the status without its body: no complete answer.
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { status: 0, body: null, error: cause?.code ?? cause?.message ?? String(error) };
    } finally {
      this.inFlight--;
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers true; throws with `describe()` after the timeout. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  describe: () => Promise<string> | string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${await describe()}`);
    await sleep(50);
  }
}

/**
 * Polls `remaining` until it answers nothing left. A bound on correctness, not on speed: it fails
 * only when no message left the remainder for `stallMs` (a machine busy with the rest of the
 * suite delivers slowly but still delivers; a stuck worker delivers nothing). Progress is a
 * message leaving, not the count falling: a delivered notice adds its emails to the remainder.
 */
export async function waitUntilDrained<T extends { id: string }>(
  remaining: () => Promise<T[]>,
  stallMs: number,
  describe: (left: T[]) => Promise<string> | string,
): Promise<void> {
  let left = await remaining();
  let progressAt = Date.now();
  while (left.length > 0) {
    if (Date.now() - progressAt > stallMs) {
      throw new Error(`no progress for ${stallMs} ms, ${left.length} left: ${await describe(left)}`);
    }
    await sleep(50);
    const before = left;
    left = await remaining();
    const now = new Set(left.map((m) => m.id));
    if (before.some((m) => !now.has(m.id))) progressAt = Date.now();
  }
}

/**
 * After a SIGKILL, PostgreSQL still runs the statements the dead process had sent (a COMMIT, an
 * outbox claim) to their end before it notices the closed connection. Waits until no backend
 * on this database but the caller's own query is busy, so that what the dead process
 * committed is all there. Call it while no other process uses the database.
 */
export async function waitForOrphanedStatements(db: Db, timeoutMs = 10_000): Promise<void> {
  const busy = async () =>
    (
      await sql<{ pid: number; state: string; query: string }>`
        SELECT pid, state, query FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND backend_type = 'client backend' AND state IS NOT NULL AND state <> 'idle'`.execute(db)
    ).rows;
  await waitFor(
    async () => (await busy()).length === 0,
    timeoutMs,
    async () => `backends still busy: ${JSON.stringify(await busy())}`,
  );
}

/** The outbox message id in an email's Message-ID (`<outbox-id@host>`), or null. */
export function outboxIdOf(messageId: string | undefined): string | null {
  return /^<?([0-9a-f-]{36})@[^>]+>?$/i.exec(messageId ?? '')?.[1] ?? null;
}

/**
 * Orders left half-changed: without products, without a borrower, without exactly one 'create'
 * history row, or whose status is not where their history leads. The history must be one chain:
 * 'create' from nothing, then each row from the status the previous one went to, ending at the
 * order's status. Rows are ordered by their time in microseconds; rows written at the same
 * microsecond are chained in whichever order fits.
 */
export async function halfChangedOrders(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const orders = await sql<{
    id: string;
    file_number: string;
    status: string;
    products: string;
    borrowers: string;
    creates: string;
  }>`
    SELECT o.id, o.file_number, o.status,
           (SELECT count(*) FROM order_products p WHERE p.order_id = o.id) AS products,
           (SELECT count(*) FROM order_parties pa WHERE pa.order_id = o.id AND pa.role = 'borrower') AS borrowers,
           (SELECT count(*) FROM order_history h WHERE h.order_id = o.id AND h.action = 'create') AS creates
      FROM orders o`.execute(db);
  const history = await sql<{
    order_id: string;
    action: string;
    from_status: string | null;
    to_status: string;
    us: string;
  }>`
    SELECT order_id, action, from_status, to_status,
           (extract(epoch FROM created_at) * 1000000)::bigint::text AS us
      FROM order_history
     ORDER BY order_id, created_at`.execute(db);
  const byOrder = new Map<string, typeof history.rows>();
  for (const row of history.rows) {
    const rows = byOrder.get(row.order_id) ?? [];
    rows.push(row);
    byOrder.set(row.order_id, rows);
  }
  for (const order of orders.rows) {
    const name = `${order.file_number} (${order.id})`;
    if (Number(order.products) < 1) problems.push(`${name}: no products`);
    if (Number(order.borrowers) !== 1) problems.push(`${name}: ${order.borrowers} borrower parties`);
    if (Number(order.creates) !== 1) problems.push(`${name}: ${order.creates} 'create' history rows`);
    const rows = [...(byOrder.get(order.id) ?? [])];
    let current: string | null = null;
    let step = 0;
    while (rows.length > 0) {
      const earliest = rows[0]!.us;
      const next = rows.findIndex(
        (r) => r.us === earliest && r.from_status === current && (step === 0) === (r.action === 'create'),
      );
      if (next < 0) {
        const row = rows[0]!;
        problems.push(
          `${name}: history breaks at step ${step}: ${row.action} ${row.from_status} → ${row.to_status} after ${current}`,
        );
        break;
      }
      current = rows[next]!.to_status;
      rows.splice(next, 1);
      step++;
    }
    if (current !== order.status)
      problems.push(`${name}: status ${order.status} but its history ends at ${current}`);
  }
  return problems;
}

/** Runs `task` over the items with at most `limit` at a time; answers the results in order. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
