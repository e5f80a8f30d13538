import { describe, expect, it } from 'vitest';
import { cancellationStage } from '../../src/ledger/cancellation.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';
import { payByCard } from '../helpers/payments.ts';

/**
 * Cancellation and trip fees by stage (docs/money.md, "Cancellations"): the lender is charged the
 * fee for the stage the work stood at instead of the order's fees, and the appraiser paid the
 * trip fee; a company with no line changes nothing.
 */
const t = useTestApp();
const world = useDemoWorld(t);

const api = (key: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });

async function product(): Promise<string> {
  const order = await placeOrder(t.app, t.db, world.demo);
  const row = await t.db
    .selectFrom('order_products')
    .select('product_id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return row.product_id;
}

async function money(orderId: string) {
  const order = await t.db
    .selectFrom('orders')
    .select(['total_fee_cents', 'paid_cents', 'credited_cents', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const invoice = await t.db
    .selectFrom('invoices')
    .select(['id', 'issued_on'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const payable = await t.db
    .selectFrom('payables as p')
    .innerJoin('payable_entries as e', 'e.payable_id', 'p.id')
    .select((eb) => eb.fn.sum<string>('e.amount_cents').as('owed'))
    .where('p.order_id', '=', orderId)
    .executeTakeFirst();
  return { ...order, invoice: invoice ?? null, owed: payable?.owed ?? null };
}

async function toScheduled(overrides: Record<string, unknown> = {}) {
  const { users } = world.demo;
  const order = await placeOrder(t.app, t.db, world.demo, overrides);
  await world.step(world.staff, order.id, 'assign', 'Pending assignment', {
    appraiser_id: users.appraiser.id,
  });
  await world.step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
  await world.step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
    inspection_scheduled_at: '2037-12-01T09:00',
  });
  return order;
}

describe('the stage of a cancellation', () => {
  it.each([
    ['Unassigned', null, 'before_assignment'],
    ['Pending assignment', null, 'before_assignment'],
    ['Assigned', null, 'assigned'],
    ['Inspection scheduled', null, 'inspection_scheduled'],
    ['In review', null, 'inspected'],
    ['Cancel requested', 'Inspection completed', 'inspected'],
    ['On hold', 'Assigned', 'assigned'],
  ] as const)('%s (from %s) is %s', (status, resume, stage) => {
    expect(cancellationStage(status, resume)).toBe(stage);
  });
});

describe('cancellation fees', () => {
  it('change nothing for a company that set none', async () => {
    const order = await toScheduled({ payment_method: 'invoice' });
    const before = await money(order.id);
    await world.step(world.staff, order.id, 'cancel', 'Cancelled', { reason: 'Deal fell through' });
    const after = await money(order.id);
    expect(after).toMatchObject({ total_fee_cents: before.total_fee_cents, invoice: null, owed: null });
  });

  it('refuse a bad schedule by its line, and keep nothing', async () => {
    const productId = await product();
    const company = `/companies/${world.demo.company_id}/cancellation_fees`;
    const line = { product_id: productId, stage: 'assigned', lender_fee: '75.00', appraiser_fee: '25.00' };
    for (const [entries, field] of [
      [[{ ...line, stage: 'before_assignment' }], 'entries[0].appraiser_fee'],
      [[line, line], 'entries[1].stage'],
      [[{ ...line, product_id: '00000000-0000-4000-8000-000000000000' }], 'entries[0].product_id'],
      [[{ ...line, client_id: '00000000-0000-4000-8000-000000000000' }], 'entries[0].client_id'],
      [[{ ...line, lender_fee: 'lots' }], 'entries[0].lender_fee'],
    ] as const) {
      const answer = await api(world.staff, 'PUT', company, { entries });
      expect(answer.statusCode, field).toBe(422);
      expect(JSON.stringify(answer.json()), field).toContain(field);
    }
    expect((await api(world.staff, 'GET', company)).json<{ entries: unknown[] }>().entries).toEqual([]);
    expect((await api(world.client, 'GET', company)).statusCode).toBe(403);
    expect((await api(world.appraiser, 'GET', company)).statusCode).toBe(403);
  });

  it('charge the lender the stage’s fee and pay the appraiser the trip fee, the client’s own line first', async () => {
    const productId = await product();
    const company = `/companies/${world.demo.company_id}/cancellation_fees`;
    const set = await api(world.staff, 'PUT', company, {
      entries: [
        {
          product_id: productId,
          stage: 'inspection_scheduled',
          lender_fee: '100.00',
          appraiser_fee: '50.00',
        },
        { product_id: productId, stage: 'inspected', lender_fee: '200.00', appraiser_fee: '100.00' },
        {
          client_id: world.demo.client_id,
          product_id: productId,
          stage: 'inspected',
          lender_fee: '250.00',
          appraiser_fee: '150.00',
        },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);

    // Before assignment: no line, so nothing is owed any more.
    const early = await placeOrder(t.app, t.db, world.demo, {
      payment_method: 'invoice',
      product_ids: [productId],
    });
    await world.step(world.staff, early.id, 'cancel', 'Cancelled');
    expect(await money(early.id)).toMatchObject({ total_fee_cents: '0', invoice: null, owed: null });

    // With the inspection scheduled: $100 to the lender on an invoice of its own, $50 to the appraiser.
    const scheduled = await toScheduled({ payment_method: 'invoice', product_ids: [productId] });
    await world.step(world.staff, scheduled.id, 'cancel', 'Cancelled', { reason: 'Borrower withdrew' });
    expect(await money(scheduled.id)).toMatchObject({
      total_fee_cents: '10000',
      invoice: { issued_on: 'cancellation' },
      owed: '5000',
    });

    // Asked to cancel after the inspection: the stage it paused from; the client's own line.
    const inspected = await world.toInspected({ payment_method: 'invoice', product_ids: [productId] });
    await world.step(world.client, inspected.id, 'request_cancel', 'Cancel requested', {
      reason: 'Rate lock expired',
    });
    await world.step(world.staff, inspected.id, 'cancel', 'Cancelled');
    expect(await money(inspected.id)).toMatchObject({ total_fee_cents: '25000', owed: '15000' });

    // Paid by card ahead, cancelled before assignment: the payment stays, and the lender is owed it back.
    const paidAhead = await placeOrder(t.app, t.db, world.demo, {
      payment_method: 'credit_card',
      product_ids: [productId],
    });
    expect(await payByCard(t.app, world.client, paidAhead.id)).toBe(200);
    const paid = (await money(paidAhead.id)).paid_cents;
    await world.step(world.staff, paidAhead.id, 'cancel', 'Cancelled');
    const refund = await money(paidAhead.id);
    expect(refund).toMatchObject({
      total_fee_cents: '0',
      paid_cents: paid,
      invoice: { issued_on: 'payment' },
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoices/${refund.invoice!.id}`,
      headers: { 'X-Api-Key': world.staff },
    });
    const { invoice, entries } = detail.json<{
      invoice: { balance: string };
      entries: { kind: string; reason: string | null }[];
    }>();
    expect(invoice.balance).toBe(`-${(Number(paid) / 100).toFixed(2)}`);
    expect(entries.map((e) => [e.kind, e.reason])).toContainEqual([
      'adjustment',
      'Cancellation fee (before assignment)',
    ]);
  });
});
