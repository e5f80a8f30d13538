import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { REPORT_PDF } from '../helpers/multipart.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { signedInAt, useWebApp } from '../helpers/web-app.ts';

/**
 * An appraiser's credentials in a real Chromium against a real service: the appraiser on a phone
 * records a license (a bad date refused by its field first) and the insurance policy; the
 * company's staff, at a desk, open the appraiser from Administration, verify both, confirm the FHA
 * roster, and read the record of changes.
 */
const t = useTestDatabase();
const app = useWebApp(t, { TIME_ZONE: 'America/Chicago' });
let demo: DemoWorld;
let browser: Browser;
let base: string;
const SOON = { timeout: 10_000 };

beforeAll(async () => {
  ({ demo, browser, base } = app);
  // The demo appraiser starts with credentials (seed/demo.ts); here they start with none.
  for (const table of [
    'appraiser_licenses',
    'appraiser_eo_policies',
    'appraiser_profiles',
    'appraiser_coverage',
  ] as const)
    await t.db.deleteFrom(table).where('appraiser_id', '=', demo.users.appraiser.id).execute();
});

const signedIn = (apiKey: string, where: string, phone = false) =>
  signedInAt(browser, base, apiKey, where, phone);

const licenses = () =>
  t.db
    .selectFrom('appraiser_licenses')
    .selectAll()
    .where('appraiser_id', '=', demo.users.appraiser.id)
    .execute();

