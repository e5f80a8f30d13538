import { describe, expect, it } from 'vitest';
import { sandboxProvider } from '../../src/cards/card-processor.ts';
import { createTimers } from '../../src/workers.ts';
import { useTestApp } from '../helpers/app.ts';
import { payByCard as payCard } from '../helpers/payments.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder, statusOf } from '../helpers/orders.ts';

/**
 * A client that pays before assignment: its new orders wait in Waiting payment, go on once
 * the balance is paid (or staff waive it), and cannot be assigned before. Invoiced orders and
 * drafts follow their own path.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

const settings = (payment_before_assignment: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/clients/${world.demo.client_id}/settings`,
    headers: { 'X-Api-Key': world.staff },
    payload: { payment_before_assignment },
  });

const payByCard = (orderId: string, number?: string) => payCard(t.app, world.client, orderId, number);

describe('paying before assignment', () => {
  it('keeps a new order in Waiting payment until it is paid, then lets staff assign it', async () => {
    expect((await settings(true)).statusCode).toBe(200);
    const order = await placeOrder(t.app, t.db, world.demo, { payment_method: 'payment_link' });
    expect(order.status.name).toBe('Waiting payment');
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}/history`,
        headers: { 'X-Api-Key': world.staff },
      })
    ).json();
    expect(history.map((h: { action: string; to: string }) => `${h.action}:${h.to}`)).toEqual([
      'create:Unassigned',
      'payment_required:Waiting payment',
    ]);
    const staffView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: { 'X-Api-Key': world.staff },
    });
    expect(staffView.json().allowed_transitions).not.toContain('assign');
    expect(staffView.json().allowed_transitions).toContain('waive_payment');

    expect(await payByCard(order.id)).toBe(200);
    expect(await statusOf(t.app, world.staff, order.id)).toBe('Unassigned');
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
  });

  it("waits in Pending payment while the card's bank confirms, then goes on or back to Waiting payment", async () => {
    const timers = createTimers(t.db, t.config, sandboxProvider);
    const confirmed = await placeOrder(t.app, t.db, world.demo, { payment_method: 'payment_link' });
    const declined = await placeOrder(t.app, t.db, world.demo, { payment_method: 'payment_link' });
    expect(await payByCard(confirmed.id, '4000000000000077')).toBe(202);
    expect(await payByCard(declined.id, '4000000000000085')).toBe(202);
    expect(await statusOf(t.app, world.staff, confirmed.id)).toBe('Pending payment');
    expect(await statusOf(t.app, world.staff, declined.id)).toBe('Pending payment');
    // A second payment while one awaits its bank would pay twice: nothing is due meanwhile.
    expect(await payByCard(confirmed.id)).toBe(409);

    await timers.runOnce();
    expect(await statusOf(t.app, world.staff, confirmed.id)).toBe('Unassigned');
    expect(await statusOf(t.app, world.staff, declined.id)).toBe('Waiting payment');
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${declined.id}/history`,
        headers: { 'X-Api-Key': world.client },
      })
    ).json();
    expect(history.at(-1)).toMatchObject({
      action: 'payment_failed',
      from: 'Pending payment',
      to: 'Waiting payment',
      details: { reason: "The card's bank declined the payment" },
    });
    const summary = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${confirmed.id}/payments`,
        headers: { 'X-Api-Key': world.client },
      })
    ).json();
    expect(summary.balance).toBe('$0.00');
    expect(summary.payments).toHaveLength(1);
    expect(await payByCard(declined.id)).toBe(200);
    expect(await statusOf(t.app, world.staff, declined.id)).toBe('Unassigned');
  });

  it('lets staff waive the payment, and leaves invoiced orders and drafts alone until placed', async () => {
    const waived = await placeOrder(t.app, t.db, world.demo, { payment_method: 'credit_card' });
    expect(waived.status.name).toBe('Waiting payment');
    await step(world.staff, waived.id, 'waive_payment', 'Unassigned', { reason: 'Paid by check' });

    const invoiced = await placeOrder(t.app, t.db, world.demo, { payment_method: 'invoice' });
    expect(invoiced.status.name).toBe('Unassigned');

    const draft = await placeOrder(t.app, t.db, world.demo, { payment_method: 'payment_link', draft: true });
    expect(draft.status.name).toBe('Draft');
    await step(world.client, draft.id, 'place', 'Pending');
    await step(world.staff, draft.id, 'accept_order', 'Waiting payment');
    expect((await settings(false)).statusCode).toBe(200);
    const free = await placeOrder(t.app, t.db, world.demo, { payment_method: 'payment_link' });
    expect(free.status.name).toBe('Unassigned');
  });
});
