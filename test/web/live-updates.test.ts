import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { orderBody } from '../helpers/orders.ts';
import { startService, type ServerProcess } from '../helpers/processes.ts';
import { useWebApp } from '../helpers/web-app.ts';

/**
 * Live updates in real Chromium: a lender watches an order and the order list in one browser,
 * an appraisal company's coordinator works in another browser, connected to another service
 * process on the same database, and an integration changes the order through the API. What
 * each of them does appears on the lender's pages without a reload.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
/** The lender's process, and the coordinator's: two processes, as behind a load balancer. */
let lenderSide: string;
let staffSide: string;
let other: ServerProcess | null = null;
let orderId: string;
let fileNumber: string;
const dataDir = path.join(os.tmpdir(), `aoms-web-live-${process.pid}`);

beforeAll(async () => {
  ({ demo, browser, base: lenderSide } = app);
  const second = await startService({ DATABASE_URL: t.url, DATA_DIR: dataDir });
  ({ server: other, base: staffSide } = second);
  const placed = await api(
    lenderSide,
    demo.users.client.api_key,
    'POST',
    '/orders',
    await orderBody(t.db, demo),
  );
  ({ id: orderId, file_number: fileNumber } = placed as { id: string; file_number: string });
}, 60_000);

afterAll(async () => {
  if (other?.child.exitCode === null) other.child.kill('SIGTERM');
  await other?.exited;
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function api(
  base: string,
  key: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<unknown> {
  const answer = await fetch(`${base}/api/v1${route}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(answer.status, `${method} ${route}`).toBeLessThan(300);
  return answer.json();
}

/** A browser of its own, signed in as the key's user by single sign-on, on `path`. */
async function signedIn(
  base: string,
  key: string,
  where: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { jwt } = (await api(base, key, 'POST', '/me')) as { jwt: string };
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(where)}`);
  await page.waitForURL(new RegExp(`${where}$`));
  return { context, page };
}

/** Marks the page, so that a reload (which would forget the mark) shows. */
const mark = (page: Page) =>
  page.evaluate(() => ((globalThis as unknown as { unreloaded: boolean }).unreloaded = true));
const stillUnreloaded = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { unreloaded?: boolean }).unreloaded === true);

describe('live updates', () => {
  it("a change made by someone else appears on the lender's order, its history and notes, and the list, without reloading", async () => {
    const lender = await signedIn(lenderSide, demo.users.client.api_key, `/orders/${orderId}`);
    const order = lender.page;
    const status = order.getByText('Unassigned', { exact: true }).first();
    await status.waitFor();
    const timeline = order.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Create: Unassigned').waitFor();
    const list = await lender.context.newPage();
    await list.goto(`${lenderSide}/orders`);
    const row = list.getByRole('row', { name: new RegExp(fileNumber) });
    await row.getByText('Unassigned').waitFor();
    await mark(order);
    await mark(list);

    // The coordinator, in another browser on the other process, puts the order on hold.
    const coordinator = await signedIn(staffSide, demo.users.staff.api_key, `/orders/${orderId}`);
    await coordinator.page.getByRole('button', { name: 'Hold', exact: true }).click();
    await coordinator.page.getByLabel(/^Reason/).fill('Waiting for the gate code');
    await coordinator.page.getByRole('dialog').getByRole('button', { name: 'Hold', exact: true }).click();
    await coordinator.page.getByText('The order is now On hold.').waitFor();

    // The lender sees it where they are: the status, the history with the reason, the list.
    await order.getByText('On hold', { exact: true }).first().waitFor({ timeout: 10_000 });
    await timeline.getByText('Hold: Unassigned → On hold').waitFor();
    await timeline.getByText('Waiting for the gate code').waitFor();
    await expect.poll(() => order.title()).toMatch(/^AOM-\d{8} · On hold · Appraisal Orders$/);
    await row.getByText('On hold').waitFor({ timeout: 10_000 });
    expect(await accessibilityProblems(order)).toEqual([]);
    await screenshots(order, 'order-live-update');

    // An integration resumes it through the API, and leaves a note.
    await api(staffSide, demo.users.staff.api_key, 'PUT', `/orders/${orderId}/resume`, {});
    await timeline.getByText('Resume: On hold → Unassigned').waitFor({ timeout: 10_000 });
    await row.getByText('Unassigned').waitFor({ timeout: 10_000 });
    await api(staffSide, demo.users.staff.api_key, 'POST', `/orders/${orderId}/notes`, {
      subject: 'Gate code',
      content: '<p>The borrower sent the gate code: 4321.</p>',
    });
    await order
      .getByRole('region', { name: 'Notes' })
      .getByText('The borrower sent the gate code: 4321.')
      .waitFor({ timeout: 10_000 });
    await timeline.getByText('Note from Sam Staffer: Gate code').waitFor({ timeout: 10_000 });

    expect(await stillUnreloaded(order)).toBe(true);
    expect(await stillUnreloaded(list)).toBe(true);
    await coordinator.context.close();
    await lender.context.close();
  }, 120_000);

  it("reads a page's data once when its stream opens, and a change made before the stream opened still arrives", async () => {
    // The replay reaches 5 seconds before the first answer: the changes of the test before would
    // be told again (each read once more, rightly), so this one starts after them.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const lender = await signedIn(lenderSide, demo.users.client.api_key, '/orders');
    const reads: string[] = [];
    const page = await lender.context.newPage();
    page.on('request', (request) => {
      if (request.method() === 'GET') reads.push(new URL(request.url()).pathname);
    });

    // The list: opened, its stream opened from the time of its first answer, nothing read again.
    const streamOpened = page.waitForRequest(/\/api\/v1\/events\/stream\?since=/);
    await page.goto(`${lenderSide}/orders`);
    await page.getByRole('row', { name: new RegExp(fileNumber) }).waitFor();
    const since = new URL((await streamOpened).url()).searchParams.get('since');
    expect(Date.parse(since!)).toBeGreaterThan(Date.now() - 60_000);
    await page.waitForTimeout(1500);
    expect(reads.filter((path) => path === '/api/v1/orders')).toHaveLength(1);

    // The order: its stream held back until the coordinator has put the order on hold, a
    // change the page's first read did not see; the replay from its first answer tells it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/events/stream*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${lenderSide}/orders/${orderId}`);
    await page.getByText('Unassigned', { exact: true }).first().waitFor();
    await api(staffSide, demo.users.staff.api_key, 'PUT', `/orders/${orderId}/hold`, {
      reason: 'Waiting for the survey',
    });
    release();
    await page.getByText('On hold', { exact: true }).first().waitFor({ timeout: 10_000 });
    await api(staffSide, demo.users.staff.api_key, 'PUT', `/orders/${orderId}/resume`, {});
    await lender.context.close();
  }, 60_000);
});
