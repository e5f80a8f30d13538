import ICAL from 'ical.js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/config.ts';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { signInLink } from '../../src/sessions/session.service.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { REPORT_PDF, REPORT_XML } from '../helpers/multipart.ts';
import { orderBody } from '../helpers/orders.ts';
import { useWebApp } from '../helpers/web-app.ts';

/**
 * The appraiser's day on a phone (375 × 812, touch), in a real Chromium against a real service:
 * answer offers before they time out (and watch one time out), schedule and complete an
 * inspection, submit a report and resubmit it after a revision (one upload failing and retried
 * alone), and subscribe a calendar to the private .ics feed. The workflow timers run every half
 * second here, so that an offer times out within the test.
 */
const t = useTestDatabase();
const app = useWebApp(t, { WORKFLOW_TIMER_INTERVAL_MS: '500', TIME_ZONE: 'America/Chicago' });
let demo: DemoWorld;
let browser: Browser;
let base: string;
const PHONE = {
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
  timezoneId: 'America/Chicago',
} as const;

beforeAll(() => {
  ({ demo, browser, base } = app);
});

// ---- the world, through the API ------------------------------------------------------------

async function call(key: string, method: string, url: string, body?: unknown) {
  const answer = await fetch(`${base}${url}`, {
    method,
    headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<Record<string, unknown>>;
}

/** An order at `street`, offered to the demo appraiser at `fee`, then taken to `until`. */
async function orderFor(street: string, fee: string, until: string[] = []) {
  const order = (await call(
    demo.users.client.api_key,
    'POST',
    '/api/v1/orders',
    await orderBody(t.db, demo, {
      address: { street_1: street, city: 'Austin', state: 'TX', zip: '78701' },
    }),
  )) as { id: string; file_number: string };
  await call(demo.users.staff.api_key, 'PUT', `/api/v1/orders/${order.id}/assign`, {
    appraiser_id: demo.users.appraiser.id,
    fee,
  });
  const steps: Record<string, [string, object]> = {
    accept: ['accept_assignment', {}],
    schedule: ['schedule_inspection', { inspection_scheduled_at: '2037-12-18T09:00:00-06:00' }],
    inspect: ['complete_inspection', {}],
  };
  for (const name of until) {
    const [action, body] = steps[name]!;
    await call(demo.users.appraiser.api_key, 'PUT', `/api/v1/orders/${order.id}/${action}`, body);
  }
  return order;
}

const statusOf = async (orderId: string) =>
  (await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()).status;

// ---- the phone -----------------------------------------------------------------------------

let phone: BrowserContext | null = null;

/** The appraiser's phone, signed in by a one-time link; a page that fails on any script error. */
async function appraiserPage(path: string): Promise<Page> {
  if (!phone) {
    phone = await browser.newContext(PHONE);
    const first = await phone.newPage();
    await first.goto(await signInLink(t.db, { publicBaseUrl: base } as Config, demo.users.appraiser.id));
    await first.waitForURL(/\/work$/);
    await first.close();
  }
  // One page at a time: each holds a live-updates stream, and a browser opens six connections
  // to a host at most.
  await Promise.all(phone.pages().map((open) => open.close()));
  const page = await phone.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${base}${path}`);
  return page;
}

const card = (page: Page, street: string) => page.getByRole('article', { name: new RegExp(street) });

async function expectInvalid(field: Locator) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await fieldMessage(field)).not.toBe('');
}

async function expectNoProblems(page: Page, name: string) {
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshots(page, name);
}

describe('the appraiser’s workspace on a phone', () => {
  it('accepts an offer with conditions before its countdown ends, another with one tap, and declines a third', async () => {
    const conditioned = await orderFor('12 Offer Street', '410');
    const plain = await orderFor('14 Offer Street', '380');
    const declined = await orderFor('16 Offer Street', '300');
    const page = await appraiserPage('/offers');

    const offer = card(page, '12 Offer Street');
    await offer.getByText('$410.00').waitFor();
    const timer = offer.getByRole('timer');
    const before = await timer.textContent();
    expect(before).toMatch(/left$/);
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(before);
    await expectNoProblems(page, 'offers-inbox');

    // Accept with conditions: bad input first, by its field, and nothing changes.
    await offer.getByRole('button', { name: 'With conditions' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Accept with conditions' });
    await dialog.getByLabel('Fee condition').fill('four hundred');
    await dialog.getByRole('button', { name: 'Accept with conditions' }).tap();
    await expectInvalid(dialog.getByLabel('Fee condition'));
    expect(await statusOf(conditioned.id)).toBe('Pending assignment');
    await dialog.getByLabel('Fee condition').fill('450');
    await dialog.getByLabel('Due date condition').fill('2037-12-28');
    await dialog.getByLabel('Comments').fill('Rural property: a longer drive');
    await expectNoProblems(page, 'offer-conditions');
    await dialog.getByRole('button', { name: 'Accept with conditions' }).tap();
    await page.getByText(/is now Assignment accepted with condition/).waitFor();
    await offer.waitFor({ state: 'detached' });
    const row = await t.db
      .selectFrom('orders')
      .select(['status', 'condition_fee_cents', 'condition_proposed_at'])
      .where('id', '=', conditioned.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Assignment accepted with condition', condition_fee_cents: '45000' });

    // One tap accepts as offered.
    await card(page, '14 Offer Street').getByRole('button', { name: 'Accept', exact: true }).tap();
    await page.getByText('Offer accepted').waitFor();
    await expect.poll(() => statusOf(plain.id)).toBe('Assigned');

    // Declining asks why.
    await card(page, '16 Offer Street').getByRole('button', { name: 'Decline' }).tap();
    const decline = page.getByRole('dialog', { name: 'Decline the offer' });
    await decline.getByRole('button', { name: 'Decline the offer' }).tap();
    await expectInvalid(decline.getByRole('textbox', { name: 'Reason', exact: true }));
    await decline.getByRole('textbox', { name: 'Reason', exact: true }).fill('Out of my area this week');
    await decline.getByRole('button', { name: 'Decline the offer' }).tap();
    await expect.poll(() => statusOf(declined.id)).toBe('Assignment rejected');
  }, 120_000);

  it('shows an offer time out in the inbox, and the service times it out', async () => {
    const order = await orderFor('20 Timeout Road', '350');
    // As if offered long ago: a few seconds are left (the timers run every half second here).
    await t.db
      .updateTable('orders')
      .set({ offer_expires_at: new Date(Date.now() + 6_000) })
      .where('id', '=', order.id)
      .execute();
    const page = await appraiserPage('/offers');
    const offer = card(page, '20 Timeout Road');
    await offer
      .getByRole('timer')
      .filter({ hasText: /\d s left/ })
      .waitFor();
    await offer.getByRole('timer').filter({ hasText: 'Timed out' }).waitFor({ timeout: 10_000 });
    await offer.getByText('This offer timed out').waitFor();
    expect(await offer.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    await screenshots(page, 'offer-timed-out');
    await expect.poll(() => statusOf(order.id), { timeout: 10_000 }).toBe('Assignment timed out');
    // Once the service has timed it out, it leaves the inbox.
    await offer.waitFor({ state: 'detached', timeout: 10_000 });
  }, 60_000);

  it('schedules the inspection in the appraiser’s time zone, reschedules it, and completes it', async () => {
    const order = await orderFor('30 Inspect Lane', '415', ['accept']);
    const page = await appraiserPage('/work');
    const work = card(page, '30 Inspect Lane');
    await work.getByRole('link', { name: /Call Otto Occupant/ }).waitFor();
    expect(await work.getByRole('link', { name: /Call Otto Occupant/ }).getAttribute('href')).toBe(
      'tel:5125550102',
    );
    expect(await work.getByRole('link', { name: /^Map/ }).getAttribute('href')).toContain(
      encodeURIComponent('30 Inspect Lane'),
    );
    await expectNoProblems(page, 'my-work');

    await work.getByRole('button', { name: 'Schedule' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Schedule the inspection' });
    const when = dialog.getByRole('textbox', { name: 'Inspection scheduled at' });
    await dialog.getByRole('button', { name: 'Schedule the inspection' }).tap();
    await expectInvalid(when);
    await dialog.getByText('America/Chicago').waitFor();
    await when.fill('2037-12-20T10:30');
    await dialog.getByRole('button', { name: 'Schedule the inspection' }).tap();
    await page
      .getByRole('region', { name: /To inspect/ })
      .getByRole('article', { name: /30 Inspect Lane/ })
      .waitFor();
    const scheduled = async () =>
      (
        await t.db
          .selectFrom('orders')
          .select('inspection_scheduled_at')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).inspection_scheduled_at?.toISOString();
    // 10:30 in Chicago, in December (CST, UTC−6).
    expect(await scheduled()).toBe('2037-12-20T16:30:00.000Z');

    // The agenda, from the tab bar.
    await page.getByRole('navigation', { name: 'Your work' }).getByRole('link', { name: 'Agenda' }).tap();
    await page.waitForURL(/\/agenda$/);
    const visit = card(page, '30 Inspect Lane');
    await visit.getByText('10:30 AM').waitFor();
    await visit.getByRole('button', { name: 'Reschedule' }).tap();
    const again = page.getByRole('dialog', { name: 'Reschedule the inspection' });
    await again.getByRole('textbox', { name: 'Inspection scheduled at' }).fill('2037-12-20T13:15');
    await again.getByRole('button', { name: 'Reschedule the inspection' }).tap();
    await visit.getByText('1:15 PM').waitFor();
    expect(await scheduled()).toBe('2037-12-20T19:15:00.000Z');
    await expectNoProblems(page, 'agenda');

    await visit.getByRole('button', { name: 'Complete inspection' }).tap();
    const complete = page.getByRole('dialog', { name: 'Complete inspection' });
    await complete.getByRole('button', { name: 'Complete inspection' }).tap();
    await expect.poll(() => statusOf(order.id)).toBe('Inspection completed');
    await visit.waitFor({ state: 'detached' });
  }, 120_000);

  it('submits a report (a failed upload retried alone), then resubmits it after a revision', async () => {
    const order = await orderFor('40 Report Court', '500', ['accept', 'schedule', 'inspect']);
    const page = await appraiserPage('/work');
    await card(page, '40 Report Court').getByRole('link', { name: 'Submit the report' }).tap();
    await page.waitForURL(/\/submit$/);
    await page.getByRole('heading', { name: 'Submit the report' }).waitFor();

    // The check before sending: both files are needed.
    await page.getByRole('button', { name: 'Submit the report' }).tap();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Still needed: Report (PDF), Report data (XML)' })
      .waitFor();

    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/files$/.test(request.url())) uploads.push(request.url());
    });
    const choose = async (button: string, file: typeof REPORT_PDF) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: button }).tap(),
      ]);
      await chooser.setFiles({
        name: file.filename,
        mimeType: file.contentType ?? 'application/octet-stream',
        buffer: file.content,
      });
    };
    await choose('Choose the Report (PDF)', REPORT_PDF);
    await page.getByText('report.pdf · Uploaded').waitFor();

    // The connection drops during the XML: it alone is sent again.
    await page.route('**/api/v1/orders/*/files', (route) => route.abort('connectionfailed'));
    await choose('Choose the Report data (XML)', REPORT_XML);
    await page.getByText('report.xml · Not uploaded').waitFor();
    await expectNoProblems(page, 'submit-upload-failed');
    await page.unroute('**/api/v1/orders/*/files');
    await page.getByRole('button', { name: 'Retry Report data (XML)' }).tap();
    await page.getByText('report.xml · Uploaded').waitFor();
    expect(uploads).toHaveLength(3);
    await page.getByText('Report (PDF): ✓ report.pdf').waitFor();
    await page.getByRole('button', { name: 'Submit the report' }).tap();
    await page.getByText('Report submitted').waitFor();
    await page.waitForURL(/\/work$/);
    await expect.poll(() => statusOf(order.id)).toBe('In review');
    const files = await t.db
      .selectFrom('order_files')
      .select(['filename', 'source'])
      .where('order_id', '=', order.id)
      .orderBy('filename')
      .execute();
    expect(files).toEqual([
      { filename: 'report.pdf', source: 'submission' },
      { filename: 'report.xml', source: 'submission' },
    ]);

    // The lender asks for a revision, with an attachment; the email's link opens the resubmission.
    const form = new FormData();
    form.append('comments', 'Please add the second comparable sale');
    form.append('attachments[]', new Blob([REPORT_PDF.content], { type: 'application/pdf' }), 'comps.pdf');
    const revision = await fetch(`${base}/api/v1/orders/${order.id}/request_revision`, {
      method: 'PUT',
      headers: { 'x-api-key': demo.users.client.api_key },
      body: form,
    });
    expect(revision.status).toBe(200);
    // The request waits for the company's review: the appraiser has nothing to resubmit yet.
    await page.goto(`${base}/orders/${order.id}/submit`);
    await page.getByText('the company reviews the request, and passes it on to you').waitFor();
    const forward = await fetch(`${base}/api/v1/orders/${order.id}/forward_request`, {
      method: 'PUT',
      headers: { 'x-api-key': demo.users.staff.api_key },
    });
    expect(forward.status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Resubmit the report' }).waitFor();
    const asks = page.getByRole('region', { name: 'What the lender asks' });
    await asks.getByText('Please add the second comparable sale').waitFor();
    await asks.getByRole('link', { name: 'comps.pdf' }).waitFor();
    await choose('Choose the Report (PDF)', { ...REPORT_PDF, filename: 'report-v2.pdf' });
    await choose('Choose the Report data (XML)', { ...REPORT_XML, filename: 'report-v2.xml' });
    await page.getByText('report-v2.xml · Uploaded').waitFor();
    await page.getByText('report-v2.pdf · Uploaded').waitFor();
    await expectNoProblems(page, 'resubmit');
    await page.getByRole('button', { name: 'Resubmit the report' }).tap();
    await page.getByText('Report resubmitted').waitFor();
    await expect.poll(() => statusOf(order.id)).toBe('In review');
  }, 120_000);

  it('gives a private calendar address whose feed, parsed, holds the scheduled inspections', async () => {
    const first = await orderFor('50 Calendar Way', '390', ['accept', 'schedule']);
    const page = await appraiserPage('/agenda');
    await page.getByRole('button', { name: 'Make a calendar address' }).tap();
    const address = page.getByRole('textbox', { name: 'Calendar address' });
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${base}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    await expectNoProblems(page, 'calendar-address');

    // A calendar app subscribes: no session, no key.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const scheduled = await t.db
      .selectFrom('orders')
      .select(['id', 'file_number', 'inspection_scheduled_at'])
      .where('appraiser_id', '=', demo.users.appraiser.id)
      .where('status', '=', 'Inspection scheduled')
      .execute();
    expect(scheduled.map((o) => o.id)).toContain(first.id);
    // One event per scheduled inspection, at its time.
    for (const order of scheduled) {
      const event = events.find((e) => e.uid.includes(order.id));
      expect(event, order.file_number).toBeDefined();
      expect(event!.startDate.toJSDate().getTime()).toBe(order.inspection_scheduled_at!.getTime());
      expect(event!.summary).toContain(order.file_number);
    }
    const ours = events.find((e) => e.uid.includes(first.id))!;
    expect(ours.startDate.toJSDate().toISOString()).toBe('2037-12-18T15:00:00.000Z');
    expect(ours.location).toContain('50 Calendar Way');

    // A new address, after asking: the old one stops working.
    await page.reload();
    await page.getByRole('button', { name: 'Make a new address' }).tap();
    const confirm = page.getByRole('dialog', { name: 'Make a new calendar address?' });
    await confirm.waitFor();
    // Cancel is focused: the safe choice is the default one.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Make a new address' }).tap();
    await expect.poll(() => address.inputValue()).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(await address.inputValue())).status).toBe(200);
  }, 120_000);

  it('shows the appraiser’s own fees, installs as an app, and leads offers’ emails to the inbox', async () => {
    const offered = await orderFor('60 Money Street', '275');
    const accepted = await orderFor('62 Money Street', '305', ['accept']);
    const page = await appraiserPage(`/offers?order=${offered.id}`);
    // The offer an email links to comes first, marked.
    await expect
      .poll(() => page.getByRole('article').first().getAttribute('aria-labelledby'))
      .toBe(`offer-${offered.id}`);

    // An email's offer that is no longer open says so.
    await page.goto(`${base}/offers?order=${accepted.id}`);
    await page.getByText('That offer is no longer open').waitFor();

    await page.goto(`${base}/money`);
    await page.getByRole('heading', { name: 'Money' }).waitFor();
    const earning = page.getByRole('article', { name: `Order ${accepted.file_number}` });
    await earning.getByText('$305.00').waitFor();
    await earning.getByText('On completion').waitFor();
    await expectNoProblems(page, 'money');
    // Never the lender's fee: the order's total is not on the page.
    const total = await t.db
      .selectFrom('orders')
      .select('total_fee_cents')
      .where('id', '=', offered.id)
      .executeTakeFirstOrThrow();
    expect(await page.content()).not.toContain(`$${(Number(total.total_fee_cents) / 100).toFixed(2)}`);

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(`${base}${manifestHref}`)).json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png')!;
      const answer = await fetch(`${base}${icon.src}`);
      expect(answer.headers.get('content-type')).toBe('image/png');
    }
  }, 60_000);

  it('shows a full inbox’s most urgent offers first, and every one on a tap', async () => {
    const open = (
      (await call(demo.users.appraiser.api_key, 'GET', '/api/v1/me/work?next_step=answer_offer')) as {
        data: unknown[];
      }
    ).data.length;
    for (let i = open; i < 22; i++) await orderFor(`${100 + i} Busy Street`, '300');
    const page = await appraiserPage('/offers');
    await page.getByText('22 open offers').waitFor();
    // The first two with the page, the next eighteen a moment after (lib/after-first-paint.ts).
    await expect.poll(() => page.getByRole('article').count()).toBe(20);
    await page.getByRole('button', { name: 'Show all 22 offers' }).tap();
    await expect.poll(() => page.getByRole('article').count()).toBe(22);
    expect(await page.getByRole('button', { name: /Show all/ }).count()).toBe(0);
  }, 60_000);
});
