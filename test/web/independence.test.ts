import type { Config } from '../../src/config/config.ts';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { signInLink } from '../../src/sessions/session.service.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { useWebApp } from '../helpers/web-app.ts';
import { apiOf, coordinator, expectStatus, newPage } from './pipeline-helpers.ts';

/**
 * Appraiser independence in the browser, as each person meets it: staff who open the web
 * application acting for a lender keep the limits of acting (and see that they act); a lender's
 * note reaches the company, which forwards it to the appraiser in its words; the lender does
 * not get a report before the company releases it; a loan officer sees only the orders their
 * client lets them see.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
let base: string;
let api: ReturnType<typeof apiOf>;

beforeAll(() => {
  ({ demo, browser, base } = app);
  api = apiOf(base);
});

/** A page signed in with a one-time link of the user (a person at their own desk). */
async function signedIn(userId: string, path: string): Promise<Page> {
  const page = await newPage(browser);
  const link = await signInLink(t.db, { publicBaseUrl: base } as Config, userId);
  await page.goto(`${link}&return_to=${encodeURIComponent(path)}`);
  return page;
}

/** An order assigned to the demo appraiser, in Under negotiation on terms the company put to the lender. */
async function negotiating(loanNumber: string) {
  const { staff, appraiser } = demo.users;
  const order = await api.place(t.db, demo, { loan_number: loanNumber });
  await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '300' });
  await api.act(appraiser.api_key, order.id, 'accept_assignment', {
    fee_condition: '360',
    comments: 'Need $360 or I walk',
  });
  await api.act(staff.api_key, order.id, 'approve_assignment_condition', {
    client_total_fee: '485.00',
    client_comments: 'The property needs a second visit.',
  });
  return order;
}

describe('acting for a lender in the browser', () => {
  it('shows who acts, and leaves the lender’s decision on new terms to the lender', async () => {
    const order = await negotiating('ACTING');
    // Staff mint a sign-on link for the lender's user (X-Api-Email) and open it.
    const me = await fetch(`${base}/api/v1/me`, {
      method: 'POST',
      headers: { 'x-api-key': demo.users.staff.api_key, 'x-api-email': demo.users.client.email },
    });
    const { jwt } = (await me.json()) as { jwt: string };
    const page = await newPage(browser);
    await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(`/orders/${order.id}`)}`);
    const banner = page.getByRole('status').filter({ hasText: 'Sam Staffer, acting for' });
    await banner
      .getByText('Their own decisions (approving new terms, paying, their keys and password) stay theirs.')
      .waitFor();
    const proposal = page.getByRole('region', { name: 'New terms proposed' });
    await proposal.getByText('The property needs a second visit.').waitFor();
    expect(await proposal.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await proposal
      .getByText(/own organization decides on new terms: acting for them, you may not\./)
      .waitFor();
    expect(await page.getByText('Need $360 or I walk').count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'acting-for-lender');
    await banner.getByRole('button', { name: 'Stop acting (sign out)' }).click();
    await page.waitForURL(/\/sign-in/);
  }, 120_000);
});

describe('acting for an appraiser in the browser', () => {
  it('offers staff the logistics, not the appraiser’s answer to an offer', async () => {
    const { staff, appraiser } = demo.users;
    const order = await api.place(t.db, demo, { loan_number: 'ACTING-APPRAISER' });
    await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '300' });
    const me = await fetch(`${base}/api/v1/me`, {
      method: 'POST',
      headers: { 'x-api-key': staff.api_key, 'x-api-email': appraiser.email },
    });
    const { jwt } = (await me.json()) as { jwt: string };
    const page = await newPage(browser);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent('/offers')}`);
    await page
      .getByRole('status')
      .filter({ hasText: 'Sam Staffer, acting for' })
      .getByText(/accepting offers, recording the inspection, submitting reports/)
      .waitFor();
    await page.getByText('Only the appraiser accepts an offer.').first().waitFor();
    expect(await page.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Decline' }).first().waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'acting-for-appraiser');
  }, 120_000);
});

