import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { orderBody } from '../helpers/orders.ts';
import { singleSignOnToken, useWebApp } from '../helpers/web-app.ts';

/**
 * Correcting an order from its page: the lender opens "Correct order", prefilled with what the
 * order holds; a bad phone and a past due date are refused by their fields and nothing changes;
 * a correction saved shows on the page and in the history before and after; a correction made
 * on a stale read (staff changed the order meanwhile) is refused in words, with a reload that
 * keeps the lender's edits; the appraiser is offered no correction.
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

const api = async (method: string, path: string, key: string, body?: unknown) => {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, any> };
};

async function openAs(apiKey: string, where: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  const jwt = await singleSignOnToken(base, apiKey);
  await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(where)}`);
  await page.getByRole('heading', { name: 'Details' }).waitFor(SOON);
  return page;
}

describe('correcting an order in the browser', () => {
  it('the lender corrects it after bad input is refused, and a stale correction is caught', async () => {
    const client = demo.users.client.api_key;
    const placed = await api('POST', '/api/v1/orders', client, await orderBody(t.db, demo));
    expect(placed.status).toBe(201);
    const orderId = placed.json.id as string;
    const page = await openAs(client, `/orders/${orderId}`);

    await page.getByRole('button', { name: 'Correct order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct order' });
    await dialog.waitFor();
    // Prefilled with what the order holds.
    expect(await dialog.getByLabel('Last name').inputValue()).toBe('Borrower');
    expect(await dialog.getByLabel('Due date').inputValue()).toBe('2037-12-15');
    expect(await dialog.getByLabel('Street').inputValue()).toBe('1100 Congress Ave');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-correct');

    // Bad input: the service refuses each by its field, in a sentence, and nothing changes.
    const before = (await api('GET', `/api/v1/orders/${orderId}`, client)).json;
    const phone = dialog.getByLabel("Borrower's phone");
    await phone.fill('555');
    await dialog.getByLabel('Due date').fill('2020-01-02');
    await dialog.getByRole('button', { name: 'Save the correction' }).click();
    await expect.poll(() => fieldMessage(phone), SOON).toMatch(/^The borrower's phone: .*phone number/);
    expect(await fieldMessage(dialog.getByLabel('Due date'))).toContain('The due date');
    await screenshots(page, 'order-correct-refused');
    const unchanged = (await api('GET', `/api/v1/orders/${orderId}`, client)).json;
    expect(unchanged.version).toBe(before.version);
    expect(unchanged.borrower.phone).toBe(before.borrower.phone);

    // Someone else changes the order meanwhile: the lender's save is refused in words.
    await phone.fill('512-555-0199');
    await dialog.getByLabel('Due date').fill('2037-12-18');
    await dialog.getByLabel('Loan number').fill('LN-2041');
    const staffChange = await api('PATCH', `/api/v1/orders/${orderId}`, demo.users.staff.api_key, {
      special_instructions: 'Gate code 4512',
    });
    expect(staffChange.status).toBe(200);
    await dialog.getByRole('button', { name: 'Save the correction' }).click();
    const stale = dialog.getByRole('alert').filter({ hasText: 'Someone else changed this order' });
    await stale.waitFor(SOON);
    await stale.getByText('nothing was saved').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-correct-stale');
    expect((await api('GET', `/api/v1/orders/${orderId}`, client)).json.loan_number).toBeNull();

    // Reloaded: the other change is in, the lender's edits stay; saved, the page shows them.
    await stale.getByRole('button', { name: 'Reload the order' }).click();
    await dialog.getByText('The order is reloaded with the other change').waitFor();
    expect(await dialog.getByLabel('Special instructions').inputValue()).toBe('Gate code 4512');
    expect(await dialog.getByLabel('Loan number').inputValue()).toBe('LN-2041');
    await dialog.getByLabel('Why (kept in the history)').fill('The closing moved');
    await dialog.getByRole('button', { name: 'Save the correction' }).click();
    await dialog.waitFor({ state: 'hidden', ...SOON });
    await page.getByText('Order corrected').waitFor();
    const details = page.getByText('LN-2041', { exact: true });
    await details.waitFor(SOON);
    await page.getByText('12/18/2037').first().waitFor();
    const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Timeline' }) });
    await history.getByText('Loan number: none → LN-2041').first().waitFor(SOON);
    await history.getByText("Borrower's phone: 512-555-0101 → 512-555-0199").first().waitFor();
    await history.getByText('The closing moved').first().waitFor();
    const after = (await api('GET', `/api/v1/orders/${orderId}`, client)).json;
    expect(after).toMatchObject({
      loan_number: 'LN-2041',
      due_date: '12/18/2037',
      special_instructions: 'Gate code 4512',
    });
    expect(after.borrower.phone).toBe('512-555-0199');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-corrected');

    // Sending nothing changed says so and sends nothing.
    await page.getByRole('button', { name: 'Correct order' }).click();
    await dialog.getByRole('button', { name: 'Save the correction' }).click();
    await dialog.getByText('Nothing was changed: change a field, then save.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await api('GET', `/api/v1/orders/${orderId}`, client)).json.version).toBe(after.version);
  }, 120_000);

  it('the appraiser is offered no correction', async () => {
    const client = demo.users.client.api_key;
    const placed = await api('POST', '/api/v1/orders', client, await orderBody(t.db, demo));
    const orderId = placed.json.id as string;
    const assigned = await api('PUT', `/api/v1/orders/${orderId}/assign`, demo.users.staff.api_key, {
      appraiser_id: demo.users.appraiser.id,
    });
    expect(assigned.status).toBe(200);
    const page = await openAs(demo.users.appraiser.api_key, `/orders/${orderId}`);
    expect(await page.getByRole('button', { name: 'Correct order' }).count()).toBe(0);
  });
});
