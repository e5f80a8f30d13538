import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { orderBody } from '../helpers/orders.ts';
import { singleSignOnToken, useWebApp } from '../helpers/web-app.ts';
import { coordinator, newPage, openQueue } from './pipeline-helpers.ts';

/**
 * Order lists people work from all day: the columns each person chooses (kept by the service,
 * so another browser shows them), saved views and "My orders", the pipeline's client filter
 * and saved views, one Back leaving the pipeline, pages by Previous and Next when the total is
 * an estimate, and a link naming a status that does not exist. The service counts exactly up
 * to 5 orders here, so that a search of the 30 orders placed is estimated.
 */
const t = useTestDatabase();
const app = useWebApp(t, { LIST_EXACT_COUNT_LIMIT: '5' });
let demo: DemoWorld;
let browser: Browser;
let base: string;
let otherClientOrder: string;

const place = async (key: string, body: Record<string, unknown>) => {
  const answer = await fetch(`${base}/api/v1/orders`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: string; file_number: string }).file_number;
};

beforeAll(async () => {
  ({ demo, browser, base } = app);
  for (let i = 0; i < 28; i++)
    await place(demo.users.client.api_key, await orderBody(t.db, demo, { loan_number: `LN-${100 + i}` }));
  await place(demo.users.staff.api_key, await orderBody(t.db, demo, { loan_number: 'LN-STAFF' }));
  // A second lender of the company, with one order, for the pipeline's client filter.
  otherClientOrder = await place(
    demo.users.staff.api_key,
    await orderBody(t.db, demo, { loan_number: 'LN-OTHER' }),
  );
  const other = await t.db
    .insertInto('organizations')
    .values({ kind: 'client', name: 'Second Street Lending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('company_clients')
    .values({ company_id: demo.company_id, client_id: other.id })
    .execute();
  await t.db
    .updateTable('orders')
    .set({ client_id: other.id, lender_id: other.id })
    .where('file_number', '=', otherClientOrder)
    .execute();
}, 120_000);

/** The lender, signed in by single sign-on, on `path`. */
async function lender(path: string): Promise<Page> {
  const page = await newPage(browser);
  const jwt = await singleSignOnToken(base, demo.users.client.api_key);
  await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(path)}`);
  page.setDefaultTimeout(8000);
  return page;
}
const headers = (page: Page) => page.getByRole('columnheader').allTextContents();
const rowCount = (page: Page) => page.getByRole('table', { name: 'Orders' }).getByRole('row').count();

describe('order lists to work from', () => {
  it('a lender chooses the columns, and finds them again in another browser', async () => {
    const page = await lender('/orders');
    await page.getByRole('columnheader', { name: 'Borrower' }).waitFor();
    expect(await headers(page)).toEqual([
      'File number',
      'Status',
      'Property',
      'Borrower',
      'Loan number',
      'Due',
      'In status for',
    ]);
    await page.getByRole('button', { name: 'Columns' }).click();
    // The client's name is for staff; the lender's fee is its own.
    expect(await page.getByRole('checkbox', { name: 'Client' }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Fee' }).check();
    await page.getByRole('checkbox', { name: 'Property' }).uncheck();
    await page.getByRole('columnheader', { name: 'Fee' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('cell', { name: /^\$\d{3}\.\d{2}$/ }).count()).toBeGreaterThan(0);
    await screenshots(page, 'order-lists-columns');

    const elsewhere = await lender('/orders');
    await elsewhere.getByRole('columnheader', { name: 'Fee' }).waitFor();
    expect(await headers(elsewhere)).toEqual([
      'File number',
      'Status',
      'Borrower',
      'Loan number',
      'Due',
      'Fee',
      'In status for',
    ]);
    await elsewhere.setViewportSize({ width: 375, height: 812 });
    await elsewhere
      .getByRole('listitem')
      .first()
      .getByText(/^Fee: \$/)
      .waitFor();
    expect(await accessibilityProblems(elsewhere)).toEqual([]);
  });

  it('staff see My orders, save the search as a view after a blank name is refused, pick it and delete it', async () => {
    const page = await coordinator(browser, base, demo, '/orders');
    page.setDefaultTimeout(8000);
    await page.getByRole('columnheader', { name: 'Client' }).waitFor();
    await page.getByLabel('View').selectOption({ label: 'My orders' });
    await page.waitForURL(/mine=true/);
    await expect.poll(() => page.getByText(/^\d+ orders?$/).textContent()).toBe('2 orders');
    await page.getByLabel('Sort').selectOption({ label: 'Due soonest' });
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
    await page.getByText('The name is required.').waitFor();
    await page.getByLabel(/^Name/).fill('Placed by me');
    await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel('View').inputValue()).not.toBe('mine');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-lists-views');

    await page.getByLabel('View').selectOption({ label: 'All orders' });
    await expect.poll(() => page.url()).not.toMatch(/mine=true/);
    await page.getByLabel('View').selectOption({ label: 'Placed by me' });
    await page.waitForURL(/mine=true.*|.*sort=due_date/);
    await expect.poll(() => page.getByText(/^\d+ orders?$/).textContent()).toBe('2 orders');
    await page.getByRole('button', { name: 'Delete view' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Delete view' }).count()).toBe(0);
    expect(await page.getByLabel('View').locator('option', { hasText: 'Placed by me' }).count()).toBe(0);
  });

  it('the pipeline lists one client at a time', async () => {
    const page = await coordinator(browser, base, demo, '/pipeline');
    const table = page.getByRole('table', { name: /^Orders: / });
    await table.getByRole('row').nth(2).waitFor();
    await page.getByLabel('Client').selectOption({ label: 'Second Street Lending' });
    await page.waitForURL(/client=/);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('link', { name: otherClientOrder }).waitFor();
    expect(await table.getByRole('cell', { name: 'Second Street Lending' }).count()).toBe(1);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-lists-pipeline-client');
    // A filter replaces the address: Back leaves the pipeline rather than undoing the filter.
    await page.getByLabel('Client').selectOption({ label: 'Every client' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2);
  });

  it("the pipeline's queue, client and columns saved as a view, picked again and deleted", async () => {
    const page = await coordinator(browser, base, demo, '/pipeline');
    page.setDefaultTimeout(8000);
    const table = page.getByRole('table', { name: /^Orders: / });
    await table.getByRole('row').nth(2).waitFor();
    await page.getByLabel('Client').selectOption({ label: 'Second Street Lending' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Fee' }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Fee' }).waitFor();
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByText('The queue, the client and the columns shown now are kept under it.').waitFor();
    await dialog.getByLabel(/^Name/).fill('Second Street, new orders');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/saved=/);
    await expect.poll(() => page.getByLabel('View', { exact: true }).inputValue()).not.toBe('');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 812 });
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshots(page, 'pipeline-views');

    // No view: every client, and the person's own columns (without the fee from now on).
    await page.getByLabel('View', { exact: true }).selectOption({ label: 'No saved view' });
    await expect.poll(() => page.url()).not.toMatch(/client=|saved=/);
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Fee' }).uncheck();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: 'Fee' }).waitFor({ state: 'detached' });
    // Picked from another queue, the view brings back its queue, its client and its columns.
    await openQueue(page, 'offers');
    await page.getByLabel('View', { exact: true }).selectOption({ label: 'Second Street, new orders' });
    await page.getByTestId('queue-new').and(page.locator('[aria-current="true"]')).waitFor();
    await table.getByRole('link', { name: otherClientOrder }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('columnheader', { name: 'Fee' }).waitFor();
    // Changing the client leaves the view.
    await page.getByLabel('Client').selectOption({ label: 'Every client' });
    await expect.poll(() => page.getByLabel('View', { exact: true }).inputValue()).toBe('');
    await page.getByRole('columnheader', { name: 'Fee' }).waitFor({ state: 'detached' });

    await page.getByLabel('View', { exact: true }).selectOption({ label: 'Second Street, new orders' });
    await page.getByRole('button', { name: 'Delete view' }).click();
    const confirm = page.getByRole('dialog', { name: /^Delete the view/ });
    await confirm.getByText('only this view of the list goes').waitFor();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 812 });
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshots(page, 'pipeline-view-delete');
    await confirm.getByRole('button', { name: 'Delete view' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(
      await page.getByLabel('View', { exact: true }).locator('option', { hasText: 'Second Street' }).count(),
    ).toBe(0);
    await expect.poll(() => page.url()).not.toMatch(/saved=/);
  });

  it('one Back leaves the pipeline, whatever queue, client and layout were chosen on it', async () => {
    const page = await coordinator(browser, base, demo, '/orders');
    page.setDefaultTimeout(8000);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByRole('link', { name: 'Pipeline', exact: true }).click();
    await page.waitForURL(/\/pipeline/);
    await openQueue(page, 'offers');
    await page.waitForURL(/queue=offers/);
    await page.getByLabel('Client').selectOption({ label: 'Second Street Lending' });
    await page.waitForURL(/client=/);
    await page.getByText('Board', { exact: true }).click();
    await page.waitForURL(/view=board/);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 812 });
      expect(await accessibilityProblems(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshots(page, 'pipeline-filtered-board');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
  });

  it('an estimated total pages by Previous and Next, with no last page', async () => {
    const page = await lender('/orders?q=Congress');
    await page.getByText(/^About [\d,]+ orders$/).waitFor();
    expect(await page.getByRole('button', { name: 'last page' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1').waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 2').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-lists-estimate');
  });

  it('a link naming a status that does not exist shows every order and says so', async () => {
    const page = await lender('/orders?status=sleeping');
    await page.getByText('Unknown status in the link').waitFor();
    await page.getByText('No status is called “sleeping”, so every status is shown.').waitFor();
    expect(await rowCount(page)).toBeGreaterThan(1);
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-lists-unknown-status');
    await page.getByRole('button', { name: 'Remove it from the address' }).click();
    await expect.poll(() => page.url()).not.toMatch(/status=/);
    await page.getByText('Unknown status in the link').waitFor({ state: 'detached' });
    // A status that exists still filters, by its key.
    await page.getByLabel('Status', { exact: true }).selectOption({ value: 'unassigned' });
    await page.waitForURL(/status=unassigned/);
    await expect.poll(() => page.getByText(/^\d+ orders?$/).textContent()).toBe('29 orders');
  });
});
