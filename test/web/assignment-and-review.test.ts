import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { seedDemoAppraiserCredentials } from '../../src/seed/demo-credentials.ts';
import { createUser } from '../../src/users/user.service.ts';
import { accessibilityProblems, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { DEMO_PASSWORD, singleSignOnToken, useWebApp } from '../helpers/web-app.ts';
import { apiOf, coordinator, expectInvalid, expectStatus, newPage } from './pipeline-helpers.ts';

/**
 * An order's staff work in the browser: the appraiser picker (offer, reassign after a
 * rejection, auto-assign, bids), a condition and a negotiation decided with both sets of terms
 * side by side, and the review of the submitted report through to its delivery. The workflow
 * timer runs every half second, so that auto-assignment happens while the test watches.
 */
const t = useTestDatabase();
const app = useWebApp(t, { WORKFLOW_TIMER_INTERVAL_MS: '500' });
let demo: DemoWorld;
let browser: Browser;
let base: string;
let api: ReturnType<typeof apiOf>;
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

beforeAll(async () => {
  ({ demo, browser, base } = app);
  api = apiOf(base);
  const panelist = (firstName: string, lastName: string) =>
    createUser(t.db, {
      email: `${firstName.toLowerCase()}.${Date.now()}@panel.example`,
      firstName,
      lastName,
      role: 'appraiser',
      organizationId: demo.company_id,
      isAdmin: false,
      title: null,
    });
  // Bailey is as qualified as Avery (licensed, insured, covering Austin); Dana has nothing on file.
  const bailey = await panelist('Bailey', 'Bidwell');
  await seedDemoAppraiserCredentials(t.db, bailey.id, demo.users.staff.id, new Date());
  await panelist('Dana', 'Drummond');
  // Avery accepted an order of the same product for 410.00: the picker offers that fee again.
  const past = await api.place(t.db, demo, { loan_number: 'PAST' });
  await api.act(demo.users.staff.api_key, past.id, 'assign', {
    appraiser_id: demo.users.appraiser.id,
    fee: '410',
  });
  await api.act(demo.users.appraiser.api_key, past.id, 'accept_assignment');
});

describe('assigning an order', () => {
  it('assigns via the picker, shows the reassignment after a rejection, then auto-assigns', async () => {
    const { staff, appraiser } = demo.users;
    const order = await api.place(t.db, demo, { loan_number: 'PICK' });
    const page = await coordinator(browser, base, demo, `/orders/${order.id}`);
    const card = page.getByRole('region', { name: 'Assign' });
    const avery = card.getByRole('row', { name: /Avery Appraiser/ });
    await avery.getByText(/\$410\.00 \(\d{2}\/\d{2}\/\d{4}\)/).waitFor();
    expect(await avery.getByRole('cell').nth(1).textContent()).toBe('1');
    expect(await avery.getByRole('cell').nth(2).textContent()).toBe('12/15/2037');
    // The engine's ranking with its reasons: Avery (who accepted the one offer answered) first,
    // ahead of Bailey (no open order, but no offer answered yet), each with the points of each
    // factor; Dana left out, with why.
    await avery.getByText(/^1st choice · [\d.]+ points$/).waitFor();
    await avery.getByText(/^Distance 15 · Workload [\d.]+ · Turn time .* · Offers accepted 10/).waitFor();
    await card
      .getByRole('row', { name: /Bailey Bidwell/ })
      .getByText(/^2nd choice · [\d.]+ points$/)
      .waitFor();
    const dana = card.getByRole('row', { name: /Dana Drummond/ });
    await dana.getByText('No license in TX').waitFor();
    await dana.getByText('No errors-and-omissions policy on file').waitFor();
    await dana.getByText('No coverage recorded: no county, ZIP code or radius').waitFor();
    // Bailey's offer fee is the company's standard one (docs/fees.md); Bailey never accepted one.
    const baileyCells = card.getByRole('row', { name: /Bailey Bidwell/ }).getByRole('cell');
    expect(await baileyCells.nth(3).textContent()).toBe('No record yet');
    expect(await baileyCells.nth(4).textContent()).toBe('$285.00');
    expect(await baileyCells.nth(5).textContent()).toBe('—');
    // Avery's last 90 days as the engine read them: one offer answered, accepted.
    expect(await avery.getByRole('cell').nth(3).textContent()).toBe(
      'Nothing delivered · 100% of offers accepted',
    );
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-assign');

    // The offer starts from the fee schedules' fee; a bad fee is the API's 422, by the field.
    await avery.getByRole('button', { name: 'Offer to Avery Appraiser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Offer to Avery Appraiser' });
    const fee = dialog.getByRole('textbox', { name: 'Fee', exact: true });
    expect(await fee.inputValue()).toBe('285.00');
    await dialog.getByText('From the fee schedules').waitFor();
    await fee.fill('four hundred');
    await dialog.getByRole('button', { name: 'Send the offer' }).click();
    await expectInvalid(fee, /^Fee must /);
    expect(
      await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst(),
    ).toEqual({
      status: 'Unassigned',
    });
    await fee.fill('415');
    await dialog.getByRole('button', { name: 'Send the offer' }).click();
    await expectStatus(page, 'Pending assignment');
    await page.getByText('Offered to Avery Appraiser').waitFor();
    await page.getByText(/\d+ h \d+ min left \(times out/).waitFor();

    // Avery turns it down: the page says why, marks Avery, and offers auto-assignment.
    await api.act(appraiser.api_key, order.id, 'reject_assignment', { reason: 'Too far this week' });
    await page.reload();
    const again = page.getByRole('region', { name: 'Reassign' });
    await again.getByText('The appraiser turned the offer down').waitFor();
    await again.getByText('Too far this week').waitFor();
    await again
      .getByRole('row', { name: /Avery Appraiser/ })
      .getByText('Turned this order down')
      .waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-reassign');
    await again.getByRole('button', { name: 'Auto-assign' }).click();
    await page.getByText('Auto-assign started').waitFor();
    // The service offers it to the engine's first choice: Bailey, the only one left.
    await expectStatus(page, 'Pending assignment');
    await page.getByText('Bailey Bidwell', { exact: true }).first().waitFor();
    const assigned = await api.call(staff.api_key, 'GET', `/orders/${order.id}`);
    expect(assigned.appraiser).toMatchObject({ name: 'Bailey Bidwell' });
  }, 180_000);

  it('opens an order for bids, then offers it from the same picker', async () => {
    const order = await api.place(t.db, demo, { loan_number: 'BIDS' });
    const page = await coordinator(browser, base, demo, `/orders/${order.id}`);
    const card = page.getByRole('region', { name: 'Assign' });
    await card.getByRole('button', { name: 'Open for bids' }).click();
    await expectStatus(page, 'Bidding');
    await card.getByText('Open for bids: award the bid whose terms suit').waitFor();
    await card.getByRole('button', { name: 'Offer to Bailey Bidwell' }).click();
    const dialog = page.getByRole('dialog', { name: 'Offer to Bailey Bidwell' });
    await dialog.getByRole('textbox', { name: 'Fee', exact: true }).fill('430');
    await dialog.getByRole('button', { name: 'Send the offer' }).click();
    await expectStatus(page, 'Pending assignment');
  }, 120_000);

  it('an appraiser bids on a phone and wins: staff award the bid, which sets the fee and the due date', async () => {
    const order = await api.place(t.db, demo, { loan_number: 'AWARD' });
    const page = await coordinator(browser, base, demo, `/orders/${order.id}`);
    const card = page.getByRole('region', { name: 'Assign' });
    await card.getByRole('button', { name: 'Open for bids' }).click();
    await expectStatus(page, 'Bidding');
    const bids = card.getByRole('region', { name: 'Bids' });
    await bids.getByText(/^Bids · 0 of \d+ answered$/).waitFor();

    // Avery, on a phone, finds the round under Bids: a fee that is no amount is refused by its
    // field; then the bid, with a comment.
    const phone = await (await browser.newContext(PHONE)).newPage();
    phone.on('pageerror', (error) => {
      throw error;
    });
    const token = await singleSignOnToken(base, demo.users.appraiser.api_key);
    await phone.goto(`${base}/sso?token=${token}&return_to=${encodeURIComponent('/bids')}`);
    await phone.getByRole('heading', { name: 'Bids' }).waitFor({ timeout: 10_000 });
    const round = phone.getByRole('article').filter({ hasText: 'Austin, TX 78701' });
    await round.getByText('Your scheduled fee: $285.00').waitFor();
    const fee = round.getByRole('textbox', { name: 'Your fee' });
    await fee.fill('lots');
    await round.getByRole('button', { name: 'Place bid' }).click();
    await expectInvalid(fee, /^Fee must /);
    await fee.fill('395');
    await round.getByRole('textbox', { name: 'Comment' }).fill('Can inspect Monday morning');
    await round.getByRole('button', { name: 'Place bid' }).click();
    await round.getByText('Bid placed', { exact: true }).waitFor();
    expect(await accessibilityProblems(phone)).toEqual([]);
    await screenshots(phone, 'bids-appraiser');

    // Staff see the bid beside the others invited, and award it.
    await page.reload();
    const avery = page
      .getByRole('region', { name: 'Bids' })
      .getByRole('listitem', { name: 'Avery Appraiser' });
    await avery.getByText(/^\$395\.00 · due .* · Can inspect Monday morning$/).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-bids');
    await avery.getByRole('button', { name: 'Award to Avery Appraiser' }).click();
    await expectStatus(page, 'Assigned');
    expect(
      await t.db
        .selectFrom('orders')
        .select(['appraiser_id', 'appraiser_fee_cents'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ appraiser_id: demo.users.appraiser.id, appraiser_fee_cents: '39500' });

    await phone.reload();
    await phone.getByRole('article').filter({ hasText: 'Austin, TX 78701' }).getByText('Won').waitFor();
    await screenshots(phone, 'bids-appraiser-won');
  }, 180_000);
});

describe('decisions side by side', () => {
  it('decides a condition and what to ask the lender; the lender decides only the terms the company put to it', async () => {
    const { staff, appraiser, client } = demo.users;
    const order = await api.place(t.db, demo, { loan_number: 'TERMS' });
    await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '400' });
    await api.act(appraiser.api_key, order.id, 'accept_assignment', {
      fee_condition: '500',
      due_date_condition: '2037-12-30',
      comments: 'Rural property: two extra hours of driving',
    });

    // Staff see the appraiser's terms beside the offer's, and decide what to ask the lender:
    // another amount than the increase, the later date, in their own words.
    const page = await coordinator(browser, base, demo, `/orders/${order.id}`);
    const condition = page.getByRole('region', { name: "The appraiser's condition" });
    await condition.getByRole('row', { name: "Appraiser's fee $400.00 $500.00" }).waitFor();
    await condition.getByRole('row', { name: 'Due date 12/15/2037 12/30/2037' }).waitFor();
    await condition.getByText('Rural property: two extra hours of driving').waitFor();
    const lenderFee = Number((await api.call(staff.api_key, 'GET', `/orders/${order.id}`)).total_fee);
    await condition.getByRole('radio', { name: /^Pass the increase on: ask \$/ }).waitFor();
    await condition.getByRole('radio', { name: 'Ask another amount' }).check();
    const amount = condition.getByRole('textbox', { name: 'Amount to ask the lender' });
    await amount.fill('a lot');
    await condition.getByRole('button', { name: 'Approve the condition' }).click();
    await expectInvalid(amount, /must be a decimal amount/);
    await amount.fill((lenderFee + 120).toFixed(2));
    await condition
      .getByRole('textbox', { name: 'Your words to the lender' })
      .fill('The property is rural: the report needs two more weeks.');
    await condition.getByText(`Your margin: $${(lenderFee + 120 - 500).toFixed(2)}.`).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-condition');
    await condition.getByRole('button', { name: 'Approve the condition' }).click();
    await expectStatus(page, 'Under negotiation');
    await page.getByText('Waiting for the lender to decide.').waitFor();

    // The lender sees the terms the company put to it, never the appraiser's, and approves.
    const before = await api.call(client.api_key, 'GET', `/orders/${order.id}`);
    const terms = before.negotiation as { current_total_fee: string; total_fee: string };
    expect(Number(terms.total_fee) - Number(terms.current_total_fee)).toBe(120);
    const lender = await newPage(browser);
    await lender.goto(`${base}/sign-in?return_to=${encodeURIComponent(`/orders/${order.id}`)}`);
    await lender.getByLabel('Email').fill(client.email);
    await lender.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await lender.getByRole('button', { name: 'Sign in' }).click();
    const proposal = lender.getByRole('region', { name: 'New terms proposed' });
    await proposal
      .getByRole('row', { name: `Fee $${terms.current_total_fee} $${terms.total_fee}` })
      .waitFor();
    await proposal.getByRole('row', { name: 'Due date 12/15/2037 12/30/2037' }).waitFor();
    await proposal.getByText('The property is rural: the report needs two more weeks.').waitFor();
    expect(await lender.getByText('Rural property: two extra hours of driving').count()).toBe(0);
    expect(await lender.getByText('$500.00').count()).toBe(0);
    expect(await accessibilityProblems(lender)).toEqual([]);
    await screenshots(lender, 'order-negotiation');
    await proposal.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectStatus(lender, 'Assigned');
    await lender.getByText('Approved').first().waitFor();
    const after = await api.call(client.api_key, 'GET', `/orders/${order.id}`);
    expect(after).toMatchObject({ total_fee: terms.total_fee, due_date: '12/30/2037', negotiation: null });
  }, 120_000);
});

describe('reviewing a report', () => {
  it('opens the PDF in the browser, lists the files by type, reviews and completes the report', async () => {
    const { staff, appraiser } = demo.users;
    const order = await api.place(t.db, demo, { loan_number: 'REPORT' });
    await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '450' });
    await api.act(appraiser.api_key, order.id, 'accept_assignment');
    await api.act(appraiser.api_key, order.id, 'schedule_inspection', {
      inspection_scheduled_at: '2037-12-01T09:00',
    });
    await api.act(appraiser.api_key, order.id, 'complete_inspection');
    await api.submitReport(appraiser.api_key, order.id);

    const page = await coordinator(browser, base, demo, `/orders/${order.id}`);
    const report = page.getByRole('region', { name: 'Report' });
    await report.getByText('Appraisal Report (PDF) (1)').waitFor();
    await report.getByText('Appraisal Report (XML) (1)').waitFor();
    await report.getByRole('link', { name: 'report.xml' }).waitFor();
    // The company checks the report before the lender gets it: the card says when it will.
    await report
      .getByText(
        "The lender does not have this report yet: it is released when you complete the order or send it to the lender's review.",
      )
      .waitFor();
    expect(await api.call(demo.users.client.api_key, 'GET', `/orders/${order.id}/files`)).toEqual([]);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-review');

    // The report opens in the browser: its signed link, shown inline, a PDF.
    const open = report.getByRole('link', { name: 'Open the report (PDF)' });
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(/disposition=inline/);
    expect(await open.getAttribute('target')).toBe('_blank');
    const answer = await page.request.get(new URL(href, base).toString());
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-disposition']).toMatch(/^inline; filename="report\.pdf"/);
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const step = async (button: string, action: string, status: string) => {
      await report.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: action });
      await dialog.getByRole('button', { name: action, exact: true }).click();
      await expectStatus(page, status);
    };
    await step('Start review', 'Start review', 'Internal quality assurance');
    await step('Request completion', 'Request completion', 'Completed');
    await report.getByText('Released to the lender.').waitFor();
    const released = (await api.call(
      demo.users.client.api_key,
      'GET',
      `/orders/${order.id}/files`,
    )) as unknown as {
      filename: string;
    }[];
    expect(released.map((f) => f.filename).sort()).toEqual(['report.pdf', 'report.xml']);
    await step('Fulfill', 'Fulfill', 'Fulfilled');
  }, 120_000);
});
