import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { signedInAt, useWebApp } from '../helpers/web-app.ts';
import { apiOf } from './pipeline-helpers.ts';

/**
 * Turn times in a real Chromium against a real service (docs/turn-times.md): staff see the orders
 * whose milestone is at risk or late at the top of the pipeline, and on the dashboard the turn time
 * by phase and the appraisers' scorecards; the appraiser, on a phone, opens their own scorecard.
 * Orders are offered and accepted through the API; their milestones and three delivered orders'
 * phase clocks are set as days of work would leave them.
 */
const t = useTestDatabase();
const app = useWebApp(t, { TIME_ZONE: 'America/Chicago' });
let demo: DemoWorld;
let browser: Browser;
let base: string;
const SOON = { timeout: 10_000 };
const HOUR = 3_600_000;
let late: string;
let atRisk: string;
let deliveredId: string;

beforeAll(async () => {
  ({ demo, browser, base } = app);
  const api = apiOf(base);
  const now = Date.now();
  // Two orders offered to the demo appraiser and accepted: one whose first contact is three hours
  // late, one at risk of it.
  const offered: { id: string; fileNumber: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const order = await api.place(t.db, demo);
    await api.act(demo.users.staff.api_key, order.id, 'assign', { appraiser_id: demo.users.appraiser.id });
    await api.act(demo.users.appraiser.api_key, order.id, 'accept_assignment');
    offered.push(order);
  }
  const [lateOrder, atRiskOrder] = offered as [(typeof offered)[number], (typeof offered)[number]];
  await t.db
    .updateTable('orders')
    .set({
      milestone_started_at: new Date(now - 12 * HOUR),
      milestone_at_risk_at: new Date(now - 9 * HOUR),
      milestone_due_at: new Date(now - 3 * HOUR),
    })
    .where('id', '=', lateOrder.id)
    .execute();
  await t.db
    .updateTable('orders')
    .set({ milestone_at_risk_at: new Date(now - HOUR), milestone_due_at: new Date(now + 3 * HOUR) })
    .where('id', '=', atRiskOrder.id)
    .execute();
  late = lateOrder.fileNumber;
  atRisk = atRiskOrder.fileNumber;
  // Three orders the demo appraiser delivered in the last days, as their phase clocks left them:
  // half a day to assign, 2 to 4 business days with the appraiser, a day of review, one on hold.
  for (const [days, paused, lateReport] of [
    [2, 0, false],
    [3, 960, false],
    [4, 0, true],
  ] as const) {
    const order = await api.place(t.db, demo);
    deliveredId = order.id;
    await t.db
      .updateTable('orders')
      .set({
        status: 'Completed',
        appraiser_id: demo.users.appraiser.id,
        completed_at: new Date(now - 60_000),
        first_submitted_at: new Date(now - 26 * HOUR),
        due_date: new Date(now + (lateReport ? -30 : 30) * HOUR),
        assignment_minutes: 240,
        appraiser_minutes: days * 480,
        review_minutes: 480,
        client_minutes: 120,
        paused_minutes: paused,
      })
      .where('id', '=', order.id)
      .execute();
  }
});

const signedIn = (apiKey: string, where: string, phone = false) =>
  signedInAt(browser, base, apiKey, where, phone);

