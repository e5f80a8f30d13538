import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * A company that charges its appraisers a fee per submitted report: the fee is charged to the
 * appraiser's card on file; a fee that cannot be charged holds the report in Submission fee
 * failed until the appraiser fixes the card and retries. The lender never sees this fee.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

const request = (key: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'X-Api-Key': key }, ...(payload ? { payload } : {}) });
const companySettings = () => `/api/v1/companies/${world.demo.company_id}/settings`;
const card = (number: string) => ({
  name: 'Avery Appraiser',
  number,
  exp_month: '12',
  exp_year: '2031',
  cvc: '123',
});

async function toInspected() {
  const order = await placeOrder(t.app, t.db, world.demo);
  await step(world.staff, order.id, 'assign', 'Pending assignment', {
    appraiser_id: world.demo.users.appraiser.id,
  });
  await step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
  await step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
    inspection_scheduled_at: '2037-12-01T09:00',
  });
  await step(world.appraiser, order.id, 'complete_inspection', 'Inspection completed');
  return order;
}

describe('submission fees', () => {
  it('company admins set the fee; others may not; bad amounts are refused', async () => {
    expect((await request(world.staff, 'GET', companySettings())).json()).toEqual({
      company_id: world.demo.company_id,
      submission_fee: null,
      payment_methods: ['payment_link', 'invoice', 'credit_card'],
    });
    const plain = await createUserWithKey(t.db, 'staff', { id: world.demo.company_id, name: '' });
    expect((await request(plain.key, 'PATCH', companySettings(), { submission_fee: '15' })).statusCode).toBe(
      403,
    );
    const bad = await request(world.staff, 'PATCH', companySettings(), { submission_fee: 'fifteen' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details[0].field).toBe('submission_fee');
    const set = await request(world.staff, 'PATCH', companySettings(), { submission_fee: '15' });
    expect(set.json().submission_fee).toBe('15.00');
  });

  it('holds a report whose fee cannot be charged until the card is fixed, then sends it to review', async () => {
    const order = await toInspected();
    await step(world.appraiser, order.id, 'request_submission', 'Submission fee failed');
    const history = (await request(world.staff, 'GET', `/api/v1/orders/${order.id}/history`)).json();
    expect(history.at(-1)).toMatchObject({
      action: 'submission_fee_failed',
      from: 'Submission requested',
      to: 'Submission fee failed',
      reason: expect.stringMatching(/No card on file/),
      details: { submission_fee: '15.00' },
    });
    // The report is kept: the files stay on the order.
    const files = (await request(world.staff, 'GET', `/api/v1/orders/${order.id}/files`)).json();
    expect(files.map((f: { file_type: { slug: string } }) => f.file_type.slug)).toContain('appraisal_pdf');

    const retry = () => act(t.app, world.appraiser, order.id, 'retry_submission_fee');
    const noCard = await retry();
    expect(noCard.statusCode).toBe(402);
    expect(noCard.json().error).toMatchObject({
      code: 'payment_declined',
      details: [{ field: 'payment_card' }],
    });

    const declining = await request(
      world.appraiser,
      'PUT',
      '/api/v1/me/payment_card',
      card('4000000000000002'),
    );
    expect(declining.statusCode, declining.body).toBe(200);
    expect(declining.json()).toMatchObject({ brand: 'Visa', last4: '0002', exp_month: 12, exp_year: 2031 });
    expect((await retry()).json().error.message).toMatch(/The card was declined/);
    expect((await request(world.staff, 'GET', `/api/v1/orders/${order.id}`)).json().status.name).toBe(
      'Submission fee failed',
    );

    await request(world.appraiser, 'PUT', '/api/v1/me/payment_card', card('4242 4242 4242 4242'));
    const paid = await retry();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status.name).toBe('In review');

    const charges = await t.db
      .selectFrom('submission_fees')
      .select(['status', 'amount_cents', 'card_last4'])
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .execute();
    expect(charges).toEqual([
      { status: 'declined', amount_cents: '1500', card_last4: null },
      { status: 'succeeded', amount_cents: '1500', card_last4: '4242' },
    ]);
    // The fee is the appraiser's business with the company: the lender's invoice does not show it.
    const summary = (await request(world.client, 'GET', `/api/v1/orders/${order.id}/payments`)).json();
    expect(JSON.stringify(summary)).not.toMatch(/15\.00/);
  });

  it('charges the card on file at submission when it works', async () => {
    const order = await toInspected();
    await step(world.appraiser, order.id, 'request_submission', 'In review');
    const last = (await request(world.staff, 'GET', `/api/v1/orders/${order.id}/history`)).json().at(-1);
    expect(last).toMatchObject({ action: 'submission_processed', to: 'In review' });
  });

  it('never stores a card number, and refuses a bad card naming each field', async () => {
    const stored = await t.db.selectFrom('payment_cards').selectAll().execute();
    expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|4000000000000002/);
    const bad = await request(world.appraiser, 'PUT', '/api/v1/me/payment_card', {
      name: '',
      number: '1234',
      exp_month: '13',
      exp_year: '2031',
      cvc: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      'name',
      'number',
      'exp_month',
      'cvc',
    ]);
    expect(
      (await request(world.client, 'PUT', '/api/v1/me/payment_card', card('4242424242424242'))).statusCode,
    ).toBe(403);
    expect((await request(world.appraiser, 'DELETE', '/api/v1/me/payment_card')).statusCode).toBe(200);
    expect((await request(world.appraiser, 'GET', '/api/v1/me/payment_card')).statusCode).toBe(404);
    await request(world.staff, 'PATCH', companySettings(), { submission_fee: null });
  });
});
