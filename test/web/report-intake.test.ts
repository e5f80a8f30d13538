import { readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/config.ts';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { signInLink } from '../../src/sessions/session.service.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { useWebApp } from '../helpers/web-app.ts';
import { SF1_PDF, sf1ForOrder, sf1OrderFields } from '../reports/sf1-for-order.ts';
import { zip } from '../support/zip-writer.ts';
import { apiOf, coordinator, expectStatus, newPage } from './pipeline-helpers.ts';

/**
 * Report intake as people meet it (docs/reports.md, docs/web.md "Submit"): the appraiser, on a
 * phone, sees what the service found in the report before sending it (a warning to acknowledge;
 * a fatal finding that keeps the report back; an XML it cannot read); the company's staff read
 * what the service read of the submitted report on the order, and what changed when it came
 * back; the lender reads its summary once the company released it, and no finding. The report is
 * the GSEs' SF1 sample rewritten for the order (test/reports/sf1-for-order.ts).
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
let base: string;
let api: ReturnType<typeof apiOf>;
const PHONE = {
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
} as const;

beforeAll(() => {
  ({ demo, browser, base } = app);
  api = apiOf(base);
});

let phone: BrowserContext | null = null;
afterAll(async () => {
  await phone?.close();
});

/** An order for a 1004 at SF1's contract price, taken by the demo appraiser to Inspection completed. */
async function inspectedOrder(loanNumber: string) {
  const { staff, appraiser } = demo.users;
  const order = await api.place(t.db, demo, {
    loan_number: loanNumber,
    ...(await sf1OrderFields(t.db, demo.company_id)),
  });
  await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '400' });
  await api.act(appraiser.api_key, order.id, 'accept_assignment');
  await api.act(appraiser.api_key, order.id, 'schedule_inspection', {
    inspection_scheduled_at: '2037-12-01T09:00',
  });
  await api.act(appraiser.api_key, order.id, 'complete_inspection');
  return order;
}

