import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/config.ts';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { signInLink } from '../../src/sessions/session.service.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { useWebApp } from '../helpers/web-app.ts';
import { apiOf, expectStatus } from './pipeline-helpers.ts';

/**
 * What happened to an order, and when, as each person reads it: the timeline on the order page
 * (each role seeing only its own side), date-times in the viewer's zone (here Denver, the
 * service's being UTC), the appraiser recording when the inspection took place (a future time
 * and one before the appointment refused in sentences), and an offer's link followed after the
 * offer left the inbox.
 */
const t = useTestDatabase();
const app = useWebApp(t);
const ZONE = 'America/Denver';
let demo: DemoWorld;
let browser: Browser;
let base: string;
let api: ReturnType<typeof apiOf>;

beforeAll(() => {
  ({ demo, browser, base } = app);
  api = apiOf(base);
});

/** A person at their own desk in Denver, signed in with a one-time link, on `path`. */
async function signedIn(userId: string, path: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: ZONE, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  const link = await signInLink(t.db, { publicBaseUrl: base } as Config, userId);
  await page.goto(`${link}&return_to=${encodeURIComponent(path)}`);
  return page;
}

/** A moment as the page says it in Denver: "Nov 26, 2026, 3:45 AM MST". */
const inDenver = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: ZONE,
  })
    .format(new Date(iso))
    .replace(/\s/g, ' ');

/** A moment as a date-and-time field holds it in Denver: "2026-11-26T03:45". */
const fieldValueInDenver = (when: Date) =>
  when.toLocaleString('sv-SE', { timeZone: ZONE }).slice(0, 16).replace(' ', 'T');

const normalized = async (page: Page, text: Promise<string | null>) => (await text)?.replace(/\s/g, ' ');

/** The field says `sentence` (the service's refusal), once the answer to this try has come. */
async function expectRefused(field: Locator, sentence: string) {
  await expect.poll(() => fieldMessage(field)).toContain(sentence);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
}

/** An order offered to the demo appraiser, and answered (`accept_assignment`) when said. */
async function offered(loanNumber: string, answer?: 'accept_assignment') {
  const { staff, appraiser } = demo.users;
  const order = await api.place(t.db, demo, { loan_number: loanNumber });
  await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '300' });
  if (answer) await api.act(appraiser.api_key, order.id, answer);
  return order;
}

async function note(key: string, orderId: string, body: Record<string, unknown>) {
  return (await api.call(key, 'POST', `/orders/${orderId}/notes`, body)) as { created_at_iso: string };
}

describe('the order timeline', () => {
  it('gives each person one account of what happened, with their side only, in their own time zone', async () => {
    const { staff, client, appraiser } = demo.users;
    const order = await api.place(t.db, demo, { loan_number: 'TIMELINE' });
    const internal = await note(staff.api_key, order.id, {
      subject: 'Between us',
      content: '<p>This lender pays late.</p>',
      audience: 'internal',
    });
    await note(client.api_key, order.id, { subject: 'Access', content: '<p>The gate code is 1234.</p>' });
    // Staff put the order on hold for the lender, acting for them (X-Api-Email), then resume it.
    const held = await fetch(`${base}/api/v1/orders/${order.id}/hold`, {
      method: 'PUT',
      headers: {
        'x-api-key': staff.api_key,
        'x-api-email': client.email,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ reason: 'Asked by phone' }),
    });
    expect(held.status).toBe(200);
    await api.act(staff.api_key, order.id, 'resume');
    await api.act(staff.api_key, order.id, 'assign', { appraiser_id: appraiser.id, fee: '300' });
    await api.act(appraiser.api_key, order.id, 'accept_assignment');

    const page = await signedIn(staff.id, `/orders/${order.id}`);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const hold = timeline.getByRole('listitem').filter({ hasText: 'Hold: Unassigned → On hold' });
    await hold.getByText('Asked by phone').waitFor();
    await hold.getByText(/ · Sam Staffer for Casey Client$/).waitFor();
    const secret = timeline.getByRole('listitem').filter({ hasText: 'Note from Sam Staffer: Between us' });
    await secret.getByText('Company only').waitFor();
    // The status history is not told twice: the timeline is the page's one account.
    expect(await page.getByRole('heading', { name: 'History' }).count()).toBe(0);
    // The note's moment (not its day at midnight) in the viewer's zone, in the notes and the timeline.
    const notes = page.getByRole('region', { name: 'Notes' });
    const written = notes.getByText(/^Sam Staffer · /);
    expect(await normalized(page, written.textContent())).toBe(
      `Sam Staffer · ${inDenver(internal.created_at_iso)}`,
    );
    expect(await normalized(page, secret.getByText(/^Note · /).textContent())).toBe(
      `Note · ${inDenver(internal.created_at_iso)} · Sam Staffer`,
    );
    expect(await page.getByText('12:00 AM').count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'order-timeline-staff');

    // The lender: its own note, not the company's, and the hold made in its name.
    const lender = await signedIn(client.id, `/orders/${order.id}`);
    const lenderTimeline = lender.getByRole('region', { name: 'Timeline' });
    await lenderTimeline.getByText('Note from Casey Client: Access').waitFor();
    await lenderTimeline.getByText('Hold: Unassigned → On hold').waitFor();
    expect(await lender.getByText('Between us').count()).toBe(0);
    expect(await accessibilityProblems(lender)).toEqual([]);
    await screenshots(lender, 'order-timeline-lender');

    // The appraiser: from the offer on, neither the company's note nor the lender's.
    const appraiserPage = await signedIn(appraiser.id, `/orders/${order.id}`);
    const theirs = appraiserPage.getByRole('region', { name: 'Timeline' });
    await theirs.getByText('Accept assignment: Pending assignment → Assigned').waitFor();
    expect(await theirs.getByText(/^Note from /).count()).toBe(0);
    expect(await theirs.getByText(/^Hold: /).count()).toBe(0);
    expect(await accessibilityProblems(appraiserPage)).toEqual([]);
    await screenshots(appraiserPage, 'order-timeline-appraiser');
  }, 120_000);
});

