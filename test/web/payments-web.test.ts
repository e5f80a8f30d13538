import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/config.ts';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { signInLink } from '../../src/sessions/session.service.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { orderBody } from '../helpers/orders.ts';
import { ROOT } from '../helpers/processes.ts';
import { singleSignOnToken, useWebApp } from '../helpers/web-app.ts';

/**
 * Payments in the browser: the lender passes the payment link on (copied; emailed after a bad
 * address is refused) and changes how the order is paid (refused first: the company stopped
 * taking that way meanwhile); an appraiser keeps a card for submission fees (a bad number
 * refused first), removes it after asking, and pays a failed submission fee again after a
 * declined card is refused, seeing the amount and the card before anything is charged.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
let base: string;
const SOON = { timeout: 15_000 };

beforeAll(() => {
  ({ demo, browser, base } = app);
});

async function api(method: string, where: string, key: string, body?: unknown) {
  const multipart = body instanceof FormData;
  const answer = await fetch(`${base}${where}`, {
    method,
    headers: {
      'x-api-key': key,
      ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, any> };
}

async function watched(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

const historyActions = async (orderId: string) =>
  (
    (await api('GET', `/api/v1/orders/${orderId}/history`, demo.users.client.api_key)).json as unknown as {
      action: string;
    }[]
  ).map((entry) => entry.action);

describe('payments in the browser', () => {
  it('the lender copies and emails the payment link and changes how the order is paid', async () => {
    const client = demo.users.client.api_key;
    const staff = demo.users.staff.api_key;
    const placed = await api('POST', '/api/v1/orders', client, await orderBody(t.db, demo));
    const orderId = placed.json.id as string;
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await watched(context);
    const jwt = await singleSignOnToken(base, client);
    await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(`/orders/${orderId}`)}`);
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments.getByText('Invoice, payable by the lender').waitFor(SOON);

    // The link, copied.
    await payments.getByRole('button', { name: 'Copy the payment link' }).click();
    await page.getByText('Link copied', { exact: true }).first().waitFor();
    const copied = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(new URL(copied).pathname).toBe(`/pay/${orderId}`);
    expect((await fetch(copied)).status).toBe(200);

    // Emailed: a bad address is refused by the field and nothing is sent.
    await payments.getByRole('button', { name: 'Email the link…' }).click();
    const send = page.getByRole('dialog', { name: 'Email the payment link' });
    const recipients = send.getByLabel('Recipients');
    await recipients.fill('not-an-email');
    await recipients.press('Enter');
    await send.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => fieldMessage(recipients), SOON).toMatch(/^A recipient's email/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'payment-link-refused');
    expect(await historyActions(orderId)).not.toContain('send_payment_link');
    // Backspace in the empty field takes the last address back out.
    await recipients.press('Backspace');
    await recipients.fill('payer@borrower.example');
    await recipients.press('Enter');
    await send.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Payment link sent').waitFor(SOON);
    expect(await app.mailTo('payer@borrower.example')).toContain(`/pay/${orderId}`);

    // The method: the company stops taking payment links while the dialog is open.
    await payments.getByRole('button', { name: 'Change' }).click();
    const method = page.getByRole('dialog', { name: 'Change how the order is paid' });
    await method.getByRole('radio', { name: /Payment link, paid by the borrower/ }).check();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'payment-method');
    const settings = `/api/v1/companies/${demo.company_id}/settings`;
    expect(
      (await api('PATCH', settings, staff, { payment_methods: ['invoice', 'credit_card'] })).status,
    ).toBe(200);
    await method.getByRole('button', { name: 'Change the payment method' }).click();
    await method
      .getByText(/^The payment method/)
      .first()
      .waitFor(SOON);
    await screenshots(page, 'payment-method-refused');
    expect((await api('GET', `/api/v1/orders/${orderId}`, client)).json.payment_method).toBe('invoice');

    expect(
      (await api('PATCH', settings, staff, { payment_methods: ['invoice', 'credit_card', 'payment_link'] }))
        .status,
    ).toBe(200);
    await method.getByRole('button', { name: 'Change the payment method' }).click();
    await method.waitFor({ state: 'hidden', ...SOON });
    await payments.getByText('Payment link, paid by the borrower').waitFor(SOON);
    await page.getByText('Payment method: invoice → payment link').waitFor(SOON);
    expect((await api('GET', `/api/v1/orders/${orderId}`, client)).json.payment_method).toBe('payment_link');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-payments');
    await context.close();
  }, 180_000);

  it('the appraiser keeps a card, removes it, and pays a failed submission fee after a decline', async () => {
    const { client: clientUser, staff: staffUser, appraiser: appraiserUser } = demo.users;
    const appraiser = appraiserUser.api_key;
    const settings = `/api/v1/companies/${demo.company_id}/settings`;
    expect((await api('PATCH', settings, staffUser.api_key, { submission_fee: '35.00' })).status).toBe(200);
    const placed = await api('POST', '/api/v1/orders', clientUser.api_key, await orderBody(t.db, demo));
    const orderId = placed.json.id as string;
    const act = async (key: string, action: string, body: unknown = {}) =>
      expect((await api('PUT', `/api/v1/orders/${orderId}/${action}`, key, body)).status).toBe(200);
    await act(staffUser.api_key, 'assign', { appraiser_id: appraiserUser.id });
    await act(appraiser, 'accept_assignment');
    await act(appraiser, 'schedule_inspection', { inspection_scheduled_at: '2037-12-01T15:00:00Z' });
    await act(appraiser, 'complete_inspection');
    await api('DELETE', '/api/v1/me/payment_card', appraiser);
    const report = new FormData();
    const pdf = await fs.readFile(path.join(ROOT, 'test/fixtures/report.pdf'));
    report.append('files[][attachment]', new Blob([pdf], { type: 'application/pdf' }), 'report.pdf');
    report.append('files[][file_type]', 'appraisal_pdf');
    expect((await api('PUT', `/api/v1/orders/${orderId}/request_submission`, appraiser, report)).status).toBe(
      200,
    );
    expect((await api('GET', `/api/v1/orders/${orderId}`, appraiser)).json.status.name).toBe(
      'Submission fee failed',
    );

    const context = await browser.newContext();
    const page = await watched(context);
    await page.goto(await signInLink(t.db, { publicBaseUrl: base } as Config, appraiserUser.id));
    await page.goto(`${base}/orders/${orderId}`);
    const feeCard = page.getByRole('region', { name: 'Submission fee' });
    await feeCard.getByText(/The company's fee of \$35\.00 could not be charged/).waitFor(SOON);
    await feeCard.getByText('No card on file.').waitFor();
    expect(await page.getByRole('button', { name: 'Retry submission fee' }).count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-submission-fee');

    // The account page: a bad number is refused by its field, and no card is kept.
    await feeCard.getByRole('link', { name: 'Add a card on your account page' }).click();
    const cardSection = page.getByRole('region', { name: 'Card for submission fees' });
    await cardSection.getByText('No card on file').waitFor(SOON);
    const fillCard = async (number: string) => {
      await cardSection.getByLabel('Name on the card').fill('Avery Appraiser');
      await cardSection.getByLabel('Card number').fill(number);
      await cardSection.getByLabel('Month').fill('12');
      await cardSection.getByLabel('Year').fill('2031');
      await cardSection.getByLabel('CVC').fill('123');
      await cardSection.getByRole('button', { name: 'Keep this card' }).click();
    };
    await cardSection.getByRole('button', { name: 'Add a card' }).click();
    await fillCard('4242 4242 4242 4241');
    await expect
      .poll(() => fieldMessage(cardSection.getByLabel('Card number')), SOON)
      .toMatch(/^The card number/);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'account-card-refused');
    expect((await api('GET', '/api/v1/me/payment_card', appraiser)).status).toBe(404);

    // A card the bank declines is kept; paying the fee with it is refused, and nothing changes.
    await fillCard('4000 0000 0000 0002');
    await cardSection.getByText(/ending in 0002/).waitFor(SOON);
    await page.goto(`${base}/orders/${orderId}`);
    await feeCard.getByText(/Card on file: .* ending in 0002/).waitFor(SOON);
    await feeCard.getByRole('button', { name: 'Pay the $35.00 fee' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pay the submission fee?' });
    await confirm.getByText(/\$35\.00 will be charged to your .* ending in 0002/).waitFor();
    await confirm.getByRole('button', { name: 'Charge $35.00' }).click();
    await confirm
      .getByRole('alert')
      .getByText(/could not be charged/)
      .waitFor(SOON);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-submission-fee-declined');
    expect((await api('GET', `/api/v1/orders/${orderId}`, appraiser)).json.status.name).toBe(
      'Submission fee failed',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // Replaced by a good card, then the fee is paid and the report goes to review.
    await page.goto(`${base}/account`);
    await cardSection.getByRole('button', { name: 'Replace the card' }).click();
    await fillCard('4242 4242 4242 4242');
    await cardSection.getByText(/ending in 4242/).waitFor(SOON);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'account-card');
    await page.goto(`${base}/orders/${orderId}`);
    await feeCard.getByRole('button', { name: 'Pay the $35.00 fee' }).click();
    await confirm.getByRole('button', { name: 'Charge $35.00' }).click();
    await page.getByText('Submission fee paid').waitFor(SOON);
    await page.getByTestId('order-status').filter({ hasText: 'In review' }).waitFor(SOON);
    expect(await feeCard.count()).toBe(0);

    // Removing the card asks first.
    await page.goto(`${base}/account`);
    await cardSection.getByRole('button', { name: 'Remove the card' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove your card?' });
    await remove.getByRole('button', { name: 'Remove the card' }).click();
    await cardSection.getByText('No card on file').waitFor(SOON);
    expect((await api('GET', '/api/v1/me/payment_card', appraiser)).status).toBe(404);
    await context.close();
  }, 180_000);
});
