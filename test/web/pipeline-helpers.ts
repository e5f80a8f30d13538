import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Db } from '../../src/db/connection.ts';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { fieldMessage } from '../helpers/browser.ts';
import { orderBody } from '../helpers/orders.ts';
import { singleSignOnToken } from '../helpers/web-app.ts';

/**
 * What the staff workspace's browser tests share: orders put in a given state through the API
 * (as the lender, staff and appraiser would), and the coordinator signed in by single sign-on.
 */
export const REPORT = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export function apiOf(base: string) {
  const call = async (
    key: string,
    method: string,
    path: string,
    body?: Record<string, unknown> | FormData,
  ) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        'x-api-key': key,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const act = (key: string, orderId: string, action: string, body?: Record<string, unknown>) =>
    call(key, 'PUT', `/orders/${orderId}/${action}`, body);
  return {
    call,
    act,
    async place(db: Db, demo: DemoWorld, overrides: Record<string, unknown> = {}) {
      const order = await call(
        demo.users.client.api_key,
        'POST',
        '/orders',
        await orderBody(db, demo, overrides),
      );
      return { id: order.id as string, fileNumber: order.file_number as string };
    },
    async submitReport(key: string, orderId: string) {
      const form = new FormData();
      form.append('files[0][attachment]', new Blob([REPORT], { type: 'application/pdf' }), 'report.pdf');
      form.append('files[0][file_type]', 'appraisal_pdf');
      form.append('files[1][attachment]', new Blob(['<report/>'], { type: 'application/xml' }), 'report.xml');
      form.append('files[1][file_type]', 'appraisal_xml');
      return call(key, 'PUT', `/orders/${orderId}/request_submission`, form);
    },
  };
}

/** A page that fails the test on any script error. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** The demo company's coordinator, signed in by single sign-on, on `path`. */
export async function coordinator(
  browser: Browser,
  base: string,
  demo: DemoWorld,
  path: string,
): Promise<Page> {
  const page = await newPage(browser);
  const jwt = await singleSignOnToken(base, demo.users.staff.api_key);
  await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(path)}`);
  return page;
}

export async function expectStatus(page: Page, name: string) {
  await page.getByTestId('order-status').first().filter({ hasText: name }).waitFor({ timeout: 20_000 });
}

/** The field is marked invalid, and its message (the API's) is shown with it. */
export async function expectInvalid(field: Locator, message: string | RegExp) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await fieldMessage(field)).toMatch(message);
}

/** A queue of the pipeline, chosen; its table then lists its orders. */
export async function openQueue(page: Page, id: string) {
  await page.getByTestId(`queue-${id}`).click();
  await page.getByTestId(`queue-${id}`).and(page.locator('[aria-current="true"]')).waitFor();
}

/** The row of an order in the queue's table (by its file number). */
export const row = (page: Page, fileNumber: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: fileNumber, exact: true }) });
