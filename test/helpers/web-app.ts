import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildWebIfStale } from '../../scripts/build-web.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { hashPassword } from '../../src/sessions/password.ts';
import { launchBrowser } from './browser.ts';
import type { TestDatabase } from './database.ts';
import { startService, type ServerProcess } from './processes.ts';

/** The demo client user's password in the browser tests. */
export const DEMO_PASSWORD = 'a long demo passphrase';

/**
 * The setting of a browser test file: the web application built if its sources changed, the
 * demo world with a password for its client user, a service process serving both, and a
 * Chromium (with `env` for the service, if any); all ended after the file. Hooks the file adds afterwards find them ready.
 */
export function useWebApp(t: TestDatabase, env: Record<string, string> = {}) {
  let demo: DemoWorld | null = null;
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  let base = '';
  const dataDir = path.join(os.tmpdir(), `aoms-web-${process.pid}`);

  beforeAll(async () => {
    buildWebIfStale();
    demo = await seedDemo(t.db);
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
      .where('id', '=', demo.users.client.id)
      .execute();
    ({ server, base } = await startService({ DATABASE_URL: t.url, DATA_DIR: dataDir, ...env }));
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.child.exitCode === null) server.child.kill('SIGTERM');
    await server?.exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const ready = <T>(value: T | null): T => {
    if (value === null) throw new Error('the web application runs only inside tests and hooks');
    return value;
  };
  return {
    get demo() {
      return ready(demo);
    },
    get browser() {
      return ready(browser);
    },
    get base() {
      return ready(base || null);
    },
    /**
     * The text of the newest email the service sent to an address (its outbox worker writes
     * each as an .eml file under DATA_DIR/mail), waiting for it to be sent.
     */
    async mailTo(address: string, timeoutMs = 15_000): Promise<string> {
      const directory = path.join(dataDir, 'mail');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const names = (await fs.readdir(directory).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const parsed = await simpleParser(await fs.readFile(path.join(directory, name)));
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          if (to?.value[0]?.address === address) return parsed.text ?? '';
        }
        if (Date.now() > deadline) throw new Error(`no email was sent to ${address}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** The single-sign-on token (the jwt of POST /api/v1/me) of the user whose key this is. */
export async function singleSignOnToken(base: string, apiKey: string): Promise<string> {
  const me = await fetch(`${base}/api/v1/me`, { method: 'POST', headers: { 'x-api-key': apiKey } });
  if (me.status !== 200) throw new Error(`POST /api/v1/me answered ${me.status}`);
  return ((await me.json()) as { jwt: string }).jwt;
}

/** A phone as the browser tests hold one: 375 px wide, touch, twice the pixels. */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

/**
 * A page of a new browser context (a phone's, with `phone`), signed in as the key's user by
 * single sign-on and opened on `where`; any script error in it fails the test.
 */
export async function signedInAt(
  browser: Browser,
  base: string,
  apiKey: string,
  where: string,
  phone = false,
): Promise<Page> {
  const context = await browser.newContext(phone ? PHONE : {});
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  const token = await singleSignOnToken(base, apiKey);
  await page.goto(`${base}/sso?token=${token}&return_to=${encodeURIComponent(where)}`);
  return page;
}
