import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { seedDemoWorld, type BigDemoWorld } from '../../src/seed/demo-world.ts';
import { createStorage } from '../../src/storage/index.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { singleSignOnToken, useWebApp } from '../helpers/web-app.ts';

/**
 * Every page of the web application, as each role sees it in the demo world of a first start
 * (two lenders, a panel, 200+ orders in every status): axe-core with the WCAG 2.2 rules (target
 * size included) finds nothing serious or critical at desktop width nor on a 375 px phone, and
 * each page is saved as screenshots. A page that fails to load fails here too.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let world: BigDemoWorld;

beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: t.url, LOG_LEVEL: 'silent' });
  world = await seedDemoWorld(t.db, createStorage(config), config.fileNumberPrefix);
}, 120_000);

/** An order of the world in a status (by key), as a role may open it. */
async function orderIn(apiKey: string, statusKey: string): Promise<string> {
  const answer = await fetch(`${app.base}/api/v1/orders?per_page=100`, { headers: { 'x-api-key': apiKey } });
  const { data } = (await answer.json()) as { data: { id: string; status: { id: string } }[] };
  const order = data.find((row) => row.status.id === statusKey);
  if (!order) throw new Error(`no order in ${statusKey} for this role`);
  return order.id;
}

async function signedIn(apiKey: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app.base}/sso?token=${await singleSignOnToken(app.base, apiKey)}&return_to=/account`);
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  return { context, page };
}

/** Opens each page, waits for its heading and settled content, and returns axe's findings by page and width. */
async function checkPages(page: Page, role: string, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.base}${path}`);
    // The route's loader has the page's data before the heading shows; axe waits for animations.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    for (const problem of await accessibilityProblems(page))
      problems.push(`${role} ${path} desktop: ${problem}`);
    await page.setViewportSize({ width: 375, height: 812 });
    for (const problem of await accessibilityProblems(page))
      problems.push(`${role} ${path} 375 px: ${problem}`);
    await screenshots(
      page,
      `every-page-${role}${path.replace(/[0-9a-f-]{36}/, 'order').replaceAll(/[/?=&]+/g, '-')}`,
    );
  }
  return problems;
}

describe('every page', () => {
  it('passes axe (WCAG 2.2, target size included) for the company staff', async () => {
    const key = world.users.staff.api_key;
    const inReview = await orderIn(key, 'in_review');
    const { context, page } = await signedIn(key);
    const paths = [
      '/pipeline',
      '/orders',
      '/orders?status=in_review',
      `/orders/${inReview}`,
      '/orders/new',
      '/dashboard',
      '/receivables',
      '/payables',
      '/admin',
      '/admin?tab=users',
      '/admin?tab=settings',
      '/admin?tab=webhooks',
      '/admin?tab=api-keys',
      `/credentials/${world.users.appraiser.id}`,
      '/account',
      '/no-such-page',
    ];
    expect(await checkPages(page, 'staff', paths)).toEqual([]);
    await context.close();
  }, 300_000);

  it('passes axe for the lender', async () => {
    const key = world.users.client.api_key;
    const completed = await orderIn(key, 'completed');
    const { context, page } = await signedIn(key);
    const paths = ['/orders', `/orders/${completed}`, '/orders/new', '/billing', '/account'];
    expect(await checkPages(page, 'lender', paths)).toEqual([]);
    await context.close();
  }, 300_000);

  it('passes axe for the appraiser', async () => {
    const key = world.users.appraiser.api_key;
    const scheduled = await orderIn(key, 'inspection_scheduled');
    const inspected = await orderIn(key, 'inspection_completed');
    const { context, page } = await signedIn(key);
    const paths = [
      '/work',
      '/offers',
      '/agenda',
      '/money',
      '/orders',
      `/orders/${scheduled}`,
      `/orders/${inspected}/submit`,
      `/credentials/${world.users.appraiser.id}`,
      '/account',
    ];
    expect(await checkPages(page, 'appraiser', paths)).toEqual([]);
    await context.close();
  }, 300_000);

  it('passes axe signed out', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    expect(await checkPages(page, 'signed-out', ['/sign-in', '/forgot-password'])).toEqual([]);
    await context.close();
  }, 120_000);
});