describe('marking an inspection done', () => {
  it('records when it took place, refusing a time in the future or before the appointment in sentences', async () => {
    const { appraiser } = demo.users;
    const order = await offered('INSPECTED', 'accept_assignment');
    await api.act(appraiser.api_key, order.id, 'schedule_inspection', {
      inspection_scheduled_at: '2037-12-01T09:00',
    });
    // The appointment was three hours ago (a schedule in the past is refused, so it is moved here).
    const scheduled = new Date(Date.now() - 3 * 3_600_000);
    await t.db
      .updateTable('orders')
      .set({ inspection_scheduled_at: scheduled })
      .where('id', '=', order.id)
      .execute();

    const page = await signedIn(appraiser.id, `/orders/${order.id}`);
    await page.getByRole('button', { name: 'Complete inspection', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete inspection' });
    const when = dialog.getByRole('textbox', { name: 'Inspected at' });
    // It opens on now, in the appraiser's zone, which it names.
    const opened = await when.inputValue();
    expect([fieldValueInDenver(new Date()), fieldValueInDenver(new Date(Date.now() - 60_000))]).toContain(
      opened,
    );
    await dialog.getByText(`in your time zone (${ZONE})`, { exact: false }).waitFor();

    await when.fill(fieldValueInDenver(new Date(Date.now() + 86_400_000)));
    await dialog.getByRole('button', { name: 'Complete inspection' }).click();
    await expectRefused(when, 'Enter an inspection time that is not in the future.');

    await when.fill(fieldValueInDenver(new Date(scheduled.getTime() - 3_600_000)));
    await dialog.getByRole('button', { name: 'Complete inspection' }).click();
    await expectRefused(
      when,
      `Enter an inspection time at or after the scheduled one (${inDenver(scheduled.toISOString())}), or reschedule the inspection first.`,
    );
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'inspected-refused');
    expect(
      (await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('Inspection scheduled');

    const inspected = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
    await when.fill(fieldValueInDenver(inspected));
    await dialog.getByRole('button', { name: 'Complete inspection' }).click();
    await expectStatus(page, 'Inspection completed');
    const row = await t.db
      .selectFrom('orders')
      .select('inspection_completed_at')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.inspection_completed_at?.toISOString()).toBe(inspected.toISOString());
    await page.getByText(inDenver(inspected.toISOString()), { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByText('Complete inspection: Inspection scheduled → Inspection completed')
      .waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'inspected');
  }, 120_000);
});

describe('an offer that has left the inbox', () => {
  it('says where the order is now: the order page once accepted, My work once declined', async () => {
    const { appraiser } = demo.users;
    const accepted = await offered('OFFER-ACCEPTED', 'accept_assignment');
    const declined = await offered('OFFER-DECLINED');
    await api.act(appraiser.api_key, declined.id, 'reject_assignment', { reason: 'Too far this week' });

    const page = await signedIn(appraiser.id, `/offers?order=${declined.id}`);
    const gone = page.getByRole('status').filter({ hasText: 'That offer is no longer open' });
    await gone
      .getByText(
        'It was declined, it timed out, or the company withdrew it: the order is no longer yours to open.',
      )
      .waitFor();
    await gone.getByRole('link', { name: 'Go to My work' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'offer-gone');

    await page.goto(`${base}/offers?order=${accepted.id}`);
    const taken = page.getByRole('status').filter({ hasText: 'That offer is no longer open' });
    await taken.getByText(`You accepted it: order ${accepted.fileNumber} is now Assigned.`).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'offer-accepted');
    await taken.getByRole('link', { name: `Open order ${accepted.fileNumber}` }).click();
    await page.waitForURL(new RegExp(`/orders/${accepted.id}$`));
    await expectStatus(page, 'Assigned');

    // An id that is no order at all reads the same as one taken away: nothing of it is told.
    await page.goto(`${base}/offers?order=00000000-0000-4000-8000-000000000000`);
    await page
      .getByRole('status')
      .filter({ hasText: 'That offer is no longer open' })
      .getByRole('link', { name: 'Go to My work' })
      .waitFor();
  }, 120_000);
});
