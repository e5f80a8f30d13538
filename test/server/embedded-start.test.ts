import { existsSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runCli, startServer, waitUntilReady, type ServerProcess } from '../helpers/processes.ts';

/**
 * The newcomer's path, for real: `node src/server.ts` with no DATABASE_URL starts the embedded
 * PostgreSQL under DATA_DIR, seeds the demo world once, serves, and stops everything on SIGTERM.
 */
// Under os.tmpdir() but not mkdtemp: the server's own user must be able to enter it when run as root.
const dataDir = path.join(os.tmpdir(), `aoms-e2e-${randomBytes(4).toString('hex')}`);
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface Demo {
  users: Record<'staff' | 'appraiser' | 'client', { id: string; email: string; api_key: string }>;
}

async function start(port: number): Promise<ServerProcess> {
  const server = startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  running.push(server);
  // A first start creates the cluster and seeds the demo world before it listens: on a busy
  // machine that takes longer than a restart.
  await waitUntilReady(`http://127.0.0.1:${port}`, server, 80_000);
  return server;
}

async function stop(server: ServerProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, ms: Date.now() - started };
}

function postmasterRunning(): boolean {
  return existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'));
}

describe('first start on the embedded database', () => {
  it('serves with no setup, prints a working curl line, survives a restart, and stops cleanly', async () => {
    const port = await freePort();
    const first = await start(port);

    // The demo world: keys on the console and in DATA_DIR/demo.json, readable by the owner only.
    const demoFile = path.join(dataDir, 'demo.json');
    expect(statSync(demoFile).mode & 0o777).toBe(0o600);
    const demo = JSON.parse(await fs.readFile(demoFile, 'utf8')) as Demo;
    const curlLine = first.output().match(/curl -X POST -H 'X-Api-Key: (\S+)' (\S+)/);
    expect(curlLine?.[1]).toBe(demo.users.client.api_key);
    const me = await fetch(curlLine![2]!.replace('localhost', '127.0.0.1'), {
      method: 'POST',
      headers: { 'X-Api-Key': curlLine![1]! },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(demo.users.client.id);
    // The demo world fills every screen: a couple of hundred orders over the workflow's statuses.
    expect(first.output()).toMatch(/First start: a demo world was created in [\d.]+ s \(\d{3} orders/);
    const counts = await fetch(`http://127.0.0.1:${port}/api/v1/orders/status_counts`, {
      headers: { 'X-Api-Key': demo.users.staff.api_key },
    });
    const byStatus = ((await counts.json()) as { data: { status: { name: string }; count: number }[] }).data;
    expect(byStatus.length).toBeGreaterThanOrEqual(29);
    expect(byStatus.reduce((sum, row) => sum + row.count, 0)).toBeGreaterThanOrEqual(200);
    // A one-time sign-in link per demo user opens a web session, once.
    const signInLine = first.output().match(/^ {2}client {5}(http\S+\/auth\/link\?token=\S+)$/m);
    expect(signInLine, first.output()).not.toBeNull();
    const linkUrl = signInLine![1]!.replace('localhost', '127.0.0.1');
    const opened = await fetch(linkUrl, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('set-cookie')).toMatch(/^aoms_session=/);
    const linkAgain = await fetch(linkUrl, { redirect: 'manual' });
    expect(linkAgain.headers.get('location')).toBe('/sign-in?error=link');

    // A second service process on the same DATA_DIR refuses, with a clear message.
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: '' });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by another process/);

    // The operator CLI attaches to the running server.
    const issued = await runCli(['keys', 'issue', '--email', demo.users.staff.email, '--json'], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    expect(issued.code).toBe(0);
    const newKey = (JSON.parse(issued.stdout) as { key: { api_key: string } }).key.api_key;
    expect(
      (await fetch(`http://127.0.0.1:${port}/api/v1/me?api_key=${newKey}`, { method: 'POST' })).status,
    ).toBe(200);

    const stopped = await stop(first);
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    expect(postmasterRunning()).toBe(false);

    // Restarting reuses the data: the same keys work and no second demo world appears.
    const again = await start(port);
    expect(again.output()).not.toMatch(/First start/);
    const reused = await fetch(`http://127.0.0.1:${port}/api/v1/me`, {
      method: 'POST',
      headers: { 'x-api-key': newKey },
    });
    expect(reused.status).toBe(200);
    expect((await stop(again)).code).toBe(0);
    expect(postmasterRunning()).toBe(false);
    // Two starts, a refused third, a CLI call and the demo world's seeding (a few seconds).
  }, 150_000);

  it('recovers a server orphaned by a killed process', async () => {
    const port = await freePort();
    const killed = await start(port);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(postmasterRunning()).toBe(true);

    const next = await start(port);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect((await stop(next)).code).toBe(0);
    expect(postmasterRunning()).toBe(false);
  }, 90_000);

  it('refuses a bad configuration with a message naming each variable', async () => {
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      TIME_ZONE: 'Mars/Olympus',
    });
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: must be a whole number/);
    expect(server.output()).toMatch(/LOG_LEVEL/);
    expect(server.output()).toMatch(/TIME_ZONE/);
  });
});
