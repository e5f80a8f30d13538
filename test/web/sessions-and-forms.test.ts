import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { orderBody } from '../helpers/orders.ts';
import { DEMO_PASSWORD as PASSWORD, useWebApp } from '../helpers/web-app.ts';

/**
 * What the browser must refuse or survive: a form posted from another origin of the same site
 * (the session cookie goes along, the CSRF token cannot), a session that ends while a page is
 * open, and bad input on the order page's own forms (notes, parties, uploads), which shows the
 * service's message by the field and changes nothing.
 */
const t = useTestDatabase();
const UPLOAD_LIMIT = 200_000;
const app = useWebApp(t, { MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT) });
let orderId: string;

beforeAll(async () => {
  const placed = await fetch(`${app.base}/api/v1/orders`, {
    method: 'POST',
    headers: { 'x-api-key': app.demo.users.client.api_key, 'content-type': 'application/json' },
    body: JSON.stringify(await orderBody(t.db, app.demo)),
  });
  orderId = ((await placed.json()) as { id: string }).id;
});

async function signIn(context: BrowserContext, to = '/orders'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.base}/sign-in?return_to=${encodeURIComponent(to)}`);
  await page.getByLabel('Email').fill(app.demo.users.client.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === to);
  return page;
}

const notes = () => t.db.selectFrom('notes').select(['content']).where('order_id', '=', orderId).execute();

describe('sessions in the browser', () => {
  it('refuses a form posted from another origin of the same site: the cookie goes, the CSRF token does not', async () => {
    const context = await app.browser.newContext();
    await signIn(context);
    // A page of another service on the same host (same site: SameSite=Lax lets the cookie go).
    const forger = http.createServer((_, reply) => {
      reply.setHeader('content-type', 'text/html');
      reply.end(
        `<form method="post" action="${app.base}/api/v1/orders/${orderId}/notes">` +
          '<input name="content" value="forged note"></form><script>document.forms[0].submit()</script>',
      );
    });
    await new Promise<void>((resolve) => forger.listen(0, '127.0.0.1', resolve));
    const page = await context.newPage();
    const answer = page.waitForResponse((response) => response.url().endsWith('/notes'));
    await page.goto(`http://127.0.0.1:${(forger.address() as AddressInfo).port}/`);
    const refused = await answer;
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('csrf_failed');
    expect(await notes()).toEqual([]);
    forger.close();
    await context.close();
  }, 60_000);

  it('a session that ends while the page is open leads to sign-in, then back to the page', async () => {
    const context = await app.browser.newContext();
    const page = await signIn(context, `/orders/${orderId}`);
    // Everything on the page loaded: the next request is the person's own.
    await page.getByText('No files yet.').waitFor();
    await page.getByRole('link', { name: 'Invoice (PDF)' }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Create: Unassigned').waitFor();
    await t.db
      .updateTable('web_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', app.demo.users.client.id)
      .execute();
    await page.getByRole('button', { name: 'Hold', exact: true }).click();
    await page.getByRole('dialog', { name: 'Hold' }).getByRole('button', { name: 'Hold' }).click();
    await page.waitForURL(/\/sign-in\?/);
    await page.getByText(/^Your session ended/).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByLabel('Email').fill(app.demo.users.client.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/orders/${orderId}$`));
    // Nothing was held by the refused request.
    await page.getByTestId('order-status').filter({ hasText: 'Unassigned' }).waitFor();
    await context.close();
  }, 60_000);
});

describe("the order page's forms refuse bad input by the field and change nothing", () => {
  it('notes, parties and uploads', async () => {
    const context = await app.browser.newContext();
    const page = await signIn(context, `/orders/${orderId}`);
    const notesCard = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Notes' }),
    });
    await notesCard.getByRole('button', { name: 'Add the note' }).click();
    await expect
      .poll(() => notesCard.getByRole('textbox', { name: 'Note' }).getAttribute('aria-invalid'))
      .toBe('true');
    // The field grows with what is typed (by CSS, not by measuring itself as it mounts).
    const noteField = notesCard.getByRole('textbox', { name: 'Note' });
    const empty = (await noteField.boundingBox())!.height;
    await noteField.fill(
      'Call the borrower first.\nThe gate code is 4821.\nThe dog is friendly.\nPark on the street.',
    );
    expect((await noteField.boundingBox())!.height).toBeGreaterThan(empty + 20);
    await noteField.fill('Call the borrower first');
    await notesCard.getByRole('button', { name: 'Subject, emails, attachments' }).click();
    await notesCard.getByLabel('Also email').fill('not-an-email');
    await notesCard.getByLabel('Also email').press('Enter');
    await notesCard.getByRole('button', { name: 'Add the note' }).click();
    await notesCard.getByText(/email/i).and(page.locator('.mantine-InputWrapper-error')).waitFor();
    expect(await notes()).toEqual([]);
    await screenshots(page, 'order-forms-refused');

    await page.getByRole('button', { name: 'Add a party' }).click();
    const party = page.getByRole('dialog', { name: 'Add a party' });
    await party.getByRole('button', { name: 'Add' }).click();
    await expect
      .poll(() => party.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await accessibilityProblems(page)).toEqual([]);
    await party.getByRole('button', { name: 'Close' }).first().click();
    const parties = await t.db
      .selectFrom('order_parties')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();

    const filesCard = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Files' }),
    });
    await filesCard.locator('input[type=file]').setInputFiles({
      name: 'too-big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(UPLOAD_LIMIT * 2, 1),
    });
    await filesCard.getByRole('button', { name: 'Upload 1 file' }).click();
    await filesCard.getByRole('alert').waitFor();
    expect(await filesCard.getByRole('alert').textContent()).toMatch(/too large|limit|bytes/i);
    expect(
      await t.db.selectFrom('order_files').select('id').where('order_id', '=', orderId).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('order_parties').select('id').where('order_id', '=', orderId).execute(),
    ).toHaveLength(parties.length);
    await context.close();
  }, 90_000);
});
