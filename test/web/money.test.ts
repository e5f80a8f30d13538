import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { seedDemoLedger } from '../../src/seed/demo-ledger.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { signedInAt, useWebApp } from '../helpers/web-app.ts';
import { parseNacha } from '../support/nacha-parser.ts';
import { apiOf } from './pipeline-helpers.ts';

/**
 * The money's pages in a real Chromium against a real service (docs/money.md): the company's
 * receivables (aging, an invoice's ledger, a credit note, a check applied) and payables (a payout
 * batch made, approved, its ACH file, marked paid), the appraiser's Money page on a phone (owed,
 * paid, the bank account), and the lender's invoices and statements. Three orders delivered 70,
 * 20 and 2 days ago by the demo appraiser get their invoices and payables as the workflow posts
 * them (the demo world's ledger writer).
 */
const t = useTestDatabase();
const app = useWebApp(t, { TIME_ZONE: 'America/Chicago' });
let demo: DemoWorld;
let browser: Browser;
let base: string;
const SOON = { timeout: 10_000 };
const DAY = 86_400_000;
const APPRAISER_FEE_CENTS = 31_700;
const delivered: { id: string; fileNumber: string }[] = [];

beforeAll(async () => {
  ({ demo, browser, base } = app);
  const api = apiOf(base);
  for (const daysAgo of [70, 20, 2]) {
    const order = await api.place(t.db, demo);
    await t.db
      .updateTable('orders')
      .set({
        status: 'Completed',
        appraiser_id: demo.users.appraiser.id,
        appraiser_fee_cents: String(APPRAISER_FEE_CENTS),
        completed_at: new Date(Date.now() - daysAgo * DAY),
      })
      .where('id', '=', order.id)
      .execute();
    delivered.push(order);
  }
  await t.db.transaction().execute((trx) => seedDemoLedger(trx, demo.company_id));
});

const signedIn = (apiKey: string, where: string, phone = false) =>
  signedInAt(browser, base, apiKey, where, phone);

const fee = `$${(APPRAISER_FEE_CENTS / 100).toFixed(2)}`;