describe('messages through the company', () => {
  it('keeps a lender’s note from the appraiser until staff forward it in their words', async () => {
    const { staff, appraiser } = demo.users;
    const order = await api.place(t.db, demo, { loan_number: 'NOTES' });
    await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '300' });
    await api.act(appraiser.api_key, order.id, 'accept_assignment');

    // The lender writes: the page says who reads it.
    const lender = await signedIn(demo.users.client.id, `/orders/${order.id}`);
    const note = lender.getByRole('textbox', { name: 'Note' });
    await lender
      .getByText('The appraisal company reads it, and passes on to the appraiser what they need.')
      .waitFor();
    await note.fill('We need the value at 460k to close.');
    await lender.getByRole('button', { name: 'Add the note' }).click();
    await lender.getByText('Note added.').waitFor();
    await lender.getByText('Company and lender').first().waitFor();
    await screenshots(lender, 'notes-lender');

    // Staff read it, and pass on what the appraiser should have.
    const page = await coordinator(browser, base, demo, `/orders/${order.id}`);
    // The note in the notes, and a line of it in the timeline.
    await page
      .getByRole('region', { name: 'Notes' })
      .getByText('We need the value at 460k to close.')
      .waitFor();
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByText('Note from Casey Client: We need the value at 460k to close.')
      .waitFor();
    await page
      .getByRole('button', { name: /^Forward the note of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Forward the note' });
    const message = dialog.getByRole('textbox', { name: 'Message' });
    expect(await message.inputValue()).toBe('We need the value at 460k to close.');
    await message.fill('The lender asks when the inspection can take place.');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'notes-forward');
    await dialog.getByRole('button', { name: 'Forward', exact: true }).click();
    await page.getByText('Note forwarded').waitFor();
    await page.getByText('forwarded from', { exact: false }).first().waitFor();

    const appraiserPage = await signedIn(appraiser.id, `/orders/${order.id}`);
    await appraiserPage
      .getByRole('region', { name: 'Notes' })
      .getByText('The lender asks when the inspection can take place.')
      .waitFor();
    await appraiserPage
      .getByRole('region', { name: 'Timeline' })
      .getByText(/^Note from Sam Staffer: /)
      .first()
      .waitFor();
    expect(await appraiserPage.getByText('460k').count()).toBe(0);
    expect(await accessibilityProblems(appraiserPage)).toEqual([]);
    await screenshots(appraiserPage, 'notes-appraiser');
  }, 120_000);
});

describe('the report and the lender', () => {
  it('shows the lender no report in review, and the report once the company completed the order', async () => {
    const { staff, appraiser } = demo.users;
    const order = await api.place(t.db, demo, { loan_number: 'RELEASE' });
    await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '300' });
    await api.act(appraiser.api_key, order.id, 'accept_assignment');
    await api.act(appraiser.api_key, order.id, 'schedule_inspection', {
      inspection_scheduled_at: '2037-12-01T09:00',
    });
    await api.act(appraiser.api_key, order.id, 'complete_inspection');
    await api.submitReport(appraiser.api_key, order.id);

    const lender = await signedIn(demo.users.client.id, `/orders/${order.id}`);
    await expectStatus(lender, 'In review');
    await lender.getByRole('heading', { name: 'Files' }).waitFor();
    await lender.getByText('No files yet.').waitFor();
    expect(await lender.getByRole('link', { name: 'report.pdf' }).count()).toBe(0);
    await api.act(staff.api_key, order.id, 'request_completion');
    await lender.reload();
    await expectStatus(lender, 'Completed');
    const report = lender.getByRole('region', { name: 'Report' });
    await report.getByRole('link', { name: 'Open the report (PDF)' }).waitFor();
    expect(await accessibilityProblems(lender)).toEqual([]);
    await screenshots(lender, 'report-released-lender');
  }, 120_000);
});

describe('who of a lender sees which orders', () => {
  it('lists a loan officer only their own orders where the client says so', async () => {
    const client = { id: demo.client_id, name: 'Demo lender' };
    const officer = await createUserWithKey(t.db, 'client', client);
    const own = await api.place(t.db, demo, { loan_number: 'OWN-1', client_user_ids: [officer.id] });
    const other = await api.place(t.db, demo, { loan_number: 'OTHER-1' });
    await api.call(demo.users.client.api_key, 'PATCH', `/clients/${demo.client_id}/access`, {
      order_visibility: 'own',
    });
    try {
      const page = await signedIn(officer.id, '/orders');
      await page.getByRole('link', { name: own.fileNumber }).first().waitFor();
      expect(await page.getByRole('link', { name: other.fileNumber }).count()).toBe(0);
      await page.goto(`${base}/orders/${other.id}`);
      await page
        .getByText(/not found/i)
        .first()
        .waitFor();
      await screenshots(page, 'orders-own-only');
    } finally {
      await api.call(demo.users.client.api_key, 'PATCH', `/clients/${demo.client_id}/access`, {
        order_visibility: 'all',
      });
    }
  }, 120_000);
});
