import { describe, expect, it } from 'vitest';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { seedDemoAppraiserCredentials } from '../../src/seed/demo-credentials.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { act, expectStep, placeOrder, statusOf, type StepArgs } from '../helpers/orders.ts';

/** The table's other branches: drafts, review, information requests, auto-assignment, payment holds. */
const t = useTestApp();
const world = useDemoWorld(t);
const { step, toInReview } = world;

describe('workflow branches', () => {
  it('a draft placed by the client waits for the company to accept it', async () => {
    const order = await placeOrder(t.app, t.db, world.demo, { draft: true });
    expect(order.status.name).toBe('Draft');
    await step(world.client, order.id, 'place', 'Pending');
    await step(world.staff, order.id, 'accept_order', 'Unassigned');
    const declined = await placeOrder(t.app, t.db, world.demo, { draft: true });
    await step(world.client, declined.id, 'place', 'Pending');
    await step(world.staff, declined.id, 'decline_order', 'Cancelled', { reason: 'Outside our area' });
    const byStaff = await placeOrder(t.app, t.db, world.demo, { draft: true });
    await step(world.staff, byStaff.id, 'place', 'Unassigned');
  });

  it('internal review sends the report back for action, and the appraiser resubmits', async () => {
    const order = await toInReview();
    await step(world.staff, order.id, 'start_review', 'Internal quality assurance');
    await step(world.staff, order.id, 'require_action', 'Action required', {
      reason: 'Comparable 3 is a foreclosure',
    });
    await step(world.appraiser, order.id, 'request_submission', 'In review');
    await step(world.staff, order.id, 'request_completion', 'Completed');
  });

  it('a client that requires review sees the report first', async () => {
    await t.db
      .updateTable('company_clients')
      .set({ client_review_required: true })
      .where('client_id', '=', world.demo.client_id)
      .execute();
    try {
      const order = await toInReview();
      await step(world.staff, order.id, 'request_completion', 'Client quality assurance');
      await step(world.client, order.id, 'approve_report', 'Completed');
    } finally {
      await t.db
        .updateTable('company_clients')
        .set({ client_review_required: false })
        .where('client_id', '=', world.demo.client_id)
        .execute();
    }
  });

  it('a balance due holds completion: payment link → Completion payment hold; card → Completion requested', async () => {
    const byLink = await toInReview({ payment_method: 'payment_link' });
    await step(world.staff, byLink.id, 'request_completion', 'Completion payment hold');
    const byCard = await toInReview({ payment_method: 'credit_card' });
    await step(world.staff, byCard.id, 'request_completion', 'Completion requested');
  });

  it('information requests, attention flags and denied cancellations return to the status before', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    await step(world.staff, order.id, 'request_info', 'Waiting info from client', {
      reason: 'Need the gate code',
    });
    await step(world.client, order.id, 'provide_info', 'Pending assignment', { comments: 'Gate code 1234' });
    await step(world.staff, order.id, 'flag_attention', 'Attention needed', { reason: 'Borrower complaint' });
    await step(world.client, order.id, 'request_cancel', 'Cancel requested');
    await step(world.staff, order.id, 'deny_cancel', 'Pending assignment', { reason: 'Report nearly done' });
    await step(world.client, order.id, 'hold', 'On hold');
    await step(world.staff, order.id, 'cancel', 'Cancelled');
  });

  it('staff open a negotiation on a working order; the client approves and the order goes on where it was', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    await step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
    await step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: '2037-12-01T09:00',
    });
    const missing = await act(t.app, world.staff, order.id, 'request_negotiation', {});
    expect(missing.statusCode).toBe(422);
    await step(world.staff, order.id, 'request_negotiation', 'Under negotiation', {
      fee: '999.99',
      due_date: '2038-02-01',
    });
    await step(world.client, order.id, 'approve_negotiation', 'Inspection scheduled');
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: { 'X-Api-Key': world.client },
      })
    ).json();
    expect(detail.total_fee).toBe('999.99');
    expect(detail.due_date).toBe('02/01/2038');
  });

  it('auto-assignment offers the order to the least busy qualified appraiser, or returns it when the panel is empty', async () => {
    const small = await seedDemo(t.db);
    const staff = small.users.staff.api_key;
    const step = (...args: StepArgs) => expectStep(t.app, staff, ...args);
    const quiet = await createUserWithKey(t.db, 'appraiser', { id: small.company_id, name: '' });
    // As qualified as the demo appraiser (licensed, insured, covering Austin), and less busy.
    await seedDemoAppraiserCredentials(t.db, quiet.id, small.users.staff.id, new Date());
    const busy = await placeOrder(t.app, t.db, small);
    await act(t.app, staff, busy.id, 'assign', { appraiser_id: small.users.appraiser.id, fee: '400' });
    const order = await placeOrder(t.app, t.db, small);
    await step(staff, order.id, 'auto_assign', 'Auto assign processing');
    await new WorkflowTimers(t.db, t.config).runOnce();
    expect(await statusOf(t.app, staff, order.id)).toBe('Pending assignment');
    const offered = await t.db
      .selectFrom('orders')
      .select(['appraiser_id', 'offer_expires_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(offered.appraiser_id).toBe(quiet.id);
    expect(offered.offer_expires_at!.getTime()).toBeGreaterThan(Date.now());

    // Turned down, the order is never offered to them again by the service, least busy or not.
    await step(quiet.key, order.id, 'reject_assignment', 'Assignment rejected', {
      reason: 'Conflict of interest',
    });
    await step(staff, order.id, 'auto_assign', 'Auto assign processing');
    await new WorkflowTimers(t.db, t.config).runOnce();
    const reoffered = await t.db
      .selectFrom('orders')
      .select('appraiser_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(reoffered.appraiser_id).toBe(small.users.appraiser.id);

    const lonely = await seedDemo(t.db);
    await t.db
      .deleteFrom('users')
      .where('organization_id', '=', lonely.company_id)
      .where('role', '=', 'appraiser')
      .execute();
    const orphan = await placeOrder(t.app, t.db, lonely);
    await act(t.app, lonely.users.staff.api_key, orphan.id, 'auto_assign');
    await new WorkflowTimers(t.db, t.config).runOnce();
    expect(await statusOf(t.app, lonely.users.staff.api_key, orphan.id)).toBe('Unassigned');
  });

  it('bidding precedes an assignment; upfront payment is requested before work starts', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'start_bidding', 'Bidding');
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    const upfront = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, upfront.id, 'request_payment', 'Waiting payment');
  });
});

describe('GET /api/v1/appraisers', () => {
  it('lists the company panel with open orders, for staff only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/appraisers',
      headers: { 'X-Api-Key': world.staff },
    });
    expect(response.statusCode).toBe(200);
    const panel = response.json();
    expect(panel.map((a: { id: string }) => a.id)).toContain(world.demo.users.appraiser.id);
    for (const a of panel)
      expect(Object.keys(a).sort()).toEqual(['company_id', 'email', 'id', 'name', 'open_orders']);
    expect(panel.every((a: { company_id: string }) => a.company_id === world.demo.company_id)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/appraisers',
          headers: { 'X-Api-Key': world.client },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/appraisers',
          headers: { 'X-Api-Key': world.appraiser },
        })
      ).statusCode,
    ).toBe(403);
  });
});