describe('the money in the web application', () => {
  it('staff read the aging, credit an invoice and apply a check to the oldest one', async () => {
    const page = await signedIn(demo.users.staff.api_key, '/pipeline');
    await page.getByRole('link', { name: 'Money', exact: true }).click();
    await page.getByRole('heading', { name: 'Receivables' }).waitFor(SOON);
    const aging = page.getByRole('table', { name: 'Aging by client' });
    // The invoice issued 70 days ago fell due 40 days ago: 31–60 days late.
    await expect.poll(() => aging.getByRole('row').count(), SOON).toBe(2);
    expect(await aging.getByRole('row').nth(1).textContent()).toMatch(
      /\$0\.00\$\d[\d,]*\.\d{2}\$0\.00\$0\.00/,
    );
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await expect.poll(() => invoices.getByRole('row').count(), SOON).toBe(4);
    expect(await invoices.textContent()).toContain('31–60 days late');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'money-receivables');

    // The oldest invoice's ledger: its charge; a credit note of $25.00 with its reason.
    const oldest = invoices.getByRole('row').filter({ hasText: delivered[0]!.fileNumber });
    await oldest.getByRole('button', { name: /^INV-\d{8}$/ }).click();
    const drawer = page.getByRole('dialog', { name: /^Invoice INV-\d{8}$/ });
    await drawer.getByRole('table', { name: 'Ledger' }).getByText('Invoice issued').waitFor(SOON);
    const balanceBefore = await drawer
      .getByText(/^\$[\d,]+\.\d{2}$/)
      .last()
      .textContent();
    // An amount over the balance is refused by its field, and nothing is recorded.
    await drawer.getByLabel('Amount').fill('99999.00');
    await drawer.getByLabel('Reason').fill('Photo of the rear missing from the report');
    await drawer.getByRole('button', { name: 'Issue the credit note' }).click();
    await expect.poll(() => fieldMessage(drawer.getByLabel('Amount')), SOON).toMatch(/amount/i);
    await drawer.getByLabel('Amount').fill('25.00');
    await drawer.getByRole('button', { name: 'Issue the credit note' }).click();
    await drawer.getByText(/^Credit note CN-\d{8}: Photo of the rear missing from the report$/).waitFor(SOON);
    const balance = Number(balanceBefore!.replace(/[$,]/g, '')) - 25;
    await drawer
      .getByText(`$${balance.toFixed(2)}`)
      .first()
      .waitFor(SOON);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'money-invoice-ledger');
    await page.keyboard.press('Escape');

    // A check for the whole balance, applied oldest first: the oldest invoice is paid and leaves
    // the open list.
    await page.getByRole('button', { name: 'Record a check or transfer' }).click();
    const receipt = page.getByRole('dialog', { name: 'Record a check, ACH or wire' });
    await receipt.getByLabel('Client').selectOption({ index: 1 });
    await receipt.getByRole('table', { name: 'Applied to' }).waitFor(SOON);
    await receipt.getByLabel('Check number').fill('10452');
    await receipt.getByLabel('Amount').fill(balance.toFixed(2));
    await receipt
      .getByText(`$${balance.toFixed(2)}`)
      .last()
      .waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'money-receipt');
    await receipt.getByRole('button', { name: 'Record the receipt' }).click();
    await receipt.waitFor({ state: 'detached', ...SOON });
    await expect.poll(() => invoices.getByRole('row').count(), SOON).toBe(3);
    expect(await invoices.textContent()).not.toContain(delivered[0]!.fileNumber);
    const stored = await t.db
      .selectFrom('receipts')
      .select(['method', 'reference', 'amount_cents'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      method: 'check',
      reference: '10452',
      amount_cents: String(Math.round(balance * 100)),
    });

    // Statements: a lender's month as PDF, every lender's as one CSV file.
    const pdf = await page.request.get(
      `${base}${await page.getByRole('link', { name: 'Statement (PDF)' }).getAttribute('href')}`,
    );
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const all = await page.request.get(
      `${base}${await page.getByRole('link', { name: 'Every lender (CSV)' }).getAttribute('href')}`,
    );
    expect(all.status()).toBe(200);
  });

  it('the appraiser reads what is owed on a phone and sets where they are paid', async () => {
    const phone = await signedIn(demo.users.appraiser.api_key, '/money', true);
    await phone.getByRole('heading', { name: 'Money' }).waitFor(SOON);
    // Three payables, each their own fee: the lender's fee appears nowhere.
    await phone
      .getByText(`$${((3 * APPRAISER_FEE_CENTS) / 100).toFixed(2)}`)
      .first()
      .waitFor(SOON);
    expect(await phone.getByRole('list', { name: 'Payables' }).getByRole('listitem').count()).toBe(3);
    expect(await phone.getByText('$450.00').count()).toBe(0);
    // A routing number whose check digit is wrong is refused by its field; nothing is saved.
    const form = phone.getByRole('form', { name: 'Bank account' });
    await form.getByLabel('Account holder').fill('Avery Appraiser');
    await form.getByLabel('Routing number').fill('111000026');
    await form.getByLabel('Account number').fill('000123456789');
    await form.getByRole('button', { name: 'Save the account' }).click();
    await expect.poll(() => fieldMessage(form.getByLabel('Routing number')), SOON).toMatch(/routing number/i);
    expect(await t.db.selectFrom('bank_accounts').select('appraiser_id').execute()).toEqual([]);
    await form.getByLabel('Routing number').fill('111000025');
    await form.getByRole('button', { name: 'Save the account' }).click();
    await phone.getByText('Checking ••6789').waitFor(SOON);
    // This month's statement, as CSV: the fees earned in it.
    const statement = await phone.request.get(
      `${base}${await phone.getByRole('link', { name: 'Statement (CSV)' }).getAttribute('href')}`,
    );
    expect(statement.status()).toBe(200);
    expect(await statement.text()).toMatch(/^date,file_number,description,amount\r\n,,Owed at the start,/);
    expect(await accessibilityProblems(phone)).toEqual([]);
    await screenshots(phone, 'money-appraiser');
  });

  it('staff pay what is due in a payout batch: approved, its ACH file, marked paid', async () => {
    const page = await signedIn(demo.users.staff.api_key, '/payables');
    await page.getByRole('heading', { name: 'Payables' }).waitFor(SOON);
    const payables = page.getByRole('table', { name: 'Payables' });
    await expect.poll(() => payables.getByRole('row').count(), SOON).toBe(4);
    expect(await payables.textContent()).toContain('Avery Appraiser');

    // The company's ACH originator: a routing number whose check digit is wrong is refused by its
    // field, and nothing is kept; then the right one, paying on each delivery.
    const settings = page.getByRole('form', { name: 'Payout settings' });
    await settings.getByLabel('Bank', { exact: true }).fill('Frost Bank');
    await settings.getByLabel('Bank routing number').fill('114000094');
    await settings.getByLabel('Name on appraisers’ statements').fill('Demo Appraisals');
    await settings.getByLabel('Company identification').fill('1741234567');
    await settings.getByRole('button', { name: 'Save the payout settings' }).click();
    await expect
      .poll(() => fieldMessage(settings.getByLabel('Bank routing number')), SOON)
      .toMatch(/routing number/i);
    expect(await t.db.selectFrom('company_payout_settings').select('ach_routing_number').execute()).toEqual(
      [],
    );
    await settings.getByLabel('Bank routing number').fill('114000093');
    await settings.getByRole('button', { name: 'Save the payout settings' }).click();
    await settings.getByText('Saved.').waitFor(SOON);

    // A second trip on the newest order: an extra of $75.00, paid with the rest.
    await payables.getByRole('row').nth(1).getByRole('button', { name: 'Add extra' }).click();
    const extra = page.getByRole('dialog', { name: /^An extra for Avery Appraiser on AOM-\d{8}$/ });
    await extra.getByLabel('Amount').fill('0');
    await extra.getByLabel('Reason').fill('Second trip: the lockbox code was wrong');
    await extra.getByRole('button', { name: 'Add the extra' }).click();
    await expect.poll(() => fieldMessage(extra.getByLabel('Amount')), SOON).toMatch(/amount/i);
    await extra.getByLabel('Amount').fill('75.00');
    await extra.getByRole('button', { name: 'Add the extra' }).click();
    await extra.waitFor({ state: 'detached', ...SOON });
    await payables.getByText('+ $75.00 extras').waitFor(SOON);
    await page.getByRole('button', { name: 'New payout batch' }).click();
    const drawer = page.getByRole('dialog', { name: /^Payout batch PAY-\d{8}$/ });
    const line = drawer.getByRole('table', { name: 'Lines' }).getByRole('row').nth(1);
    await line.getByText('••6789').waitFor(SOON);
    expect(await line.textContent()).toContain('$1,026.00');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'money-payout-batch');
    await drawer.getByRole('button', { name: 'Approve for payment' }).click();
    const ach = drawer.getByRole('link', { name: 'ACH file' });
    await ach.waitFor(SOON);
    const file = parseNacha(
      await (await page.request.get(`${base}${await ach.getAttribute('href')}`)).text(),
    );
    expect(file.totalCredit).toBe(BigInt(3 * APPRAISER_FEE_CENTS + 7500));
    await drawer.getByRole('button', { name: 'Mark paid' }).click();
    await drawer.getByText(/^Paid · pays on/).waitFor(SOON);
    await page.keyboard.press('Escape');
    await expect.poll(() => payables.getByRole('row').count(), SOON).toBe(1);
    await page.getByRole('table', { name: 'Payout batches' }).getByText('Paid').waitFor(SOON);
    await screenshots(page, 'money-payables');

    // From now on, pay on Fridays: what is earned falls due on the next one.
    await settings.getByLabel('Pay what is earned').selectOption('On pay days');
    await settings.getByLabel('Pay days').selectOption('Every week');
    await settings.getByLabel('On', { exact: true }).selectOption('Friday');
    await settings.getByRole('button', { name: 'Save the payout settings' }).click();
    await expect
      .poll(() =>
        t.db
          .selectFrom('company_payout_settings')
          .select(['pay_on', 'pay_cycle', 'pay_cycle_day', 'ach_routing_number'])
          .executeTakeFirst(),
      )
      .toEqual({
        pay_on: 'pay_cycle',
        pay_cycle: 'weekly',
        pay_cycle_day: 5,
        ach_routing_number: '114000093',
      });
  }, 60_000);

  it('the lender reads their invoices and their ledgers, never the appraiser’s fee', async () => {
    for (const phone of [false, true]) {
      const page = await signedIn(demo.users.client.api_key, '/orders', phone);
      if (phone) {
        await page.getByRole('button', { name: /^Account of/ }).click();
        await page.getByRole('menuitem', { name: 'Invoices' }).click();
      } else await page.getByRole('link', { name: 'Invoices', exact: true }).click();
      await page.getByRole('heading', { name: 'Invoices' }).waitFor(SOON);
      const list = phone
        ? page.getByRole('list', { name: 'Invoices' }).getByRole('listitem')
        : page.getByRole('table', { name: 'Invoices' }).getByRole('row');
      // Two open invoices (the oldest was paid by check), a header row on the desktop.
      await expect.poll(() => list.count(), SOON).toBe(phone ? 2 : 3);
      expect(await page.getByText(fee).count()).toBe(0);
      expect(await page.getByText('Client', { exact: true }).count()).toBe(0);
      const pdf = page.getByRole('link', { name: 'Statement (PDF)' });
      expect(await pdf.getAttribute('href')).toMatch(
        /^\/api\/v1\/clients\/[0-9a-f-]{36}\/statements\/\d{4}-\d{2}\/pdf$/,
      );
      expect((await page.request.get(`${base}${await pdf.getAttribute('href')}`)).status()).toBe(200);
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshots(page, `money-lender-invoices${phone ? '-phone' : ''}`);
      await page
        .getByRole('button', { name: /^INV-\d{8}$/ })
        .first()
        .click();
      const drawer = page.getByRole('dialog', { name: /^Invoice INV-\d{8}$/ });
      await drawer.getByText('Invoice issued').waitFor(SOON);
      // The lender reads the ledger; lowering a balance is the company's.
      expect(await drawer.getByRole('form', { name: 'Credit or write off' }).count()).toBe(0);
      expect(await drawer.getByText(fee).count()).toBe(0);
      await page.context().close();
    }
  });
});
