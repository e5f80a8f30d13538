import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoWorld } from '../../src/seed/demo.ts';
import { accessibilityProblems, fieldMessage, screenshots } from '../helpers/browser.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { singleSignOnToken, useWebApp } from '../helpers/web-app.ts';

/**
 * How an appraisal company's admin sets up the way it works with a client, in a real Chromium
 * against a real service process: the client's settings (messages between the client and the
 * appraiser through the company, off and on again), which of the client's orders its users see,
 * and a client user's branch, after the service refuses a branch removed meanwhile.
 */
const t = useTestDatabase();
const app = useWebApp(t);
let demo: DemoWorld;
let browser: Browser;
let base: string;
let clientName: string;
let mainBranchId: string;
const SOON = { timeout: 15_000 };

beforeAll(async () => {
  ({ demo, browser, base } = app);
  const client = await t.db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', demo.client_id)
    .executeTakeFirstOrThrow();
  clientName = client.name;
  const main = await t.db
    .selectFrom('branches')
    .select('id')
    .where('client_id', '=', demo.client_id)
    .executeTakeFirstOrThrow();
  mainBranchId = main.id;
});

async function signInAsStaffAdmin(where: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const jwt = await singleSignOnToken(base, demo.users.staff.api_key);
  await page.goto(`${base}/sso?token=${jwt}&return_to=${encodeURIComponent(where)}`);
  return page;
}

/** What the API answers the staff admin's key (what the page saved, as an integrator reads it). */
async function asStaff<T>(path: string): Promise<T> {
  const answer = await fetch(`${base}${path}`, { headers: { 'x-api-key': demo.users.staff.api_key } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as T;
}

const checked = async (page: Page, name: string) => {
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshots(page, name);
};

describe("a client's access, as the company's admin sets it", () => {
  it('turns messages through the company off and on, and shows the client only their own orders', async () => {
    const page = await signInAsStaffAdmin('/admin');
    await page.getByRole('button', { name: `Settings for ${clientName}` }).click();
    const settings = page.getByRole('dialog', { name: `Settings for ${clientName}` });
    const throughUs = settings.getByRole('switch', {
      name: 'The client and the appraiser write to each other only through your company',
    });
    await throughUs.waitFor({ state: 'attached', ...SOON });
    // The defaults: requests and messages go through the company, reports are not held for payment.
    expect(await throughUs.isChecked()).toBe(true);
    expect(
      await settings
        .getByRole('switch', { name: 'Revision and reconsideration requests come to your company first' })
        .isChecked(),
    ).toBe(true);
    expect(
      await settings
        .getByRole('switch', { name: 'The client gets the report only once the order is paid' })
        .isChecked(),
    ).toBe(false);
    const everyOrder = settings.getByRole('radio', { name: 'Every order of the client' });
    await everyOrder.waitFor({ state: 'attached', ...SOON });
    expect(await everyOrder.isChecked()).toBe(true);
    await checked(page, 'admin-client-access');

    const settingsNow = () =>
      asStaff<{ messages_through_company: boolean }>(`/api/v1/clients/${demo.client_id}/settings`);
    await throughUs.click();
    await page
      .getByText('The client and the appraiser may now write to everyone on the order.')
      .waitFor(SOON);
    expect(await throughUs.isChecked()).toBe(false);
    expect((await settingsNow()).messages_through_company).toBe(false);

    await throughUs.click();
    await page
      .getByText('Notes and files between the client and the appraiser now go through your company.')
      .waitFor(SOON);
    expect(await throughUs.isChecked()).toBe(true);
    expect((await settingsNow()).messages_through_company).toBe(true);

    await settings.getByRole('radio', { name: 'Only their own orders' }).click();
    await page.getByText("The client's users now see only their own orders.").waitFor(SOON);
    expect(await settings.getByRole('radio', { name: 'Only their own orders' }).isChecked()).toBe(true);
    const access = await asStaff<{ order_visibility: string }>(`/api/v1/clients/${demo.client_id}/access`);
    expect(access.order_visibility).toBe('own');
    await checked(page, 'admin-client-access-own');
  }, 120_000);

  it('gives a client user a branch, after the service refuses one removed meanwhile', async () => {
    const harbor = await t.db
      .insertInto('branches')
      .values({ client_id: demo.client_id, name: 'Harbor Branch' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const page = await signInAsStaffAdmin('/admin?tab=users');
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /Lou Officer/ });
    await row.getByText('No branch').waitFor(SOON);
    await checked(page, 'admin-users-no-branch');

    await row.getByRole('button', { name: 'Change Lou Officer' }).click();
    await page.getByRole('menuitem', { name: 'Change branch…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Branch of Lou Officer' });
    const branch = dialog
      .getByRole('textbox', { name: 'Branch', exact: true })
      .or(dialog.getByRole('combobox', { name: 'Branch', exact: true }));
    await branch.click();
    await page.getByRole('option', { name: 'Harbor Branch' }).click();
    // Another admin removes the branch before this one saves.
    await t.db.deleteFrom('branches').where('id', '=', harbor.id).execute();
    await dialog.getByRole('button', { name: 'Save branch' }).click();
    await expect.poll(() => branch.getAttribute('aria-invalid'), SOON).toBe('true');
    expect(await fieldMessage(branch)).toContain("The branch is not one of the client's branches");
    const stored = () =>
      t.db
        .selectFrom('users')
        .select('branch_id')
        .where('email', 'like', 'lou.officer+%')
        .executeTakeFirstOrThrow();
    expect((await stored()).branch_id).toBeNull();
    await checked(page, 'admin-user-branch-refused');

    // The list now offers what is there: the removed branch has gone.
    await branch.click();
    await page.getByRole('option', { name: 'Main Street Branch' }).waitFor(SOON);
    expect(await page.getByRole('option', { name: 'Harbor Branch' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Main Street Branch' }).click();
    await dialog.getByRole('button', { name: 'Save branch' }).click();
    await page.getByText('Lou Officer now belongs to Main Street Branch.').waitFor(SOON);
    await row.getByText('Branch: Main Street Branch').waitFor(SOON);
    expect((await stored()).branch_id).toBe(mainBranchId);
    const listed =
      await asStaff<{ name: string; branch: { id: string; name: string } | null }[]>('/api/v1/users');
    expect(listed.find((user) => user.name === 'Lou Officer')?.branch).toEqual({
      id: mainBranchId,
      name: 'Main Street Branch',
    });
    await checked(page, 'admin-users-branches');
  }, 120_000);
});
