import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { DEMO_PASSWORD as PASSWORD, useWebApp } from '../helpers/web-app.ts';

/**
 * The account page in a real Chromium, against a real service process: the profile, changing
 * the password (which signs out the user's other sessions), the email switches, and issuing,
 * copying and revoking an API key. Bad input on each form shows by its field and changes nothing.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
let base: string;
const NEW_PASSWORD = 'another long passphrase';
/** Answers that hash a password (scrypt) take a while on a busy machine. */
const SOON = { timeout: 10_000 };

beforeAll(() => {
  ({ demo, browser, base } = app);
});

async function signIn(context: BrowserContext, password: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(demo.users.client.email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/orders$/);
  return page;
}

const storedHash = async () =>
  (
    await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', demo.users.client.id)
      .executeTakeFirstOrThrow()
  ).password_hash;

const withKey = (key: string) =>
  fetch(`${base}/api/v1/orders`, { headers: { 'x-api-key': key } }).then((answer) => answer.status);

const keyCount = async () => {
  const answer = await fetch(`${base}/api/v1/api_keys`, {
    headers: { 'x-api-key': demo.users.client.api_key },
  });
  return ((await answer.json()) as unknown[]).length;
};

describe('the account page', () => {
  it('shows the profile, refuses bad input by the field, changes the password, and issues and revokes a key', async () => {
    // Another browser, signed in before the password changes.
    const elsewhere = await browser.newContext();
    const other = await signIn(elsewhere, PASSWORD);

    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await signIn(context, PASSWORD);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.getByRole('button', { name: 'Account of Casey Client' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL(/\/account$/);
    await expect.poll(() => page.title(), SOON).toBe('Account · Appraisal Orders');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByText(demo.users.client.email).waitFor();
    await profile.getByText('Lender (client)').waitFor();
    await page.getByRole('switch').first().waitFor();
    await page.getByRole('button', { name: 'Revoke demo' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'account');

    // Bad input on the password form: nothing changes, and the other session stays open.
    const current = page.getByLabel('Current password', { exact: true });
    const fresh = page.getByLabel(/^New password(?! again)/);
    const again = page.getByLabel(/^New password again/);
    const change = page.getByRole('button', { name: 'Change the password' });
    const hash = await storedHash();

    await current.fill('not the password');
    await fresh.fill(NEW_PASSWORD);
    await again.fill(NEW_PASSWORD);
    await change.click();
    await expect.poll(() => fieldMessage(current), SOON).toContain('The current password is not right');

    await current.fill(PASSWORD);
    await fresh.fill('too short');
    await again.fill('too short');
    await change.click();
    await expect.poll(() => fieldMessage(fresh), SOON).toContain('At least 12 characters');

    await fresh.fill(NEW_PASSWORD);
    await again.fill('not the same passphrase');
    await change.click();
    await expect.poll(() => fieldMessage(again), SOON).toContain('The two passwords differ');

    // The service's own rule, past the page's checks.
    await fresh.fill('abababababababab');
    await again.fill('abababababababab');
    await change.click();
    await expect
      .poll(() => fieldMessage(fresh), SOON)
      .toContain('The new password must not repeat a few characters');

    expect(await storedHash()).toBe(hash);
    expect((await elsewhere.request.get(`${base}/auth/session`)).status()).toBe(200);

    // An API key needs a name; without one, nothing is issued.
    const keysBefore = await keyCount();
    const keyName = page.getByLabel('Name of a new key');
    await page.getByRole('button', { name: 'Issue a key' }).click();
    await expect.poll(() => fieldMessage(keyName), SOON).toContain('Name the key');
    expect(await keyCount()).toBe(keysBefore);

    // The password changes; the other session ends.
    await fresh.fill(NEW_PASSWORD);
    await again.fill(NEW_PASSWORD);
    await change.click();
    await page
      .getByText('Every other session of yours (other browsers and devices) was signed out')
      .waitFor();
    await page.getByText('Password changed', { exact: true }).waitFor();
    expect(await storedHash()).not.toBe(hash);
    expect(await current.inputValue()).toBe('');

    // The other browser's next call answers 401, and it is back at sign-in, told why.
    const refused = other.waitForResponse(
      (answer) => answer.url().includes('/api/v1/') && answer.status() === 401,
    );
    await other.getByRole('button', { name: 'Account of Casey Client' }).click();
    await other.getByRole('menuitem', { name: 'Account' }).click();
    await refused;
    await other.waitForURL(/\/sign-in\?/);
    await other.getByText(/^Your session ended/).waitFor();
    await other.getByLabel('Email').fill(demo.users.client.email);
    await other.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForURL(/\/account$/);
    await elsewhere.close();

    // An email notice turned off, through its switch.
    const first = page.getByRole('switch').first();
    expect(await first.isChecked()).toBe(true);
    await first.click({ force: true });
    await page.getByText('Email turned off').waitFor();
    const settings = await fetch(`${base}/api/v1/me/notification_settings`, {
      headers: { 'x-api-key': demo.users.client.api_key },
    });
    expect(((await settings.json()) as { enabled: boolean }[])[0]!.enabled).toBe(false);

    // A key is issued, shown once, copied, and works.
    await keyName.fill('Loan origination system');
    await keyName.press('Enter');
    const secret = page.getByLabel('New key “Loan origination system”');
    await secret.waitFor();
    await page.getByText('Copy the key now: it will not be shown again').waitFor();
    await page.getByText('API key issued').waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    const key = await secret.inputValue();
    expect(String(await page.evaluate('navigator.clipboard.readText()'))).toBe(key);
    expect(await withKey(key)).toBe(200);
    expect(await keyCount()).toBe(keysBefore + 1);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'account-new-key');
    await page.getByRole('button', { name: 'I have kept it' }).click();
    expect(await secret.count()).toBe(0);

    // Revoking asks first: cancelled, the key still works; confirmed, it does not.
    const revoke = page.getByRole('button', { name: 'Revoke Loan origination system' });
    await revoke.click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “Loan origination system”?' });
    await dialog.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'account-revoke');
    // Focus starts on Cancel: Enter keeps the key.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent'), SOON).toBe('Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await withKey(key)).toBe(200);

    await revoke.click();
    await dialog.getByRole('button', { name: 'Revoke the key' }).click();
    await page.getByText('API key revoked').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByText(/^Revoked /)
      .first()
      .waitFor();
    expect(await revoke.count()).toBe(0);
    expect(await withKey(key)).toBe(401);
    expect(await withKey(demo.users.client.api_key)).toBe(200);
    await screenshots(page, 'account-revoked');

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
