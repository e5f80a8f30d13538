import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { createUser } from '../../src/users/user.service.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { useWebApp } from '../helpers/web-app.ts';
import { apiOf, coordinator, expectInvalid, expectStatus, openQueue, row } from './pipeline-helpers.ts';

/**
 * The coordinator's pipeline in the browser: every queue shows its orders, with counts and
 * the marks of what is late, and acting on an order (in bulk from the table, or on its page)
 * takes it out of the queue. The orders are put in each state through the API first, as the
 * lender and the appraiser would.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
let base: string;
let api: ReturnType<typeof apiOf>;
const orders: Record<string, { id: string; fileNumber: string }> = {};

beforeAll(async () => {
  ({ demo, browser, base } = app);
  api = apiOf(base);
  const { staff, appraiser, client } = demo.users;
  await createUser(t.db, {
    email: `bailey.${Date.now()}@panel.example`,
    firstName: 'Bailey',
    lastName: 'Bidwell',
    role: 'appraiser',
    organizationId: demo.company_id,
    isAdmin: false,
    title: null,
  });
  const place = async (name: string, overrides: Record<string, unknown> = {}) => {
    orders[name] = await api.place(t.db, demo, { loan_number: name, ...overrides });
    return orders[name].id;
  };
  const toInReview = async (name: string) => {
    const id = await place(name);
    await api.act(staff.api_key, id, 'assign', { appraiser_id: appraiser.id, fee: '450' });
    await api.act(appraiser.api_key, id, 'accept_assignment');
    await api.act(appraiser.api_key, id, 'schedule_inspection', {
      inspection_scheduled_at: '2037-12-01T09:00',
    });
    await api.act(appraiser.api_key, id, 'complete_inspection');
    await api.submitReport(appraiser.api_key, id);
    return id;
  };
  await place('NEW');
  // Overdue: due yesterday (as if it had waited); the pipeline marks it.
  const late = await place('LATE');
  await t.db
    .updateTable('orders')
    .set({ due_date: new Date(Date.now() - 86_400_000) })
    .where('id', '=', late)
    .execute();
  const offered = await place('OFFERED');
  await api.act(staff.api_key, offered, 'assign', { appraiser_id: appraiser.id, fee: '450' });
  const condition = await place('CONDITION');
  await api.act(staff.api_key, condition, 'assign', { appraiser_id: appraiser.id, fee: '450' });
  await api.act(appraiser.api_key, condition, 'accept_assignment', {
    due_date_condition: '2037-12-10',
    comments: 'I can deliver by the 10th at the same fee',
  });
  await toInReview('REVIEW');
  const revision = await toInReview('REVISION');
  await api.act(client.api_key, revision, 'request_revision', { comments: 'Add a third comparable' });
  const held = await place('HELD');
  await api.act(client.api_key, held, 'hold', { reason: 'Borrower travelling' });
  const attention = await place('ATTENTION');
  await api.act(staff.api_key, attention, 'flag_attention', { reason: 'Address does not match the county' });
  const cancelling = await place('CANCELLING');
  await api.act(client.api_key, cancelling, 'request_cancel', { reason: 'Loan withdrawn' });
}, 120_000);

/** The count shown on a queue's card. */
const countOf = (page: Page, id: string) =>
  page.getByTestId(`queue-${id}`).getByTestId('queue-count').textContent();

/** Opens an order of the queue from its row, and comes back to the pipeline afterwards. */
async function openOrder(page: Page, name: string) {
  await row(page, orders[name]!.fileNumber).getByRole('link').click();
  await page.waitForURL(new RegExp(`/orders/${orders[name]!.id}$`));
}

async function takeStep(
  page: Page,
  name: string,
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
  /** The dialog's title and its button, where they say more than the step's name. */
  confirm = name,
) {
  await page.getByRole('button', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: confirm });
  await dialog.waitFor();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function backToQueue(page: Page, id: string) {
  await page.getByRole('link', { name: 'Pipeline', exact: true }).click();
  await openQueue(page, id);
}