describe('turn times in the web application', () => {
  it('staff see the late and at-risk orders at the top of the pipeline, late first', async () => {
    const page = await signedIn(demo.users.staff.api_key, '/pipeline', false);
    const panel = page.getByRole('region', { name: 'At risk and late' });
    await panel.getByText('1 late').waitFor(SOON);
    await panel.getByText('1 at risk').waitFor();
    const rows = panel.getByRole('row');
    // The header, then the late order, then the one at risk.
    await expect.poll(() => rows.count(), SOON).toBe(3);
    expect(await rows.nth(1).textContent()).toMatch(
      new RegExp(`${late}.*First contact: inspection scheduled.*Late 3 h`),
    );
    expect(await rows.nth(2).textContent()).toMatch(
      new RegExp(`${atRisk}.*First contact: inspection scheduled.*At risk`),
    );
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'pipeline-at-risk');
    await panel.getByRole('link', { name: late }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/, SOON);
  });

  it('the dashboard shows the turn time by phase and the appraisers’ scorecards, as a CSV file too', async () => {
    const page = await signedIn(demo.users.staff.api_key, '/dashboard', false);
    const phases = page.getByRole('region', { name: 'Turn time by phase (business days)' });
    await phases.getByText(/net of pauses/).waitFor(SOON);
    for (const phase of ['Assignment', 'Appraiser', 'Review', 'Lender', 'Paused'])
      await phases.getByText(new RegExp(`^${phase}: `)).waitFor();
    // The demo's delivered orders spent time with their appraiser: a figure, not a dash.
    expect(await phases.getByText(/^Appraiser: /).textContent()).toMatch(
      /Appraiser: \d+(\.\d+)? business days?/,
    );
    const cards = page.getByRole('region', { name: 'Appraiser scorecards' });
    await cards.getByRole('link', { name: 'Avery Appraiser' }).waitFor(SOON);
    const download = page.getByRole('link', { name: 'Download CSV' });
    expect(await download.getAttribute('href')).toBe(
      `/api/v1/companies/${demo.company_id}/scorecards/export?of=appraisers&period=rolling_90_days`,
    );
    const csv = await page.request.get(`${base}${await download.getAttribute('href')}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(/^id,name,completed,on_time,/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'dashboard-scorecards');

    // Another period: the figures of the month before this one.
    await page.getByLabel('Scorecards over').first().click();
    const previous = new Date();
    previous.setUTCDate(1);
    previous.setUTCMonth(previous.getUTCMonth() - 1);
    const label = previous.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await page.getByRole('option', { name: label }).click();
    await expect.poll(() => download.getAttribute('href'), SOON).toMatch(/period=\d{4}-\d{2}$/);
    await cards.getByRole('link', { name: 'Avery Appraiser' }).click();
    await page.getByRole('heading', { name: 'Scorecard of Avery Appraiser' }).waitFor(SOON);
  });

  it('the appraiser opens their own scorecard on a phone', async () => {
    const phone = await signedIn(demo.users.appraiser.api_key, '/work', true);
    await phone.waitForURL(/\/work$/, SOON);
    await phone.getByRole('button', { name: /^Account of/ }).click();
    await phone.getByRole('menuitem', { name: 'Scorecard' }).click();
    await phone.getByRole('heading', { name: 'Your scorecard' }).waitFor(SOON);
    // The account menu closes as the page opens: checked once it has gone.
    await phone.getByRole('menu').waitFor({ state: 'detached', ...SOON });
    const recent = phone.getByRole('region', { name: /^Last 90 days · \d+ orders? delivered$/ });
    await recent.getByText('On time').waitFor();
    await recent.getByRole('heading', { name: 'Turn time by phase' }).waitFor();
    await recent.getByText(/^Appraiser: /).waitFor();
    // Six months, a card each on a phone, this month first.
    const months = phone.getByRole('region', { name: 'Month by month' });
    await months.getByText(/^3 delivered · 66.7% on time · 3 bd with you/).waitFor(SOON);
    expect(await months.getByText('Nothing delivered, no offer answered.').count()).toBe(5);
    // Their own figures only: no fee, no lender.
    expect(await phone.getByText(/\$\d/).count()).toBe(0);
    expect(await accessibilityProblems(phone)).toEqual([]);
    await screenshots(phone, 'appraiser-scorecard');
  });

  it("the lender reads when the borrower's copy is due on a delivered order, and records it as given", async () => {
    const page = await signedIn(demo.users.client.api_key, `/orders/${deliveredId}`, false);
    const card = page.getByRole('region', { name: "Borrower's copy" });
    await card
      .getByText(/^Due by \d{2}\/\d{2}\/\d{4}: promptly upon completion \(3 business days\), Regulation B\.$/)
      .waitFor(SOON);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'borrower-copy-due');
    await card.getByLabel('Given by').first().click();
    await page.getByRole('option', { name: 'Borrower portal' }).click();
    await card.getByRole('button', { name: 'Record as given' }).click();
    await card.getByText(/^Given by borrower portal on .*, recorded by Casey Client\.$/).waitFor(SOON);
    const order = await t.db
      .selectFrom('orders')
      .select(['borrower_copy_method', 'borrower_copy_recorded_by'])
      .where('id', '=', deliveredId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      borrower_copy_method: 'portal',
      borrower_copy_recorded_by: demo.users.client.id,
    });
    await screenshots(page, 'borrower-copy-given');
  });
});
