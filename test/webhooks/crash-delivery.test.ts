import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { freePort, startServer, waitUntilReady, type ServerProcess } from '../helpers/processes.ts';
import { startReceiver, type TestReceiver } from '../helpers/receiver.ts';
import { verifyWebhook } from '../helpers/verify-webhook.ts';

/**
 * A real service process is killed (SIGKILL) after an event committed and before its worker
 * delivered it; the next process delivers it.
 */
const t = useTestDatabase();
let demo: DemoWorld;
let receiver: TestReceiver;
const dataDir = path.join(os.tmpdir(), `aoms-crash-${process.pid}`);
const running: ServerProcess[] = [];

beforeAll(async () => {
  demo = await seedDemo(t.db);
  receiver = await startReceiver();
});
afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await receiver.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function start(port: number, pollMs: number): Promise<ServerProcess> {
  const server = startServer({
    DATABASE_URL: t.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    OUTBOX_POLL_INTERVAL_MS: String(pollMs),
  });
  running.push(server);
  await waitUntilReady(`http://127.0.0.1:${port}`, server);
  return server;
}

it('delivers after a restart an event whose process was killed before delivering it', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const headers = { 'X-Api-Key': demo.users.client.api_key, 'Content-Type': 'application/json' };
  // A slow poll: after its first look at start, this worker will not look again before it dies.
  const first = await start(port, 60_000);
  const subscription = (await (
    await fetch(`${base}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url }) })
  ).json()) as { id: string; secret: string };
  const test = await fetch(`${base}/webhooks/${subscription.id}/test`, {
    method: 'POST',
    headers: { 'X-Api-Key': demo.users.client.api_key },
  });
  expect(test.status).toBe(202);
  first.child.kill('SIGKILL');
  await first.exited;

  const pending = await t.db
    .selectFrom('outbox_messages')
    .select(['kind', 'status'])
    .where('kind', '=', 'webhook')
    .execute();
  expect(pending).toEqual([{ kind: 'webhook', status: 'pending' }]);
  expect(receiver.received).toEqual([]);

  const second = await start(port, 100);
  const deadline = Date.now() + 15_000;
  while (receiver.received.length === 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(receiver.received.map((r) => r.json.type)).toEqual(['webhook.test']);
  expect(verifyWebhook(subscription.secret, receiver.received[0]!.headers, receiver.received[0]!.body)).toBe(
    true,
  );
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
});