describe('the pipeline, queue by queue', () => {
  it('a coordinator clears each queue: each shows its orders, and acting on them moves them out', async () => {
    const page = await coordinator(browser, base, demo, '/pipeline');
    await page.getByRole('heading', { name: 'Pipeline' }).waitFor();
    await page.getByRole('navigation', { name: 'Queues' }).waitFor();

    // Counts per queue, the late one marked.
    expect(await countOf(page, 'new')).toBe('2');
    for (const id of ['offers', 'decisions', 'review', 'revisions', 'on_hold', 'attention', 'cancellations'])
      expect(await countOf(page, id), id).toBe('1');
    await page.getByTestId('queue-new').getByText('1 overdue').waitFor();
    await row(page, orders.LATE!.fileNumber).getByText('Overdue').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'pipeline-table');

    // New and unassigned: both offered to Bailey at once, from the table.
    await page.getByRole('checkbox', { name: 'Choose every order on this page' }).check();
    await page.getByRole('button', { name: 'Assign…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Assign 2 orders' });
    await dialog.getByRole('button', { name: 'Offer' }).click();
    const appraiserField = dialog
      .getByRole('textbox', { name: 'Appraiser', exact: true })
      .or(dialog.getByRole('combobox', { name: 'Appraiser', exact: true }))
      .first();
    await expectInvalid(appraiserField, /Choose the appraiser/);
    await appraiserField.click();
    await page.getByRole('option', { name: /Bailey Bidwell/ }).click();
    await dialog.getByRole('textbox', { name: 'Fee', exact: true }).fill('425');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'pipeline-bulk-assign');
    await dialog.getByRole('button', { name: 'Offer' }).click();
    await page.getByText('2 orders offered').waitFor();
    await page.getByText('Nothing here: this queue is clear.').waitFor();
    // The counts are a query of their own: they may arrive after the queue's rows.
    await expect.poll(() => countOf(page, 'new'), { timeout: 10_000 }).toBe('0');

    // Offers out: each with the time left before it times out; one put on hold.
    await openQueue(page, 'offers');
    await row(page, orders.NEW!.fileNumber)
      .getByText(/\d+ h \d+ min left/)
      .waitFor();
    // The coordinator's default columns: choose, file number, status, property, client, appraiser…
    expect(await row(page, orders.NEW!.fileNumber).getByRole('cell').nth(5).textContent()).toBe(
      'Bailey Bidwell',
    );
    await row(page, orders.OFFERED!.fileNumber).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Hold…' }).click();
    dialog = page.getByRole('dialog', { name: 'Put 1 order on hold' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Lender asked to wait for the survey');
    await dialog.getByRole('button', { name: 'Put on hold' }).click();
    await page.getByText('1 order put on hold').waitFor();
    await row(page, orders.OFFERED!.fileNumber).waitFor({ state: 'detached' });

    // The board: one column per status of the queue.
    await page.getByText('Board', { exact: true }).click();
    await page.getByRole('region', { name: /^Pending assignment: 2$/ }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'pipeline-board');
    await page.getByText('Table').click();

    // On hold: both resumed, back where they were.
    await openQueue(page, 'on_hold');
    await row(page, orders.HELD!.fileNumber).waitFor();
    await page.getByRole('checkbox', { name: 'Choose every order on this page' }).check();
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('2 orders resumed').waitFor();
    await page.getByText('Nothing here: this queue is clear.').waitFor();

    // Conditions: the appraiser's condition, decided side by side.
    await openQueue(page, 'decisions');
    await openOrder(page, 'CONDITION');
    const decision = page.getByRole('table', { name: 'Current and proposed terms' });
    await decision.getByRole('row', { name: /Due date 12\/15\/2037 12\/10\/2037/ }).waitFor();
    const condition = page.getByRole('region', { name: "The appraiser's condition" });
    await condition.getByText('I can deliver by the 10th at the same fee').waitFor();
    // An earlier date at the same fee changes nothing for the lender: the order goes on at once.
    await condition.getByText('Nothing changes for the lender: the order is assigned at once.').waitFor();
    await condition.getByRole('button', { name: 'Approve the condition', exact: true }).click();
    await expectStatus(page, 'Assigned');
    await backToQueue(page, 'decisions');
    await row(page, orders.CONDITION!.fileNumber).waitFor({ state: 'detached' });

    // Reports in review: sent back with what to fix (the reason is required).
    await openQueue(page, 'review');
    await openOrder(page, 'REVIEW');
    await page.getByRole('button', { name: 'Start review', exact: true }).first().click();
    await page
      .getByRole('dialog', { name: 'Start review' })
      .getByRole('button', { name: 'Start review' })
      .click();
    await expectStatus(page, 'Internal quality assurance');
    await page.getByRole('button', { name: 'Require action', exact: true }).first().click();
    dialog = page.getByRole('dialog', { name: 'Require action' });
    await dialog.getByRole('button', { name: 'Require action' }).click();
    await expectInvalid(dialog.getByRole('textbox', { name: 'Reason', exact: true }), /./);
    await dialog.getByRole('textbox', { name: 'Reason', exact: true }).fill('The sketch is missing');
    await dialog.getByRole('button', { name: 'Require action' }).click();
    await expectStatus(page, 'Action required');
    await backToQueue(page, 'review');
    await row(page, orders.REVIEW!.fileNumber).waitFor({ state: 'detached' });

    // Revision requests: the lender's request waits for the company's review; forwarded to the
    // appraiser in the coordinator's words, it leaves the queue (Action required).
    await openQueue(page, 'revisions');
    await openOrder(page, 'REVISION');
    const request = page.getByRole('region', { name: "The lender's request" });
    await request.getByText('the appraiser sees nothing of it until you forward it').waitFor();
    const words = request.getByRole('textbox', { name: 'Forward to the appraiser' });
    await words.fill('Please recheck the square footage against the county record.');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-lender-request');
    await request.getByRole('button', { name: 'Forward to the appraiser' }).click();
    await expectStatus(page, 'Action required');
    const forwarded = await api.call(
      demo.users.appraiser.api_key,
      'GET',
      `/orders/${orders.REVISION!.id}/notes`,
    );
    expect(JSON.stringify(forwarded)).toContain(
      'Please recheck the square footage against the county record.',
    );
    await backToQueue(page, 'revisions');
    await row(page, orders.REVISION!.fileNumber).waitFor({ state: 'detached', timeout: 20_000 });

    // Attention needed: cleared on the order.
    await openQueue(page, 'attention');
    await openOrder(page, 'ATTENTION');
    await takeStep(page, 'Clear attention');
    await expectStatus(page, 'Unassigned');
    await backToQueue(page, 'attention');
    await row(page, orders.ATTENTION!.fileNumber).waitFor({ state: 'detached' });

    // Cancellations requested: cancelled, after the dialog says it cannot be undone.
    await openQueue(page, 'cancellations');
    await openOrder(page, 'CANCELLING');
    await takeStep(
      page,
      'Cancel',
      async (d) => {
        await d.getByText(/^This cannot be undone/).waitFor();
        // The way out says what it keeps: no "Close" beside a red "Cancel".
        await d.getByRole('button', { name: 'Keep the order' }).waitFor();
      },
      'Cancel the order',
    );
    await expectStatus(page, 'Cancelled');
    await backToQueue(page, 'cancellations');
    await page.getByText('Nothing here: this queue is clear.').waitFor();
    for (const id of ['decisions', 'revisions', 'on_hold', 'attention', 'cancellations'])
      await expect.poll(() => countOf(page, id), { message: id, timeout: 10_000 }).toBe('0');
  }, 240_000);

  it('shows the pipeline only to company staff: the header links it, others are sent to their orders', async () => {
    const page = await coordinator(browser, base, demo, '/orders');
    await page.getByRole('link', { name: 'Pipeline', exact: true }).waitFor();
    const lender = await browser.newPage();
    const { signInLink } = await import('../../src/sessions/session.service.ts');
    const link = await signInLink(t.db, { publicBaseUrl: base } as never, demo.users.client.id);
    await lender.goto(link);
    await lender.waitForURL(/\/orders$/);
    expect(await lender.getByRole('link', { name: 'Pipeline', exact: true }).count()).toBe(0);
    await lender.goto(`${base}/pipeline`);
    await lender.waitForURL(/\/orders$/);
  });
});
