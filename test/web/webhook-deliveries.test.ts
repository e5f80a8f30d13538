import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { startReceiver, type TestReceiver } from '../helpers/receiver.ts';
import { singleSignOnToken, useWebApp } from '../helpers/web-app.ts';

/**
 * A webhook's delivery log on a phone, 375 px wide: each delivery's status reads whole beside
 * its event (it was cut to its dot when the table squeezed its column), one delivered and one
 * that the receiver refused, waiting to be tried again.
 */
const t = useTestDatabase();
// Deliveries to the receiver on 127.0.0.1 (the address guard refuses loopback otherwise).
const app = useWebApp(t, { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
let demo: DemoWorld;
let browser: Browser;
let base: string;
let receiver: TestReceiver;
const SOON = { timeout: 15_000 };

beforeAll(async () => {
  ({ demo, browser, base } = app);
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe('the webhook delivery log on a phone', () => {
  it('shows each delivery status whole at 375 px and at desktop width', async () => {
    const staff = demo.users.staff.api_key;
    const call = (where: string, body: unknown = {}) =>
      fetch(`${base}/api/v1${where}`, {
        method: 'POST',
        headers: { 'x-api-key': staff, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (answer) => ({ status: answer.status, json: (await answer.json()) as { id: string } }));
    const webhook = await call('/webhooks', { url: receiver.url, description: 'Loan origination system' });
    expect(webhook.status).toBe(201);
    receiver.answers.push(500);
    expect((await call(`/webhooks/${webhook.json.id}/test`)).status).toBe(202);
    await expect.poll(() => receiver.received.length, SOON).toBe(1);
    expect((await call(`/webhooks/${webhook.json.id}/test`)).status).toBe(202);
    await expect.poll(() => receiver.received.length, SOON).toBe(2);

    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
    const page = await context.newPage();
    const jwt = await singleSignOnToken(base, staff);
    await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent('/admin?tab=webhooks')}`);
    const card = page.getByRole('region', { name: `Webhook ${receiver.url}` });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const named = { name: `Deliveries to ${receiver.url}` };
    const log = card.getByRole('list', named).or(card.getByRole('table', named));
    await log
      .getByText('pending', { exact: true })
      .or(log.getByText('failed', { exact: true }))
      .first()
      .waitFor(SOON);
    const badges = log.getByText(/^(delivered|pending|failed)$/);
    expect(await badges.count()).toBe(2);
    for (const badge of await badges.all()) {
      // Whole: its text is not clipped, and it lies inside the screen.
      expect(await badge.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'admin-webhook-deliveries');
    await context.close();
  }, 120_000);
});
