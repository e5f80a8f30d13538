import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { orderBody } from '../helpers/orders.ts';
import { DEMO_PASSWORD as PASSWORD, singleSignOnToken, useWebApp } from '../helpers/web-app.ts';

/**
 * The web application in a real Chromium, against a real service process that serves it:
 * signing in, the order list and an order, single sign-on, another tenant's order, and
 * axe-core on each page. Screenshots of each page land in test-results/screenshots.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
let base: string;
let orderId: string;
let foreignOrderId: string;

beforeAll(async () => {
  ({ demo, browser, base } = app);
  const place = async (key: string, body: Record<string, unknown>) => {
    const answer = await fetch(`${base}/api/v1/orders`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };
  orderId = await place(demo.users.client.api_key, await orderBody(t.db, demo));
  // An order of another lender, which the demo client must not see.
  const other = await seedDemo(t.db);
  foreignOrderId = await place(other.users.client.api_key, await orderBody(t.db, other));
}, 60_000);

describe('the web application', () => {
  it('signs a lender in by password, lists their orders, and opens one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}/`);
    await page.waitForURL(/\/sign-in/);
    await expect.poll(() => page.title()).toBe('Sign in · Appraisal Orders');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'sign-in');

    await page.getByLabel('Email').fill(demo.users.client.email);
    await page.getByLabel(/^Password/).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The email or the password is not right');

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orders$/);
    const link = page.getByRole('link', { name: /^AOM-\d{8}$/ }).first();
    await link.waitFor();
    await expect.poll(() => page.title()).toBe('Orders · Appraisal Orders');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'orders');

    await link.click();
    await page.waitForURL(new RegExp(`/orders/${orderId}$`));
    await page.getByRole('region', { name: 'Timeline' }).getByText('Create: Unassigned').waitFor();
    await expect.poll(() => page.title()).toMatch(/^AOM-\d{8} · Unassigned · Appraisal Orders$/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order');

    // Another lender's order is not found, and shows nothing of it.
    await page.goto(`${base}/orders/${foreignOrderId}`);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await page.getByText(/AOM-\d{8}/).count()).toBe(0);
    await screenshots(page, 'not-found');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('an invitation email leads to choosing a password, which signs the new user in; forgetting it is asked for by email', async () => {
    const email = `invited-${Date.now()}@lender.example`;
    const invited = await fetch(`${base}/api/v1/me`, {
      method: 'POST',
      headers: {
        'x-api-key': demo.users.client.api_key,
        'x-api-email': email,
        'x-api-first-name': 'Ivy',
        'x-api-last-name': 'Invited',
      },
    });
    expect(invited.status).toBe(200);
    // The link is made when the email is sent: the outbox never held it.
    const link = /https?:\/\/\S+\/set-password\?token=[A-Za-z0-9_-]{43}/.exec(await app.mailTo(email))![0];
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'set-password');
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^The same again/).fill('short');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    await page.getByText('At least 12 characters', { exact: true }).waitFor();
    await page.getByLabel(/^New password/).fill('ivy chooses a long one');
    await page.getByLabel(/^The same again/).fill('ivy chooses a long one');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    await page.waitForURL(/\/orders$/);
    await page.getByRole('button', { name: 'Account of Ivy Invited' }).waitFor();

    const forgot = await context.newPage();
    await forgot.goto(`${base}/sign-in`);
    await forgot.getByRole('link', { name: 'Forgot your password?' }).click();
    await forgot.waitForURL(/\/forgot-password$/);
    // The page loads when opened: until it has, the sign-in page (with its own Email field)
    // is still the one on the screen.
    await forgot.getByRole('heading', { name: 'Forgot your password' }).waitFor();
    await forgot.getByLabel(/^Email/).fill(email);
    await forgot.getByRole('button', { name: 'Email me a link' }).click();
    await forgot.getByText('Check your email').waitFor();
    expect(await accessibilityProblems(forgot)).toEqual([]);
    await screenshots(forgot, 'forgot-password');
    // The reset email's link leads to choosing a new password, which signs in.
    let resetLink: RegExpExecArray | null = null;
    while (!resetLink) {
      resetLink = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(await app.mailTo(email));
      if (!resetLink) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const reset = await context.newPage();
    await reset.goto(resetLink[0].replace(/^https?:\/\/[^/]+/, base));
    await reset.getByLabel(/^New password/).fill('ivy chose again, longer');
    await reset.getByLabel(/^The same again/).fill('ivy chose again, longer');
    await reset.getByRole('button', { name: 'Set the password and sign in' }).click();
    await reset.waitForURL(/\/orders$/);
    await context.close();
  }, 60_000);

  it('sends its scripts and styles compressed to browsers that accept it, as they are to the others', async () => {
    const html = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const plain = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      const body = await plain.text();
      for (const encoding of ['br', 'gzip']) {
        const answer = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': encoding } });
        expect(answer.headers.get('content-encoding')).toBe(encoding);
        expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(await answer.text()).toBe(body);
      }
    }
  });

  it('opens a session by single sign-on and lands on the page asked for', async () => {
    const jwt = await singleSignOnToken(base, demo.users.client.api_key);
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    page.on('console', (message) => message.type() === 'error' && console.error('console:', message.text()));
    await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(`/orders/${orderId}`)}`);
    await page.waitForURL(new RegExp(`/orders/${orderId}$`));
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    // The link worked once.
    const again = await context.newPage();
    await again.goto(`${base}/sso?token=${jwt}`);
    await again.waitForURL(/\/sign-in\?error=link/);
    await context.close();
  }, 60_000);

  it("starts a first page's reads from the page itself, before its script runs: each read once, and taken by the application", async () => {
    const firstPages: [key: string, where: string, shows: RegExp][] = [
      [demo.users.client.api_key, '/orders', /^AOM-\d{8}$/],
      [demo.users.client.api_key, `/orders/${orderId}`, /^Details$/],
      [demo.users.appraiser.api_key, '/offers', /^Offers$/],
    ];
    for (const [key, where, shows] of firstPages) {
      const jwt = await singleSignOnToken(base, key);
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      // A script the page's policy refused would show here.
      page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
      // The reads until the live stream opens: after it, the replay of a change made in the
      // seconds before (this test's order) rightly reads the list again.
      const reads: string[] = [];
      const code: string[] = [];
      let streaming = false;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/assets/')) code.push(url.pathname);
        if (url.pathname === '/api/v1/events/stream') streaming = true;
        else if (!streaming && request.method() === 'GET' && /^\/(api|auth)\//.test(url.pathname))
          reads.push(url.pathname + url.search);
      });
      const streamOpened = page.waitForRequest(/\/api\/v1\/events\/stream/);
      await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(where)}`);
      await page.waitForURL(new RegExp(`${where}$`));
      await page
        .getByRole(where === '/orders' ? 'link' : 'heading', { name: shows })
        .first()
        .waitFor();
      await streamOpened;
      expect(reads.length, where).toBeGreaterThanOrEqual(where === '/offers' ? 2 : 4);
      expect(new Set(reads).size, `${where}: ${reads.join(', ')}`).toBe(reads.length);
      const untaken = await page.evaluate(() =>
        Object.keys((globalThis as unknown as { __firstReads: Record<string, unknown> }).__firstReads),
      );
      expect(untaken, where).toEqual([]);
      // The offers inbox's code (not in the first script) is asked for by the page too, once.
      const preloaded = await page.locator('link[rel=modulepreload][href*="/assets/OffersPage-"]').count();
      expect(preloaded, where).toBe(where === '/offers' ? 1 : 0);
      expect(new Set(code).size, `${where}: ${code.join(', ')}`).toBe(code.length);
      expect(problems, where).toEqual([]);
      await context.close();
    }
  }, 90_000);

  it('moves nothing for a user who asks their system for less motion', async () => {
    const jwt = await singleSignOnToken(base, demo.users.client.api_key);
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(`/orders/${orderId}`)}`);
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    // The most finite animations running at once, sampled every frame for 600 ms while the
    // account menu opens (a string evaluated: tests have no DOM types).
    const sampled = `new Promise((resolve) => {
      let most = 0;
      const start = performance.now();
      const tick = () => {
        const running = document.getAnimations().filter(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        most = Math.max(most, running.length);
        if (performance.now() - start < 600) requestAnimationFrame(tick);
        else resolve(most);
      };
      tick();
    })`;
    const most = page.evaluate(sampled);
    await page.getByRole('button', { name: 'Account of Casey Client' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).waitFor();
    expect(await most).toBe(0);
    await context.close();
  }, 60_000);
});

describe('the order list', () => {
  it('shows how many orders each status holds, and keeps the status (by its key) and due-date range in the URL', async () => {
    const jwt = await singleSignOnToken(base, demo.users.client.api_key);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/sso?token=${jwt}&return_to=/account`);
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await page.goto(`${base}/orders`);
    await page
      .getByRole('link', { name: /^AOM-\d{8}$/ })
      .first()
      .waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Unassigned (1)' });
    await page.waitForURL(/status=unassigned/);
    await page
      .getByRole('link', { name: /^AOM-\d{8}$/ })
      .first()
      .waitFor();

    await page.getByLabel('Due from').fill('2039-01-01');
    await page.waitForURL(/due_from=2039-01-01/);
    await page.getByText('No order matches this search.').waitFor();
    // Reloaded, the page is the same search.
    await page.reload();
    await page.getByText('No order matches this search.').waitFor();
    expect(await page.getByLabel('Due from').inputValue()).toBe('2039-01-01');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'orders-filtered');
    // Filter changes replaced the address instead of adding to the history: one Back leaves the list.
    await page.goBack();
    await page.waitForURL(/\/account$/);
    // A status named by its key in a link is its list with its export; one no order is in is an
    // empty list, never an error.
    await page.goto(`${base}/orders?status=unassigned`);
    const exportHref = await page
      .getByRole('link', { name: 'Export these orders as CSV' })
      .getAttribute('href');
    expect(exportHref).toContain(encodeURIComponent('q[status_id_eq]') + '=unassigned');
    expect((await context.request.get(`${base}${exportHref}`)).status()).toBe(200);
    await page.goto(`${base}/orders?status=fulfilled`);
    await page.getByText('No order matches this search.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('fulfilled');
    expect(await page.getByText('Invalid list query').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('on a phone puts the search box and the first orders on the first screen, the other filters behind one button', async () => {
    const jwt = await singleSignOnToken(base, demo.users.client.api_key);
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`${base}/sso?token=${jwt}&return_to=/orders`);
    const first = page.getByRole('link', { name: /^AOM-\d{8}$/ }).first();
    await first.waitFor();
    expect((await first.boundingBox())!.y).toBeLessThan(812);
    expect(await page.getByLabel('Due from').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters and sort' }).click();
    await page.getByLabel('Sort').selectOption({ label: 'Due soonest' });
    await page.waitForURL(/sort=due_date/);
    await page.getByRole('button', { name: 'Filters: due soonest' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'orders-phone-filters');
    await context.close();
  }, 60_000);

  it('shows the API documentation under its Content-Security-Policy, with nothing blocked', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) blocked.push(message.text());
    });
    const answer = await page.goto(`${base}/docs/`);
    expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // The tags open closed (docs/api.md): the document is too large to draw whole at once.
    await page.locator('.opblock-tag').first().waitFor();
    expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(15);
    for (const tag of ['orders', 'panel', 'workflow']) await page.locator(`#operations-tag-${tag}`).click();
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 20_000 }).toBeGreaterThan(50);
    expect(blocked).toEqual([]);
    await screenshots(page, 'api-docs');
    await context.close();
  }, 60_000);
});
