import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { runCli } from '../helpers/processes.ts';

/** A company's settings for a client: read and changed through the API and the CLI, and what they change. */
const t = useTestApp();
const world = useDemoWorld(t);

const settings = (
  key: string,
  method: 'GET' | 'PATCH' = 'GET',
  payload?: object,
  clientId = world.demo.client_id,
) =>
  t.app.inject({
    method,
    url: `/api/v1/clients/${clientId}/settings`,
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });

describe("a company's settings for a client", () => {
  it('staff admins turn client review on; completion then waits for the client', async () => {
    expect((await settings(world.staff)).json()).toEqual({
      client_id: world.demo.client_id,
      company_id: world.demo.company_id,
      client_review_required: false,
      payment_before_assignment: false,
      lender_requests_reviewed: true,
      messages_through_company: true,
      report_release_after_payment: false,
      eo_minimum_per_claim: null,
      payment_terms_days: 30,
      invoice_reminder_days: [],
    });
    const changed = await settings(world.staff, 'PATCH', { client_review_required: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().client_review_required).toBe(true);

    const order = await world.toInReview();
    await world.step(world.staff, order.id, 'request_completion', 'Client quality assurance');
    await world.step(world.client, order.id, 'approve_report', 'Completed');
    await settings(world.staff, 'PATCH', { client_review_required: false });
  });

  it('refuses non-admin staff, other companies, clients and bad values, and changes nothing', async () => {
    const before = (await settings(world.staff)).json();
    const plainStaff = await createUserWithKey(t.db, 'staff', { id: world.demo.company_id, name: '' });
    const other = await seedDemo(t.db);
    expect((await settings(plainStaff.key, 'PATCH', { client_review_required: true })).statusCode).toBe(403);
    expect((await settings(plainStaff.key)).statusCode).toBe(200);
    expect(
      (await settings(other.users.staff.api_key, 'PATCH', { client_review_required: true })).statusCode,
    ).toBe(404);
    expect((await settings(world.client, 'PATCH', { client_review_required: true })).statusCode).toBe(403);
    const bad = await settings(world.staff, 'PATCH', { client_review_required: 'perhaps' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details[0].field).toBe('client_review_required');
    const unknown = await settings(world.staff, 'PATCH', { review: true });
    expect(unknown.json().error.details).toEqual([{ field: 'review', message: 'is not a known field' }]);
    expect((await settings(world.staff, 'GET', undefined, 'not-an-id')).statusCode).toBe(404);
    for (const amount of ['0', '0.00', 'lots', '-5', '1.234']) {
      const refused = await settings(world.staff, 'PATCH', { eo_minimum_per_claim: amount });
      expect(refused.statusCode, String(amount)).toBe(422);
      expect(refused.json().error.details[0].field, String(amount)).toBe('eo_minimum_per_claim');
    }
    expect((await settings(world.staff)).json()).toEqual(before);
  });

  it("keep the lender's E&O minimum, as an amount, until cleared", async () => {
    const set = await settings(world.staff, 'PATCH', { eo_minimum_per_claim: '2,000,000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().eo_minimum_per_claim).toBe('2000000.00');
    expect((await settings(world.staff)).json().eo_minimum_per_claim).toBe('2000000.00');
    const cleared = await settings(world.staff, 'PATCH', { eo_minimum_per_claim: null });
    expect(cleared.json().eo_minimum_per_claim).toBeNull();
  });

  it('operators change them from the command line', async () => {
    const run = (...args: string[]) => runCli([...args, '--json'], { DATABASE_URL: t.url });
    const changed = await run(
      'clients',
      'settings',
      '--client',
      world.demo.client_id,
      '--payment-before-assignment',
      'true',
      '--messages-through-company',
      'false',
      '--eo-minimum-per-claim',
      '1500000',
    );
    expect(changed.code, changed.stderr).toBe(0);
    expect(JSON.parse(changed.stdout)).toMatchObject({
      success: true,
      settings: {
        company_id: world.demo.company_id,
        payment_before_assignment: true,
        messages_through_company: false,
        lender_requests_reviewed: true,
        eo_minimum_per_claim: '1500000.00',
      },
    });
    expect((await settings(world.staff)).json().payment_before_assignment).toBe(true);
    const bad = await run(
      'clients',
      'settings',
      '--client',
      world.demo.client_id,
      '--client-review-required',
      'maybe',
    );
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).error.details).toEqual([
      { field: '--client-review-required', message: 'must be true or false' },
    ]);
    const badAmount = await run(
      'clients',
      'settings',
      '--client',
      world.demo.client_id,
      '--eo-minimum-per-claim',
      'lots',
    );
    expect(badAmount.code).toBe(1);
    expect(JSON.parse(badAmount.stdout).error.details[0].field).toBe('eo_minimum_per_claim');
    await run(
      'clients',
      'settings',
      '--client',
      world.demo.client_id,
      '--payment-before-assignment',
      'false',
      '--messages-through-company',
      'true',
      '--eo-minimum-per-claim',
      'none',
    );
    expect((await settings(world.staff)).json()).toMatchObject({
      payment_before_assignment: false,
      messages_through_company: true,
      eo_minimum_per_claim: null,
    });
  });
});
