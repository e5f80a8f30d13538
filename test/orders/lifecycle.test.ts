import { describe, expect, it } from 'vitest';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { act, placeOrder, statusOf } from '../helpers/orders.ts';

const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

const history = async (orderId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/history`,
      headers: { 'X-Api-Key': world.client },
    })
  ).json<
    { action: string; from: string | null; to: string; by: { id: string } | null; reason: string | null }[]
  >();

describe('the life of an order, with the demo roles', () => {
  it('create → assign → accept → schedule → complete inspection → submit → complete → fulfill', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    expect(order.status.name).toBe('Unassigned');
    expect(order.allowed_transitions).toEqual(expect.arrayContaining(['hold', 'request_cancel']));
    const asStaff = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: { 'X-Api-Key': world.staff },
    });
    expect(asStaff.json().allowed_transitions).toEqual(expect.arrayContaining(['assign', 'hold', 'cancel']));

    await step(
      world.staff,
      order.id,
      'assign',
      'Pending assignment',
      { appraiser_id: world.demo.users.appraiser.id, fee: '300.00', due_date: '2037-12-10' },
      'form',
    );
    await step(world.appraiser, order.id, 'accept_assignment', 'Assigned', {}, 'form');
    await step(
      world.appraiser,
      order.id,
      'schedule_inspection',
      'Inspection scheduled',
      { inspection_scheduled_at: '2037-12-01T10:00:00-06:00' },
      'form',
    );
    await step(world.appraiser, order.id, 'complete_inspection', 'Inspection completed');
    await step(world.appraiser, order.id, 'request_submission', 'In review');
    await step(world.staff, order.id, 'request_completion', 'Completed');
    await step(world.client, order.id, 'fulfill', 'Fulfilled');

    const steps = await history(order.id);
    expect(steps.map((s) => `${s.action}:${s.to}`)).toEqual([
      'create:Unassigned',
      'assign:Pending assignment',
      'accept_assignment:Assigned',
      'schedule_inspection:Inspection scheduled',
      'complete_inspection:Inspection completed',
      'request_submission:Submission requested',
      'submission_processed:In review',
      'request_completion:Completed',
      'release_report:Completed',
      'fulfill:Fulfilled',
    ]);
    // The offer is between the company and the appraiser: the lender sees the move, not who made it.
    expect(steps[1]!.by).toBeNull();
    expect(steps[3]!.by!.id).toBe(world.demo.users.appraiser.id);
  });

  it('reject and reassign; an unanswered offer times out', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    await step(world.appraiser, order.id, 'reject_assignment', 'Assignment rejected', {
      reason: 'Too far away',
    });
    // The appraiser no longer sees the order.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/${order.id}`,
          headers: { 'X-Api-Key': world.appraiser },
        })
      ).statusCode,
    ).toBe(404);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });

    await t.db
      .updateTable('orders')
      .set({ offer_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', order.id)
      .execute();
    expect(await new WorkflowTimers(t.db, t.config).runOnce()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(t.app, world.staff, order.id)).toBe('Assignment timed out');
    const last = (await history(order.id)).at(-1)!;
    expect(last).toMatchObject({ action: 'offer_timeout', to: 'Assignment timed out', by: null });
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
  });

  it('accept with a fee condition → approve → Under negotiation → client approves: total_fee changes', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const before = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: { 'X-Api-Key': world.client },
      })
    ).json();
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
      fee: '300',
    });
    await step(
      world.appraiser,
      order.id,
      'accept_assignment',
      'Assignment accepted with condition',
      { fee_condition: '375.50', comments: 'Rural property' },
      'form',
    );
    // Staff pass the appraiser's increase on to the client, who decides.
    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation', {
      client_total_fee: (Number(before.total_fee) + 75.5).toFixed(2),
    });
    await step(world.client, order.id, 'approve_negotiation', 'Assigned');
    const after = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order.id}`,
        headers: { 'X-Api-Key': world.client },
      })
    ).json();
    expect(Number(after.total_fee) - Number(before.total_fee)).toBeCloseTo(75.5, 2);
    expect(after.total_fee).toMatch(/^\d+\.\d{2}$/);
  });

  it('accept with a condition the client refuses → Refused negotiation → reassign', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
      fee: '300',
    });
    await step(world.appraiser, order.id, 'accept_assignment', 'Assignment accepted with condition', {
      due_date_condition: '2038-01-30',
    });
    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation');
    await step(world.client, order.id, 'refuse_negotiation', 'Refused negotiation');
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
  });

  it('a condition that changes nothing for the client is simply approved; a rejected condition frees the order', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
      fee: '300',
    });
    await step(world.appraiser, order.id, 'accept_assignment', 'Assignment accepted with condition', {
      comments: 'Key under the mat?',
    });
    await step(world.staff, order.id, 'approve_assignment_condition', 'Assigned');
    const other = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, other.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
      fee: '300',
    });
    await step(world.appraiser, other.id, 'accept_assignment', 'Assignment accepted with condition', {
      fee_condition: '900',
    });
    await step(world.staff, other.id, 'reject_assignment_condition', 'Assignment rejected');
  });

  it('hold and resume; request_cancel and cancel', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    await step(world.client, order.id, 'hold', 'On hold', { reason: 'Borrower travelling' }, 'form');
    await step(world.staff, order.id, 'resume', 'Pending assignment');
    await step(world.client, order.id, 'request_cancel', 'Cancel requested', { reason: 'Loan withdrawn' });
    await step(world.staff, order.id, 'cancel', 'Cancelled');
    expect((await history(order.id)).find((h) => h.action === 'hold')!.reason).toBe('Borrower travelling');
  });

  it('revision and reconsideration of value go back to Client request; the company forwards or answers them, and the appraiser resubmits', async () => {
    const order = await world.toInReview();
    await step(
      world.client,
      order.id,
      'request_revision',
      'Client request',
      { comments: 'Add the garage to the sketch' },
      'form',
    );
    // The request waits for the company's review: not the appraiser's to answer yet.
    expect((await act(t.app, world.appraiser, order.id, 'request_submission')).statusCode).toBe(409);
    await step(world.staff, order.id, 'forward_request', 'Action required', {
      comments: 'Please add the detached garage to the sketch.',
    });
    await step(world.appraiser, order.id, 'request_submission', 'In review');
    await step(world.staff, order.id, 'request_completion', 'Completed');
    await step(
      world.client,
      order.id,
      'request_reconsideration_of_value',
      'Client request',
      {
        reason: 'alternate_closed_sales',
        summary: 'Three closer sales support a higher value',
        supporting_data: '12 Oak St sold 11/01 for 445,000',
      },
      'form',
    );
    // The company answers it itself: the order goes back to where it was, its report unchanged.
    await step(world.staff, order.id, 'answer_request', 'Completed', {
      comments: 'The sales named closed after the effective date of the appraisal.',
    });
  });

  it('a request goes straight to the appraiser where the company does not review them', async () => {
    const order = await world.toInReview();
    await t.db
      .updateTable('company_clients')
      .set({ lender_requests_reviewed: false })
      .where('client_id', '=', world.demo.client_id)
      .execute();
    try {
      await step(world.client, order.id, 'request_revision', 'Client request', {
        comments: 'Add the garage to the sketch',
      });
      await step(world.appraiser, order.id, 'request_submission', 'In review');
    } finally {
      await t.db
        .updateTable('company_clients')
        .set({ lender_requests_reviewed: true })
        .where('client_id', '=', world.demo.client_id)
        .execute();
    }
  });
});