describe('credentials in the web application', () => {
  it('the appraiser records a license and the policy on a phone; staff verify them at a desk', async () => {
    const phone = await signedIn(demo.users.appraiser.api_key, '/work', true);
    await phone.waitForURL(/\/work$/);
    await phone.getByRole('button', { name: /^Account of/ }).click();
    await phone.getByRole('menuitem', { name: 'Credentials' }).click();
    await phone.getByRole('heading', { name: 'Your credentials' }).waitFor(SOON);
    await phone.getByText('No license on file yet.').waitFor();

    // A license whose last valid day comes before its issue: refused by the field, nothing kept.
    await phone.getByRole('button', { name: 'Add a license' }).click();
    const form = phone.getByRole('form', { name: 'License' });
    await form.getByLabel('State').fill('tx');
    await form.getByLabel('License number').fill('TX-1380423-R');
    await form.getByLabel('Issued').fill('2030-04-01');
    await form.getByLabel('Last valid day').fill('2029-03-31');
    await form.getByRole('button', { name: 'Keep this license' }).click();
    const issued = form.getByLabel('Issued');
    await expect.poll(() => issued.getAttribute('aria-invalid'), SOON).toBe('true');
    expect(await fieldMessage(issued)).toMatch(/on or before/);
    expect(await licenses()).toEqual([]);

    await issued.fill('2019-04-01');
    await form.getByRole('button', { name: 'Keep this license' }).click();
    const texas = phone.getByRole('article', { name: 'TX license' });
    await texas.getByText('TX · Certified residential · TX-1380423-R').waitFor(SOON);
    await texas.getByText('Not verified').waitFor();
    // The appraiser verifies nothing of their own.
    expect(await texas.getByRole('button', { name: 'Verify' }).count()).toBe(0);

    await phone.getByRole('button', { name: 'Add the policy' }).click();
    const policy = phone.getByRole('form', { name: 'Errors-and-omissions policy' });
    await policy.getByLabel('Carrier').fill('Liberty Mutual');
    await policy.getByLabel('Policy number').fill('EO-55-2031');
    await policy.getByLabel('Coverage per claim ($)').fill('1,000,000');
    await policy.getByLabel('Last day it covers').fill('2031-06-30');
    await policy.getByRole('button', { name: 'Keep this policy' }).click();
    await phone.getByText('$1,000,000.00 per claim').waitFor(SOON);
    expect(await accessibilityProblems(phone)).toEqual([]);
    await screenshots(phone, 'credentials-appraiser');

    // Staff open the appraiser from the users of Administration.
    const desk = await signedIn(demo.users.staff.api_key, '/admin?tab=users', false);
    await desk.getByRole('button', { name: 'Change Avery Appraiser' }).click();
    await desk.getByRole('menuitem', { name: 'Credentials' }).click();
    await desk.getByRole('heading', { name: /^Credentials of / }).waitFor(SOON);
    const row = desk.getByRole('article', { name: 'TX license' });
    await row.getByRole('button', { name: 'Verify' }).click();
    await row.getByText(/^Verified by /).waitFor(SOON);
    await desk
      .getByRole('region', { name: 'Errors and omissions insurance' })
      .getByRole('button', { name: 'Verify' })
      .click();
    await desk.getByLabel('On the FHA appraiser roster').check();
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('appraiser_profiles').select('fha_roster').executeTakeFirst())?.fha_roster,
        SOON,
      )
      .toBe(true);
    const record = desk.getByRole('region', { name: 'Record of changes' });
    await record.getByText('License verified').waitFor(SOON);
    await record.getByText('Insurance verified').waitFor();
    expect((await licenses())[0]?.verified_by).toBe(demo.users.staff.id);
    expect(await accessibilityProblems(desk)).toEqual([]);
    await screenshots(desk, 'credentials-staff');
  });

  it('the appraiser sets where they work and a time off on a phone; a bad ZIP is refused and changes nothing', async () => {
    const phone = await signedIn(
      demo.users.appraiser.api_key,
      `/credentials/${demo.users.appraiser.id}`,
      true,
    );
    const section = phone.getByRole('region', { name: 'Coverage' });
    await section.getByText('Counties: none').waitFor(SOON);
    await section.getByRole('button', { name: 'Change coverage' }).click();
    const form = phone.getByRole('form', { name: 'Coverage' });
    await form.getByLabel('State').fill('TX');
    const counties = form.getByLabel('Counties', { exact: true });
    for (const name of ['Travis County', 'Williamson County']) {
      await counties.fill(name.split(' ')[0]!);
      await phone.getByRole('option', { name: `${name}, TX` }).click();
    }
    const zips = form.getByLabel('ZIP codes', { exact: true });
    await zips.fill('00000');
    await zips.press('Enter');
    await form.getByLabel('Home latitude').fill('30.2672');
    await form.getByLabel('Home longitude').fill('-97.7431');
    await form.getByLabel('Radius in miles').fill('40');
    await form.getByRole('button', { name: 'Keep this coverage' }).click();
    await form.getByText(/00000 is not a ZIP code in use/).waitFor(SOON);
    const stored = () =>
      t.db
        .selectFrom('appraiser_coverage')
        .select(['kind', 'code'])
        .where('appraiser_id', '=', demo.users.appraiser.id)
        .orderBy('code')
        .execute();
    expect(await stored()).toEqual([]);

    // Backspace in the empty box takes the last ZIP code back out.
    await zips.press('Backspace');
    await zips.fill('78610');
    await zips.press('Enter');
    await form.getByRole('button', { name: 'Keep this coverage' }).click();
    await section.getByText('Counties: Travis County, TX; Williamson County, TX').waitFor(SOON);
    await section.getByText('ZIP codes: 78610').waitFor();
    await section.getByText('Home: 30.2672, -97.7431 · orders within 40 miles').waitFor();
    expect(await stored()).toEqual([
      { kind: 'county', code: '48453' },
      { kind: 'county', code: '48491' },
      { kind: 'zip', code: '78610' },
    ]);

    const away = phone.getByRole('region', { name: 'Time off' });
    await away.getByRole('button', { name: 'Add time off' }).click();
    const timeOff = phone.getByRole('form', { name: 'Time off' });
    await timeOff.getByLabel('First day away').fill('2037-12-23');
    await timeOff.getByLabel('Last day away').fill('2037-12-20');
    await timeOff.getByRole('button', { name: 'Keep this time off' }).click();
    const last = timeOff.getByLabel('Last day away');
    await expect.poll(() => last.getAttribute('aria-invalid'), SOON).toBe('true');
    await last.fill('2038-01-02');
    await timeOff.getByLabel('Note').fill('Holidays');
    await timeOff.getByRole('button', { name: 'Keep this time off' }).click();
    await away.getByText('12/23/2037 to 01/02/2038 · Holidays').waitFor(SOON);
    await phone
      .getByRole('region', { name: 'Record of changes' })
      .getByText('Coverage changed')
      .waitFor(SOON);
    expect(await accessibilityProblems(phone)).toEqual([]);
    await screenshots(phone, 'credentials-coverage');
  });

  it('the appraiser uploads the E&O certificate on a phone: without its last valid day it is refused, then kept and opened', async () => {
    const phone = await signedIn(
      demo.users.appraiser.api_key,
      `/credentials/${demo.users.appraiser.id}`,
      true,
    );
    const documents = phone.getByRole('region', { name: 'Documents' });
    await documents.getByText('No document on file yet.').waitFor(SOON);
    await documents.getByRole('button', { name: 'Upload a document' }).click();
    const form = phone.getByRole('form', { name: 'Document' });
    const [chooser] = await Promise.all([
      phone.waitForEvent('filechooser'),
      form.getByRole('button', { name: 'File' }).tap(),
    ]);
    await chooser.setFiles({
      name: 'eo-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: REPORT_PDF.content,
    });
    await form.getByRole('button', { name: 'Upload' }).click();
    const lastDay = form.getByLabel('Last valid day');
    await expect.poll(() => lastDay.getAttribute('aria-invalid'), SOON).toBe('true');
    await form.getByText(/^The last valid day is required for an E&O certificate/).waitFor();
    expect(
      await t.db
        .selectFrom('appraiser_documents')
        .select('id')
        .where('appraiser_id', '=', demo.users.appraiser.id)
        .execute(),
    ).toEqual([]);
    await lastDay.fill('2037-06-30');
    await form.getByRole('button', { name: 'Upload' }).click();
    const certificate = documents.getByRole('listitem', { name: 'E&O certificate' });
    await certificate.getByText('Valid through 06/30/2037').waitFor(SOON);
    const link = certificate.getByRole('link', { name: /^eo-certificate\.pdf/ });
    const opened = await phone.request.get(`${base}${await link.getAttribute('href')}`);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect(await accessibilityProblems(phone)).toEqual([]);
    await screenshots(phone, 'credentials-documents');
  });
});