/** The appraiser's phone (375 × 812, touch), signed in by a one-time link, on `path`. */
async function appraiserPhone(path: string): Promise<Page> {
  if (!phone) {
    phone = await browser.newContext(PHONE);
    const first = await phone.newPage();
    await first.goto(await signInLink(t.db, { publicBaseUrl: base } as Config, demo.users.appraiser.id));
    await first.waitForURL(/\/work$/);
    await first.close();
  }
  // One page at a time: each holds a live-updates stream.
  await Promise.all(phone.pages().map((open) => open.close()));
  const page = await phone.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${base}${path}`);
  return page;
}

/** A page signed in with a one-time link of the user, at desktop width. */
async function signedIn(userId: string, path: string): Promise<Page> {
  const page = await newPage(browser);
  const link = await signInLink(t.db, { publicBaseUrl: base } as Config, userId);
  await page.goto(`${link}&return_to=${encodeURIComponent(path)}`);
  return page;
}

/** Chooses a file for a slot of the submit page, as a tap on its button and the phone's picker. */
async function choose(page: Page, button: string, name: string, buffer: Buffer, mimeType: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: button }).tap(),
  ]);
  await chooser.setFiles({ name, mimeType, buffer });
  await page.getByText(`${name} · Uploaded`).waitFor();
}

async function uploadReport(page: Page, xml: string) {
  await choose(page, 'Choose the Report (PDF)', 'SF1_Appraisal_v1.4.pdf', SF1_PDF, 'application/pdf');
  await choose(page, 'Choose the Report data (XML)', 'SF1.xml', Buffer.from(xml), 'application/xml');
}

const statusOf = async (orderId: string) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
    .status;

const COUNTY_WARNING = "The report's county is Williamson County; the order's is Travis County.";
let submitted: { id: string; fileNumber: string };
let sf1: string;

describe('the appraiser checks the report before sending it', () => {
  it('on a phone, reads a warning, must acknowledge it, and submits the report', async () => {
    submitted = await inspectedOrder('INTAKE-WARN');
    sf1 = await sf1ForOrder(t.db, submitted.id);
    const xml = sf1.replace(
      '<CountyName>Travis County</CountyName>',
      '<CountyName>Williamson County</CountyName>',
    );
    const page = await appraiserPhone(`/orders/${submitted.id}/submit`);
    await page.getByRole('heading', { name: 'Submit the report' }).waitFor();
    await uploadReport(page, xml);

    // What the service found, before anything is sent: the value and the warning, counted.
    const check = page.getByRole('region', { name: /What the check found/ });
    await check.getByRole('heading', { name: '3. What the check found: 1 warning' }).waitFor();
    await check.getByText('$491,000.00 as of 09/20/2026, subject to repair').waitFor();
    const warnings = check.getByRole('region', { name: 'Warnings (1)' });
    await warnings.getByText('ORD-COUNTY').waitFor();
    await warnings.getByText(COUNTY_WARNING).waitFor();
    await warnings.getByText("Subject's county", { exact: true }).waitFor();
    expect(await check.getByRole('region', { name: /^Fatal/ }).count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'report-check-warning');

    // The warnings must be acknowledged: sending without the tick says so by the box.
    const acknowledge = page.getByRole('checkbox', { name: 'I have read the warning' });
    await page.getByRole('button', { name: 'Submit the report' }).tap();
    await expect.poll(() => acknowledge.getAttribute('aria-invalid')).toBe('true');
    expect(await fieldMessage(acknowledge)).toMatch(/tick this to send the report/);
    expect(await statusOf(submitted.id)).toBe('Inspection completed');
    await acknowledge.tap();
    await page.getByRole('button', { name: 'Submit the report' }).tap();
    await page.getByText('Report submitted').waitFor();
    await page.waitForURL(/\/work$/);
    await expect.poll(() => statusOf(submitted.id)).toBe('In review');
    const [row] = await t.db
      .selectFrom('report_submissions')
      .select(['warning_count', 'warnings_acknowledged'])
      .where('order_id', '=', submitted.id)
      .execute();
    expect(row).toEqual({ warning_count: 1, warnings_acknowledged: true });
  }, 120_000);

  it('keeps back a report with a fatal finding, and says why; an XML it cannot read is named by its line', async () => {
    const order = await inspectedOrder('INTAKE-FATAL');
    const xml = (await sf1ForOrder(t.db, order.id)).replace(
      '<PostalCode>78701</PostalCode>',
      '<PostalCode>78702</PostalCode>',
    );
    const page = await appraiserPhone(`/orders/${order.id}/submit`);
    await uploadReport(page, xml);
    const check = page.getByRole('region', { name: /What the check found/ });
    await check.getByRole('heading', { name: /^3\. What the check found: 1 fatal finding/ }).waitFor();
    const fatal = check.getByRole('region', { name: 'Fatal (1)' });
    await fatal.getByText('ORD-ZIP').waitFor();
    await fatal.getByText("The report's ZIP code is 78702; the order's is 78701.").waitFor();
    const submit = page.getByRole('button', { name: 'Submit the report' });
    expect(await submit.isDisabled()).toBe(true);
    const why = 'The report cannot be sent with 1 fatal finding: correct the report and upload it again.';
    await page.getByText(why).waitFor();
    expect(await submit.getAttribute('aria-describedby')).toBe('submit-blocked');
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'report-check-fatal');

    // An XML the schema refuses: the message stands at the XML, naming the line and element.
    const bogus = xml.replace('<PostalCode>78702</PostalCode>', '<PostalCode>78701</PostalCode><Bogus/>');
    await choose(page, 'Choose another Report data (XML)', 'SF1-bad.xml', Buffer.from(bogus), 'text/xml');
    const problem = page.getByRole('alert').filter({ hasText: 'The report data was not checked' });
    await problem
      .getByText(/^SF1-bad\.xml does not validate against the UAD 3\.6 schema: line \d+, element Bogus/)
      .waitFor();
    await check.getByText('Not checked: step 2 says why.').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'report-check-unreadable');
    expect(await statusOf(order.id)).toBe('Inspection completed');
  }, 120_000);
  it('checks a UAD 3.6 ZIP package on its own: its PDF is in it', async () => {
    const order = await inspectedOrder('INTAKE-PACKAGE');
    const images = new URL('../fixtures/uad/SF1/Images/', import.meta.url);
    const bytes = zip([
      { name: 'SF1_Appraisal_v1.4.xml', data: Buffer.from(await sf1ForOrder(t.db, order.id)) },
      { name: 'SF1_Appraisal_v1.4.pdf', data: SF1_PDF },
      ...readdirSync(images).map((name) => ({
        name: `Images/${name}`,
        data: readFileSync(new URL(name, images)),
        store: true,
      })),
    ]);
    const page = await appraiserPhone(`/orders/${order.id}/submit`);
    await choose(page, 'Choose the Report data (XML)', 'SF1.zip', bytes, 'application/zip');
    await page.getByText('Not needed: the ZIP package holds it').waitFor();
    await page.getByRole('heading', { name: '3. What the check found: no findings' }).waitFor();
    await page.getByText('Report (PDF): in the package').waitFor();
    expect(await page.getByRole('button', { name: 'Submit the report' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Submit the report' }).tap();
    await page.getByText('Report submitted').waitFor();

    // Staff see its photos beside what the service read, out of the package.
    const staff = await coordinator(browser, base, demo, `/orders/${order.id}`);
    const photos = staff.getByRole('region', { name: 'Report' }).getByRole('region', { name: 'Photos' });
    await photos.getByRole('heading', { name: /^Photos \(\d+\)$/ }).waitFor();
    expect(await photos.getByRole('img').count()).toBe(8);
    await photos.getByRole('button', { name: /^Show all \d+ photos$/ }).click();
    const front = photos.getByRole('img', { name: 'Dwelling front' });
    await front.scrollIntoViewIfNeeded();
    // Each image is read out of the stored package when asked for: on a busy machine, seconds.
    await expect
      .poll(() => front.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect(await accessibilityProblems(staff)).toEqual([]);
    await screenshots(staff, 'report-photos');
  }, 120_000);
});

describe('what submitting asks, as the company sets it', () => {
  const settings = (body: Record<string, unknown>) =>
    api.call(demo.users.staff.api_key, 'PATCH', `/companies/${demo.company_id}/report_settings`, body);

  it('sends a report with a fatal finding with the appraiser’s reason, where the company allows it', async () => {
    const order = await inspectedOrder('INTAKE-OVERRIDE');
    const xml = (await sf1ForOrder(t.db, order.id)).replace(
      '<PostalCode>78701</PostalCode>',
      '<PostalCode>78702</PostalCode>',
    );
    await settings({ allow_fatal_override: true });
    try {
      const page = await appraiserPhone(`/orders/${order.id}/submit`);
      await uploadReport(page, xml);
      await page.getByRole('heading', { name: /What the check found: 1 fatal finding/ }).waitFor();
      const reason = page.getByRole('textbox', { name: 'Why submit it as it is' });
      await page.getByRole('button', { name: 'Submit the report' }).tap();
      await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
      expect(await fieldMessage(reason)).toMatch(/Say why the report should go with its fatal findings/);
      await reason.fill('The ZIP code was reassigned by USPS this year; the county records show 78702.');
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshots(page, 'report-check-override');
      await page.getByRole('button', { name: 'Submit the report' }).tap();
      await page.getByText('Report submitted').waitFor();
      await expect.poll(() => statusOf(order.id)).toBe('In review');
      const [row] = await t.db
        .selectFrom('report_submissions')
        .select(['fatal_count', 'override_reason'])
        .where('order_id', '=', order.id)
        .execute();
      expect(row).toEqual({
        fatal_count: 1,
        override_reason: 'The ZIP code was reassigned by USPS this year; the county records show 78702.',
      });
    } finally {
      await settings({ allow_fatal_override: false });
    }
  }, 120_000);

  it('shows a refusal for findings the check did not show, and asks again what the check now asks', async () => {
    const order = await inspectedOrder('INTAKE-REFUSED');
    const page = await appraiserPhone(`/orders/${order.id}/submit`);
    await uploadReport(page, await sf1ForOrder(t.db, order.id));
    await page.getByRole('heading', { name: '3. What the check found: no findings' }).waitFor();
    await page.getByText('The report passes every check.').waitFor();
    // Meanwhile the company allows comparables of a month at most: comparable 1 sold 34 days before.
    await settings({ comparable_max_age_months: 1 });
    try {
      await page.getByRole('button', { name: 'Submit the report' }).tap();
      const refusal = page
        .getByRole('alert')
        .filter({ hasText: 'The report was not sent: the service found' });
      await refusal.getByText(/^CMP-SALE-AGE: Comparable 1: sold on 2026-08-17/).waitFor();
      await page.getByRole('heading', { name: '3. What the check found: 1 warning' }).waitFor();
      const acknowledge = page.getByRole('checkbox', { name: 'I have read the warning' });
      await expect.poll(() => acknowledge.getAttribute('aria-invalid')).toBe('true');
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshots(page, 'report-check-refused');
      await acknowledge.tap();
      await page.getByRole('button', { name: 'Submit the report' }).tap();
      await page.getByText('Report submitted').waitFor();
      await expect.poll(() => statusOf(order.id)).toBe('In review');
    } finally {
      await settings({ comparable_max_age_months: 12 });
    }
  }, 120_000);
});

describe('the report as the service read it, on the order', () => {
  it('shows staff the value, the comparables and the findings, and what changed when it came back', async () => {
    const { staff, appraiser } = demo.users;
    const page = await coordinator(browser, base, demo, `/orders/${submitted.id}`);
    const report = page.getByRole('region', { name: 'Report' });
    const read = report.getByRole('region', { name: 'What the service read' });
    await read.getByText('$491,000.00').waitFor();
    await read.getByText('09/20/2026').first().waitFor();
    await read.getByText('Subject to repair').waitFor();
    await read.getByText('C4 / Q4').waitFor();
    await read.getByText(/^Avery Appraiser, license TX-/).waitFor();
    const findings = read.getByRole('region', { name: 'Findings' });
    await findings.getByRole('heading', { name: 'Findings: 1 warning' }).waitFor();
    await findings.getByText(COUNTY_WARNING).waitFor();
    await findings.getByText('The appraiser acknowledged the warnings when submitting.').waitFor();
    const comparables = read.getByRole('table', { name: 'Comparables' });
    await comparables.getByRole('row', { name: /241 Rapid Creek Ln/ }).waitFor();
    expect(await comparables.getByRole('row').count()).toBe(4);
    await comparables.getByRole('cell', { name: '+$30,760.00' }).waitFor();
    await comparables.getByRole('cell', { name: '$490,760.00' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'report-card');

    // Sent back and resubmitted with the county corrected: the warning cleared, the older one a choice away.
    await api.act(staff.api_key, submitted.id, 'start_review');
    await api.act(staff.api_key, submitted.id, 'require_action', { reason: 'The county is wrong' });
    const form = new FormData();
    form.append('files[0][attachment]', new Blob([SF1_PDF], { type: 'application/pdf' }), 'SF1.pdf');
    form.append('files[0][file_type]', 'appraisal_pdf');
    form.append('files[1][attachment]', new Blob([sf1], { type: 'application/xml' }), 'SF1.xml');
    form.append('files[1][file_type]', 'appraisal_xml');
    await api.call(appraiser.api_key, 'PUT', `/orders/${submitted.id}/request_submission`, form);
    const changes = read.getByRole('region', { name: 'Changes from submission 1' });
    await changes.getByText('Findings cleared (1)').waitFor({ timeout: 20_000 });
    await changes.getByText(COUNTY_WARNING).waitFor();
    await read.getByRole('heading', { name: 'Findings: none' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'report-card-resubmitted');
    await read.getByRole('combobox', { name: 'Submission' }).selectOption('1');
    await read.getByRole('heading', { name: 'What the service read of submission 1' }).waitFor();
    await read.getByText(COUNTY_WARNING).waitFor();
  }, 120_000);

  it('shows the lender no report before the company releases it, and then its summary without findings', async () => {
    const lender = await signedIn(demo.users.client.id, `/orders/${submitted.id}`);
    await expectStatus(lender, 'In review');
    await lender.getByRole('heading', { name: 'Files' }).waitFor();
    expect(await lender.getByRole('region', { name: 'Report' }).count()).toBe(0);
    expect(await lender.getByText('$491,000.00').count()).toBe(0);

    await api.act(demo.users.staff.api_key, submitted.id, 'request_completion');
    await lender.reload();
    await expectStatus(lender, 'Completed');
    const read = lender.getByRole('region', { name: 'Report' }).getByRole('region', {
      name: 'What the service read',
    });
    await read.getByText('$491,000.00').waitFor();
    await read
      .getByRole('table', { name: 'Comparables' })
      .getByRole('row', { name: /241 Rapid Creek Ln/ })
      .waitFor();
    expect(await read.getByRole('region', { name: /Findings/ }).count()).toBe(0);
    expect(await lender.getByText('ORD-COUNTY').count()).toBe(0);
    expect(await lender.getByText(/acknowledged/).count()).toBe(0);
    expect(await accessibilityProblems(lender)).toEqual([]);
    await screenshots(lender, 'report-card-lender');
  }, 120_000);
});

describe('the company reviews the findings, and the lender asks for a reconsideration', () => {
  let order: { id: string };
  const OVERRIDE = 'The county line moved in 2025: the assessor places the parcel in Williamson County.';

  it('lets staff override a warning with a reason, share it, tick the checklist and release the report', async () => {
    const { staff, appraiser } = demo.users;
    order = await inspectedOrder('INTAKE-REVIEW');
    const xml = (await sf1ForOrder(t.db, order.id)).replace(
      '<CountyName>Travis County</CountyName>',
      '<CountyName>Williamson County</CountyName>',
    );
    const form = new FormData();
    form.append('files[0][attachment]', new Blob([SF1_PDF], { type: 'application/pdf' }), 'SF1.pdf');
    form.append('files[0][file_type]', 'appraisal_pdf');
    form.append('files[1][attachment]', new Blob([xml], { type: 'application/xml' }), 'SF1.xml');
    form.append('files[1][file_type]', 'appraisal_xml');
    form.append('acknowledge_warnings', 'true');
    await api.call(appraiser.api_key, 'PUT', `/orders/${order.id}/request_submission`, form);
    const checklist = ['Comparables verified in the MLS', 'Photos match the subject'];
    await api.call(staff.api_key, 'PATCH', `/companies/${demo.company_id}/report_settings`, {
      review_checklist: checklist,
    });

    const page = await coordinator(browser, base, demo, `/orders/${order.id}`);
    const findings = page.getByRole('region', { name: 'Report' }).getByRole('region', { name: 'Findings' });
    await findings.getByText(COUNTY_WARNING).waitFor();
    // An override without its reason is refused, by the field; with it, recorded with who and when.
    await findings.getByRole('button', { name: 'Override…' }).click();
    const reason = findings.getByRole('textbox', { name: 'Why the report is accepted despite ORD-COUNTY' });
    await findings.getByRole('button', { name: 'Override ORD-COUNTY' }).click();
    await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
    await reason.fill(OVERRIDE);
    await findings.getByRole('button', { name: 'Override ORD-COUNTY' }).click();
    await findings.getByText(new RegExp(`^Overridden by .+: ${OVERRIDE}$`)).waitFor();
    // Each tick is saved as it is made, and shown once saved.
    await findings.getByRole('checkbox', { name: 'Share with the lender' }).click();
    await expect
      .poll(() => findings.getByRole('checkbox', { name: 'Share with the lender' }).isChecked())
      .toBe(true);
    const list = page.getByRole('region', { name: 'Review checklist' });
    for (const item of checklist) {
      await list.getByRole('checkbox', { name: item }).click();
      await expect.poll(() => list.getByRole('checkbox', { name: item }).isChecked()).toBe(true);
    }
    await list.getByRole('heading', { name: 'Review checklist: 2 of 2 done' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'report-review');
    const [review] = await t.db
      .selectFrom('report_finding_reviews')
      .select(['finding_id', 'override_reason', 'shared_with_lender'])
      .where('order_id', '=', order.id)
      .execute();
    expect(review).toEqual({ finding_id: 'ORD-COUNTY', override_reason: OVERRIDE, shared_with_lender: true });

    // Released by completing the review.
    await page.getByRole('button', { name: 'Start review', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Start review' })
      .getByRole('button', { name: 'Start review' })
      .click();
    await expectStatus(page, 'Internal quality assurance');
    await page.getByRole('button', { name: 'Request completion', exact: true }).click();
    const complete = page.getByRole('dialog', { name: 'Request completion' });
    await complete.getByRole('button', { name: 'Request completion' }).click();
    await expectStatus(page, 'Completed');
    await api.call(staff.api_key, 'PATCH', `/companies/${demo.company_id}/report_settings`, {
      review_checklist: [],
    });
  }, 120_000);

  it('shows the lender the summary and the shared finding, and takes a structured reconsideration', async () => {
    const lender = await signedIn(demo.users.client.id, `/orders/${order.id}`);
    await expectStatus(lender, 'Completed');
    const report = lender.getByRole('region', { name: 'Report' });
    await report.getByText('$491,000.00').waitFor();
    const shared = report.getByRole('region', { name: 'Findings the company shared' });
    await shared.getByText(COUNTY_WARNING).waitFor();
    expect(await report.getByText(/Overridden/).count()).toBe(0);

    await lender.getByRole('button', { name: 'Request reconsideration of value', exact: true }).click();
    const dialog = lender.getByRole('dialog', { name: 'Request reconsideration of value' });
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await lender.getByRole('option', { name: 'Alternate closed sales' }).click();
    await dialog
      .getByRole('textbox', { name: 'Summary' })
      .fill('Two closer sales in the subdivision support a higher value.');
    await dialog.getByRole('combobox', { name: 'Initiated by' }).click();
    await lender.getByRole('option', { name: 'Borrower' }).click();
    await dialog.getByRole('button', { name: 'Add a deficiency' }).click();
    const deficiency = dialog.getByRole('group', { name: 'Deficiency 1' });
    await deficiency.getByRole('combobox', { name: 'Category' }).click();
    await lender.getByRole('option', { name: 'Comparable selection' }).click();
    await deficiency
      .getByRole('textbox', { name: 'Description' })
      .fill('Comparable 3 is across the river, in another school district.');
    await dialog.getByRole('button', { name: 'Add a comparable' }).click();
    const comparable = dialog.getByRole('group', { name: 'Comparable 1' });
    await comparable.getByRole('textbox', { name: 'Address' }).fill('412 Lavaca St, Austin, TX 78701');
    await comparable.getByRole('textbox', { name: 'Sale price' }).fill('505000');
    await comparable.getByLabel('Sale date').fill('2026-08-30');
    await comparable
      .getByRole('textbox', { name: 'Reason' })
      .fill('Same subdivision, same model, 0.2 miles away.');
    // Where the sale can be verified is missing: the service says so by that field, and nothing is kept.
    await dialog.getByRole('button', { name: 'Request reconsideration of value' }).click();
    const source = comparable.getByRole('textbox', { name: 'Data source' });
    await expect.poll(() => source.getAttribute('aria-invalid')).toBe('true');
    expect(await fieldMessage(source)).toMatch(/Data source/);
    const none = await t.db
      .selectFrom('reconsiderations')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(none).toEqual([]);
    await source.fill('MLS 5512034');
    expect(await accessibilityProblems(lender)).toEqual([]);
    await screenshots(lender, 'reconsideration-dialog');
    await dialog.getByRole('button', { name: 'Request reconsideration of value' }).click();
    await expectStatus(lender, 'Client request');
    const [kept] = await t.db
      .selectFrom('reconsiderations')
      .select(['id', 'initiated_by', 'deficiencies'])
      .where('order_id', '=', order.id)
      .execute();
    expect(kept).toMatchObject({
      initiated_by: 'borrower',
      deficiencies: [
        {
          category: 'comparable_selection',
          description: 'Comparable 3 is across the river, in another school district.',
        },
      ],
    });
    const comparables = await t.db
      .selectFrom('reconsideration_comparables')
      .select(['address', 'sale_price_cents', 'sale_date', 'data_source'])
      .where('reconsideration_id', '=', kept!.id)
      .execute();
    expect(comparables).toEqual([
      {
        address: '412 Lavaca St, Austin, TX 78701',
        sale_price_cents: '50500000',
        sale_date: '2026-08-30',
        data_source: 'MLS 5512034',
      },
    ]);
  }, 120_000);
});
