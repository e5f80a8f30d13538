import fs from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/config.ts';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { signInLink } from '../../src/sessions/session.service.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { DEMO_PASSWORD as PASSWORD, singleSignOnToken, useWebApp } from '../helpers/web-app.ts';

/**
 * An order's whole life in the browser, each demo user signed in their own way: the lender by
 * password, staff by single sign-on from POST /api/v1/me, the appraiser by a one-time link.
 * The lender places the order, staff assign it, the appraiser accepts, schedules, inspects and
 * submits the report, staff complete it, the lender pays on the hosted page and downloads the
 * report. Each form is first sent with bad input: the API's message shows by the field and
 * nothing changes.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
let base: string;
const REPORT = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(() => {
  ({ demo, browser, base } = app);
});

/** A page that fails the test on any script error. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** Opens the dialog of one next step. */
async function step(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

/** Waits for the order's status badge to read `name` (the page refetches after each action). */
async function expectStatus(page: Page, name: string) {
  await page.getByTestId('order-status').filter({ hasText: name }).waitFor({ timeout: 15_000 });
}

/** The field is marked invalid, and its message (the API's) is shown with it. */
async function expectInvalid(field: Locator, message: string | RegExp) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await fieldMessage(field)).toMatch(message);
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('combobox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('an order, from placing to paying, in the browser', () => {
  it('the lender, staff and the appraiser take it through its whole life', async () => {
    // The lender signs in by password and places the order from the client's configuration.
    const lender = await newPage();
    await lender.goto(`${base}/sign-in`);
    await lender.getByLabel('Email').fill(demo.users.client.email);
    await lender.getByLabel(/^Password/).fill(PASSWORD);
    await lender.getByRole('button', { name: 'Sign in' }).click();
    await lender.waitForURL(/\/orders$/);
    await lender.getByRole('link', { name: 'New order' }).click();
    await lender.getByRole('heading', { name: 'Property' }).waitFor();
    expect(await accessibilityProblems(lender)).toEqual([]);
    await screenshots(lender, 'new-order');

    // Bad input first: the API's messages land by the fields, and no order is made.
    await lender.getByRole('button', { name: 'Place the order' }).click();
    await expectInvalid(lender.getByRole('textbox', { name: 'Street', exact: true }), 'is required');
    expect(
      await t.db.selectFrom('orders').select('id').where('client_id', '=', demo.client_id).execute(),
    ).toEqual([]);

    await lender.getByRole('textbox', { name: 'Street', exact: true }).fill('500 Oak Lane');
    await lender.getByRole('textbox', { name: 'City', exact: true }).fill('Austin');
    await lender.getByRole('textbox', { name: 'State', exact: true }).fill('TX');
    await lender.getByRole('textbox', { name: 'ZIP', exact: true }).fill('78704');
    await lender.getByRole('textbox', { name: 'First name', exact: true }).fill('Robin');
    await lender.getByRole('textbox', { name: 'Last name', exact: true }).fill('Buyer');
    await lender.getByLabel('Loan number').fill('LN-7781');
    await choose(lender, 'Products', 'Full Appraisal (1004)');
    await lender.keyboard.press('Escape');
    await lender.getByRole('textbox', { name: 'Due date' }).fill('2038-01-15');
    await choose(lender, 'Payment', /./);
    await lender.getByRole('button', { name: 'Place the order' }).click();
    await lender.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderId = lender.url().split('/').pop()!;
    await expectStatus(lender, 'Unassigned');
    await lender.getByText('500 Oak Lane, Austin, TX 78704').waitFor();

    // Staff arrive by single sign-on, straight on the order, and assign it.
    const jwt = await singleSignOnToken(base, demo.users.staff.api_key);
    const staff = await newPage();
    await staff.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(`/orders/${orderId}`)}`);
    await expectStatus(staff, 'Unassigned');
    // From the appraiser picker: a bad fee is the API's 422, shown by the field.
    await staff.getByRole('button', { name: 'Offer to Avery Appraiser' }).click();
    let dialog = staff.getByRole('dialog', { name: 'Offer to Avery Appraiser' });
    await dialog.getByRole('textbox', { name: 'Fee', exact: true }).fill('four hundred');
    await dialog.getByRole('button', { name: 'Send the offer' }).click();
    await expectInvalid(dialog.getByRole('textbox', { name: 'Fee', exact: true }), /./);
    expect(await accessibilityProblems(staff)).toEqual([]);
    await screenshots(staff, 'action-assign');
    await dialog.getByRole('textbox', { name: 'Fee', exact: true }).fill('400');
    await dialog.getByRole('button', { name: 'Send the offer' }).click();
    await expectStatus(staff, 'Pending assignment');

    // The appraiser opens a one-time link, accepts, schedules, inspects and submits.
    const link = await signInLink(t.db, { publicBaseUrl: base } as Config, demo.users.appraiser.id);
    const appraiser = await newPage();
    await appraiser.goto(link);
    // An appraiser's home is their work.
    await appraiser.waitForURL(/\/work$/);
    await appraiser.goto(`${base}/orders/${orderId}`);
    await expectStatus(appraiser, 'Pending assignment');
    dialog = await step(appraiser, 'Accept assignment');
    await dialog.getByLabel('Fee condition').fill('four hundred');
    await dialog.getByRole('button', { name: 'Accept assignment' }).click();
    await expectInvalid(dialog.getByLabel('Fee condition'), /./);
    await dialog.getByLabel('Fee condition').fill('');
    await dialog.getByRole('button', { name: 'Accept assignment' }).click();
    await expectStatus(appraiser, 'Assigned');

    dialog = await step(appraiser, 'Schedule inspection');
    await dialog.getByRole('button', { name: 'Schedule inspection' }).click();
    await expectInvalid(dialog.getByRole('textbox', { name: 'Inspection scheduled at' }), /./);
    await dialog.getByRole('textbox', { name: 'Inspection scheduled at' }).fill('2037-12-20T10:30');
    await dialog.getByRole('button', { name: 'Schedule inspection' }).click();
    await expectStatus(appraiser, 'Inspection scheduled');
    // Scheduling again moves the inspection, and the button and the dialog say so.
    expect(await appraiser.getByRole('button', { name: 'Schedule inspection', exact: true }).count()).toBe(0);
    dialog = await step(appraiser, 'Reschedule inspection');
    await dialog.getByRole('textbox', { name: 'Inspection scheduled at' }).fill('2037-12-20T11:00');
    await screenshots(appraiser, 'action-reschedule');
    await dialog.getByRole('button', { name: 'Reschedule inspection' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectStatus(appraiser, 'Inspection scheduled');

    dialog = await step(appraiser, 'Complete inspection');
    await dialog.getByRole('button', { name: 'Complete inspection' }).click();
    await expectStatus(appraiser, 'Inspection completed');

    dialog = await step(appraiser, 'Request submission');
    await dialog.getByRole('button', { name: 'Request submission' }).click();
    await dialog
      .getByRole('alert')
      .or(dialog.getByText(/appraisal_pdf|attachment|file/i))
      .first()
      .waitFor();
    expect(
      await t.db.selectFrom('order_files').select('id').where('order_id', '=', orderId).execute(),
    ).toEqual([]);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: REPORT,
    });
    // A PDF is taken for the report; its type can be changed before sending.
    await expect
      .poll(() => dialog.getByLabel('Type of report.pdf').inputValue())
      .toBe('Appraisal report (PDF)');
    expect(await accessibilityProblems(appraiser)).toEqual([]);
    await screenshots(appraiser, 'action-submit');
    await dialog.getByRole('button', { name: 'Request submission' }).click();
    await expectStatus(appraiser, 'In review');

    // Staff complete it.
    await staff.reload();
    dialog = await step(staff, 'Request completion');
    await dialog.getByRole('button', { name: 'Request completion' }).click();
    await staff.getByTestId('order-status').filter({ hasNotText: 'In review' }).waitFor();

    // The lender pays the balance on the hosted page, and downloads the report.
    await lender.reload();
    await lender.getByRole('heading', { name: 'Payments' }).waitFor();
    const [payPage] = await Promise.all([
      lender.context().waitForEvent('page'),
      lender.getByRole('link', { name: 'Pay by card' }).click(),
    ]);
    await payPage.getByLabel('Name on card').fill('Casey Client');
    await payPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payPage.getByLabel('Month').fill('12');
    await payPage.getByLabel('Year').fill(String(new Date().getFullYear() + 2));
    await payPage.getByLabel('CVC').fill('123');
    await payPage.getByRole('button', { name: /^Pay / }).click();
    await payPage
      .getByText(/\*\*\*\* 4242/)
      .first()
      .waitFor();
    await lender.reload();
    // In the payments card (the timeline says it too, as the payment received).
    await lender.getByRole('region', { name: 'Payments' }).getByText('Paid with **** 4242').waitFor();
    await lender
      .getByRole('region', { name: 'Timeline' })
      .getByText(/^Payment of \d+\.\d{2} received \(Paid with \*\*\*\* 4242\)$/)
      .waitFor();
    const [download] = await Promise.all([
      lender.waitForEvent('download'),
      lender.getByRole('link', { name: 'report.pdf' }).first().click(),
    ]);
    const saved = await download.path();
    expect((await fs.readFile(saved)).equals(REPORT)).toBe(true);
    expect(await accessibilityProblems(lender)).toEqual([]);
    await screenshots(lender, 'order-paid');

    const history = await t.db
      .selectFrom('order_history')
      .select('action')
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining([
        'assign',
        'accept_assignment',
        'schedule_inspection',
        'complete_inspection',
        'request_submission',
        'request_completion',
      ]),
    );
  }, 240_000);
});
