import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { startReceiver, type TestReceiver } from '../helpers/receiver.ts';
import { singleSignOnToken, useWebApp } from '../helpers/web-app.ts';

/**
 * The appraisal company's workspace in a real Chromium against a real service process, as a
 * coordinator (the demo company's staff admin) uses it: administration (a user invited, a client
 * created, a webhook created, tested and a delivery replayed to a receiver on loopback), the
 * dashboard followed from a number to its orders, and the order list exported as CSV.
 */
const t = useTestDatabase();
// Deliveries to the receiver on 127.0.0.1 (the address guard refuses loopback otherwise).
const app = useWebApp(t, { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
let demo: DemoWorld;
let browser: Browser;
let base: string;
let receiver: TestReceiver;
const SOON = { timeout: 15_000 };
const DAY = 86_400_000;

beforeAll(async () => {
  ({ demo, browser, base } = app);
  receiver = await startReceiver();
  // Orders of the demo company, as weeks of work leave them: some fulfilled (one late, one
  // after a revision), some open with the appraiser.
  const place = async (i: number) => {
    const created = await fetch(`${base}/api/v1/orders`, {
      method: 'POST',
      headers: { 'x-api-key': demo.users.client.api_key, 'content-type': 'application/json' },
      body: JSON.stringify(await orderBody(i)),
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  };
  for (let i = 0; i < 6; i++) {
    const id = await place(i);
    if (i < 3) {
      const fulfilled = new Date(Date.now() - (i + 1) * DAY);
      await sql`UPDATE orders SET status = 'Fulfilled', appraiser_id = ${demo.users.appraiser.id},
                  created_at = ${new Date(fulfilled.getTime() - (4 + i) * DAY)}, completed_at = ${fulfilled},
                  fulfilled_at = ${fulfilled}, due_date = ${new Date(fulfilled.getTime() + (i === 0 ? -DAY : DAY))}
                WHERE id = ${id}`.execute(t.db);
    } else if (i < 5) {
      await sql`UPDATE orders SET status = 'Assigned', appraiser_id = ${demo.users.appraiser.id} WHERE id = ${id}`.execute(
        t.db,
      );
    }
  }
}, 120_000);
afterAll(() => receiver.close());

async function orderBody(i: number) {
  const config = (await (
    await fetch(`${base}/api/v1/clients/${demo.client_id}/configurations`, {
      headers: { 'x-api-key': demo.users.client.api_key },
    })
  ).json()) as {
    companies: { company_id: string; products: { id: string }[] }[];
    parties: { id: string }[];
    property_types: { id: string }[];
  };
  return {
    address: { street_1: `${100 + i} Elm St`, city: 'Austin', state: 'TX', zip: '78701' },
    borrower: { first_name: 'Pat', last_name: `Borrower${i}` },
    due_date: '2038-03-01T12:00',
    green_certified: 'false',
    loan_type: 'conventional',
    transaction_type: 'purchase',
    payment_method: 'invoice',
    company_id: config.companies[0]!.company_id,
    product_ids: [config.companies[0]!.products[0]!.id],
    client_user_ids: [config.parties[0]!.id],
    property_type_id: config.property_types[0]!.id,
  };
}

async function signInAsStaff(where: string): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const jwt = await singleSignOnToken(base, demo.users.staff.api_key);
  await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(where)}`);
  return page;
}

const checked = async (page: Page, name: string) => {
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshots(page, name);
};

describe('administration', () => {
  it('invites a user, after the service refuses a bad email by its field', async () => {
    const page = await signInAsStaff('/admin?tab=users');
    await page.getByRole('table', { name: 'Users' }).getByText(demo.users.appraiser.email).waitFor(SOON);
    await expect.poll(() => page.title(), SOON).toBe('Users · Administration · Appraisal Orders');
    await checked(page, 'admin-users');

    await page.getByRole('button', { name: 'Invite a user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
    await email.fill('not an email');
    await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Nora');
    await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Newcomer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid'), SOON).toBe('true');
    expect(await fieldMessage(email)).toContain('The email is not an email address');
    await checked(page, 'admin-users-invite-invalid');

    await email.fill('nora.newcomer@demo-amc.example');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent').waitFor(SOON);
    const row = page.getByRole('row', { name: /Nora Newcomer/ });
    await row.getByText('Invited').waitFor(SOON);
    const stored = await t.db
      .selectFrom('users')
      .select(['role', 'organization_id', 'invited_by'])
      .where('email', '=', 'nora.newcomer@demo-amc.example')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      role: 'staff',
      organization_id: demo.company_id,
      invited_by: demo.users.staff.id,
    });

    // Deactivating asks first, with Cancel focused.
    await row.getByRole('button', { name: 'Change Nora Newcomer' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Nora Newcomer?' });
    await expect.poll(() => page.evaluate('document.activeElement?.textContent'), SOON).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Deactivated').waitFor(SOON);
  }, 120_000);

  it('creates a client with its address and contact', async () => {
    const page = await signInAsStaff('/admin');
    await page.getByRole('table', { name: 'Clients' }).waitFor(SOON);
    await checked(page, 'admin-clients');
    await page.getByRole('button', { name: 'New client' }).click();
    const dialog = page.getByRole('dialog', { name: 'New client' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Lakeside Credit Union');
    await dialog
      .getByRole('textbox', { name: 'Type', exact: true })
      .or(dialog.getByRole('combobox', { name: 'Type', exact: true }))
      .click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: 'Street', exact: true }).fill('10 Lake Rd');
    await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Austin');
    await dialog.getByRole('textbox', { name: 'State', exact: true }).fill('TX');
    const zip = dialog.getByRole('textbox', { name: 'ZIP', exact: true });
    await zip.fill('7870');
    await dialog.getByRole('textbox', { name: 'Contact name', exact: true }).fill('Lee Lender');
    await dialog.getByRole('textbox', { name: 'Contact email', exact: true }).fill('lee@lakeside.example');
    await checked(page, 'admin-clients-new');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await expect.poll(() => zip.getAttribute('aria-invalid'), SOON).toBe('true');
    expect(await fieldMessage(zip)).toMatch(/^The ZIP/);
    expect(
      await t.db
        .selectFrom('organizations')
        .select('id')
        .where('name', '=', 'Lakeside Credit Union')
        .execute(),
    ).toEqual([]);

    await zip.fill('78701');
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await page.getByText('Client created').waitFor(SOON);
    await page.getByRole('cell', { name: 'Lakeside Credit Union', exact: true }).waitFor(SOON);
    const client = await t.db
      .selectFrom('organizations')
      .innerJoin('company_clients', 'company_clients.client_id', 'organizations.id')
      .select(['organizations.kind', 'company_clients.company_id'])
      .where('organizations.name', '=', 'Lakeside Credit Union')
      .executeTakeFirstOrThrow();
    expect(client).toEqual({ kind: 'client', company_id: demo.company_id });

    // The client's settings: its products, one at a fee of its own.
    await page.getByRole('button', { name: 'Settings for Lakeside Credit Union' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings for Lakeside Credit Union' });
    const fee = settings.getByRole('textbox', { name: 'Fee for Full Appraisal (1004)' });
    await fee.fill('395.50');
    await checked(page, 'admin-client-settings');
    await settings.getByRole('button', { name: 'Save products' }).click();
    await page.getByText('Products saved').waitFor(SOON);
    const own = await t.db
      .selectFrom('client_products')
      .innerJoin('organizations', 'organizations.id', 'client_products.client_id')
      .select('client_products.fee_cents')
      .where('organizations.name', '=', 'Lakeside Credit Union')
      .where('client_products.fee_cents', 'is not', null)
      .execute();
    expect(own.map((row) => String(row.fee_cents))).toEqual(['39550']);

    // The lender's own E&O minimum: refused by its field, then kept.
    const minimum = settings.getByRole('textbox', { name: "The client's least E&O coverage per claim" });
    await minimum.fill('lots');
    await settings.getByRole('button', { name: 'Save the minimum' }).click();
    await expect.poll(() => minimum.getAttribute('aria-invalid'), SOON).toBe('true');
    expect(await fieldMessage(minimum)).toMatch(/^The lender's E&O minimum/);
    await minimum.fill('2,000,000');
    await settings.getByRole('button', { name: 'Save the minimum' }).click();
    await page.getByText('Settings saved').waitFor(SOON);
    const kept = await t.db
      .selectFrom('company_clients')
      .innerJoin('organizations', 'organizations.id', 'company_clients.client_id')
      .select('company_clients.eo_minimum_cents')
      .where('organizations.name', '=', 'Lakeside Credit Union')
      .executeTakeFirstOrThrow();
    expect(String(kept.eo_minimum_cents)).toBe('200000000');
    await checked(page, 'admin-client-eo-minimum');
    await page.keyboard.press('Escape');

    // The company's own settings, on their tab.
    await page.getByRole('tab', { name: 'Company settings' }).click();
    await page.getByRole('checkbox', { name: 'Invoice' }).waitFor(SOON);
    await checked(page, 'admin-settings');
  }, 120_000);

  it('creates a webhook, sends a test event and replays its delivery', async () => {
    const page = await signInAsStaff('/admin?tab=webhooks');
    await page.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByRole('textbox', { name: 'Address (URL)', exact: true }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Our order system');
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByText('Copy the signing secret now').waitFor(SOON);
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'I have kept it' }).click();

    const card = page.getByRole('region', { name: `Webhook ${receiver.url}` });
    await card.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event sent').waitFor(SOON);
    await expect.poll(() => receiver.received.length, SOON).toBe(1);
    expect(receiver.received[0]!.json.type).toBe('webhook.test');
    const log = card.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await log.getByText('delivered').waitFor(SOON);
    await checked(page, 'admin-webhooks');

    await log.getByRole('button', { name: /^Deliver the webhook.test event/ }).click();
    await page.getByText('Delivering again').waitFor(SOON);
    await expect.poll(() => receiver.received.length, SOON).toBe(2);
    expect(receiver.received[1]!.json.id).toBe(receiver.received[0]!.json.id);
    await log.getByText('replay', { exact: true }).waitFor(SOON);

    await page.getByRole('tab', { name: 'API keys' }).click();
    await page.getByRole('textbox', { name: 'Name of a new key' }).waitFor(SOON);
    await checked(page, 'admin-api-keys');
  }, 120_000);
});

describe('the dashboard', () => {
  it('shows the figures and follows a number to exactly its orders', async () => {
    const page = await signInAsStaff('/orders');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.title(), SOON).toBe('Dashboard · Appraisal Orders');
    const late = page.getByRole('link', { name: /^Fulfilled late, .*: 1 orders$/ });
    await late.waitFor(SOON);
    // The charts drawn, and still (recharts animates unless motion is reduced): the screenshot
    // shows them, not the empty frame they are drawn in once measured.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page
      .getByRole('region', { name: /Orders received and completed per week/ })
      .locator('svg.recharts-surface')
      .first()
      .waitFor(SOON);
    await page.locator('.recharts-rectangle').first().waitFor(SOON);
    await checked(page, 'dashboard');

    // The appraiser's open orders: two.
    await page.getByRole('link', { name: /^Open orders of .*: 2 orders$/ }).click();
    await page.waitForURL(/\/orders\?/);
    await page.getByText('Orders behind a figure of the dashboard').waitFor(SOON);
    await page.getByText('2 orders', { exact: true }).waitFor(SOON);
    await checked(page, 'dashboard-figure-orders');

    await page.goBack();
    await page.getByRole('link', { name: /^Fulfilled on time, .*: 2 orders$/ }).click();
    await page.getByText('2 orders', { exact: true }).waitFor(SOON);
    // The rows are drawn a moment after the count (lib/after-first-paint.ts).
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Fulfilled' }).count(), SOON).toBe(2);
  }, 120_000);
});

describe('the order list as CSV', () => {
  it("downloads the current search's orders, the same rows as the list", async () => {
    const page = await signInAsStaff('/orders');
    await page.getByText('6 orders', { exact: true }).waitFor(SOON);
    // The rows are drawn a moment after the count (lib/after-first-paint.ts).
    await expect.poll(() => page.getByRole('row').locator('a').count()).toBe(6);
    const listed = await page.getByRole('row').locator('a').allTextContents();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export these orders as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await fs.readFile(await download.path(), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^File number,Status,Address/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(listed);

    // A narrower search: the file follows it.
    await page.getByRole('textbox', { name: 'Search' }).fill('Borrower4');
    await page.getByText('1 order', { exact: true }).waitFor(SOON);
    const [narrow] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export these orders as CSV' }).click(),
    ]);
    const narrowLines = (await fs.readFile(await narrow.path(), 'utf8')).trimEnd().split('\r\n');
    expect(narrowLines).toHaveLength(2);
    expect(narrowLines[1]).toContain('Pat Borrower4');
  }, 120_000);
});
