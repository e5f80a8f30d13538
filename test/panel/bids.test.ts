import { describe, expect, it } from 'vitest';
import { seedDemoAppraiserCredentials } from '../../src/seed/demo-credentials.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey, type UserWithKey } from '../helpers/factories.ts';
import { act, placeOrder } from '../helpers/orders.ts';
import type { BidRoundView } from '../../src/orders/bid.schemas.ts';

/**
 * Broadcast offers and bids (docs/assignment.md, "Broadcast and bids"): the engine's first
 * choices are invited; of twenty appraisers accepting at once exactly one takes the order; bids
 * name what the round leaves open, staff award one, the others are told; answers after the
 * deadline or after the award are refused and change nothing.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });

/** An appraiser of the demo company, qualified as the demo appraiser is (Austin metro). */
async function qualified(demo: DemoWorld): Promise<UserWithKey> {
  const appraiser = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
  await seedDemoAppraiserCredentials(t.db, appraiser.id, demo.users.staff.id, new Date());
  return appraiser;
}

const inject = async (method: 'GET' | 'POST', url: string, key: string, payload?: unknown) => {
  const response = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { 'X-Api-Key': key, ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  return { status: response.statusCode, body: response.json() };
};
const orderRow = (id: string) =>
  t.db
    .selectFrom('orders')
    .select(['status', 'appraiser_id', 'appraiser_fee_cents', 'vendor_due_date'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const roundsOf = async (demo: DemoWorld, orderId: string) => {
  const answer = await inject('GET', `orders/${orderId}/bid_requests`, demo.users.staff.api_key);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as [BidRoundView, ...BidRoundView[]];
};
const emailsAbout = (orderId: string, topic: string) =>
  t.db
    .selectFrom('outbox_messages')
    .select('payload')
    .where('order_id', '=', orderId)
    .where('topic', '=', topic)
    .execute();

describe('a broadcast', () => {
  it('is offered to the first 20 choices; of 20 accepting at once exactly one takes the order', async () => {
    const demo = await seedDemo(t.db);
    const panel = await Promise.all(Array.from({ length: 20 }, () => qualified(demo)));
    const order = await placeOrder(t.app, t.db, demo);
    const started = await act(t.app, demo.users.staff.api_key, order.id, 'start_bidding', {
      mode: 'broadcast',
      appraisers: '20',
    });
    expect(started.statusCode, started.body).toBe(200);
    const [round] = await roundsOf(demo, order.id);
    expect(round).toMatchObject({ mode: 'broadcast', status: 'open', fee: null, due_date_locked: true });
    expect(round.invited).toHaveLength(20);
    expect(round.invited.map((invitation: { rank: number }) => invitation.rank)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect((await emailsAbout(order.id, 'bid_invitation')).length).toBe(20);

    const people = [{ id: demo.users.appraiser.id, key: demo.users.appraiser.api_key }, ...panel];
    const invitedIds = round.invited.map((invitation: { appraiser_id: string }) => invitation.appraiser_id);
    const others = people.filter((appraiser) => invitedIds.includes(appraiser.id));
    expect(others).toHaveLength(20);
    const keys = others.map((appraiser) => appraiser.key);
    const answers = await Promise.all(
      keys.map((key) => inject('POST', `bid_requests/${round.id}/bids`, key, {})),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body).toMatchObject({ status: 'won', won: true, fee: '285.00' });
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.body.error.message).toBe('The order went to another appraiser');

    const winner = others[answers.findIndex((answer) => answer.status === 200)]!;
    expect(await orderRow(order.id)).toMatchObject({
      status: 'Assigned',
      appraiser_id: winner.id,
      appraiser_fee_cents: '28500',
    });
    expect((await emailsAbout(order.id, 'bid_closed')).length).toBe(19);
    const [closed] = await roundsOf(demo, order.id);
    expect(closed.status).toBe('awarded');
  });
});

describe('bids', () => {
  it('are placed on what the round leaves open, read by staff, and one is awarded: the others are told', async () => {
    const demo = await seedDemo(t.db);
    const [first, second, third] = [await qualified(demo), await qualified(demo), await qualified(demo)];
    const order = await placeOrder(t.app, t.db, demo);
    const started = await act(t.app, demo.users.staff.api_key, order.id, 'start_bidding', {
      appraisers: '3',
      min_bidders: '2',
      deadline: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(started.statusCode, started.body).toBe(200);
    const [round] = await roundsOf(demo, order.id);
    expect(round).toMatchObject({ mode: 'bids', fee_locked: false, due_date_locked: false, max_bidders: 3 });
    const invitedIds = round.invited.map((invitation: { appraiser_id: string }) => invitation.appraiser_id);
    const invitedKeys = [
      { id: demo.users.appraiser.id, key: demo.users.appraiser.api_key },
      first,
      second,
      third,
    ]
      .filter((appraiser) => invitedIds.includes(appraiser.id))
      .map((appraiser) => appraiser.key);
    expect(invitedKeys).toHaveLength(3);
    const [a, b, c] = invitedKeys as [string, string, string];

    // The appraiser's own list: the round, open, with the fee to start from.
    const mine = await inject('GET', 'me/bid_requests', a);
    expect(mine.status).toBe(200);
    expect(mine.body[0]).toMatchObject({
      id: round.id,
      mode: 'bids',
      open: true,
      fee: '285.00',
      fee_locked: false,
      order: { id: order.id, state: 'TX', zip: '78701' },
      my_bid: null,
    });
    expect(JSON.stringify(mine.body)).not.toContain('total_fee');

    const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const path = `bid_requests/${round.id}/bids`;
    const missing = await inject('POST', path, a, { due_date: due });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details).toEqual([{ field: 'fee', message: 'is required: the fee you ask' }]);
    const past = await inject('POST', path, a, { fee: '300', due_date: '2020-01-01T12:00' });
    expect(past.status).toBe(422);
    expect(past.body.error.details[0].field).toBe('due_date');
    const garbage = await inject('POST', path, a, { fee: 'lots', due_date: due });
    expect(garbage.status).toBe(422);
    expect(garbage.body.error.details[0].field).toBe('fee');
    expect((await roundsOf(demo, order.id))[0].invited.every((i: { bid: unknown }) => i.bid === null)).toBe(
      true,
    );

    expect((await inject('POST', path, a, { fee: '320.00', due_date: due })).status).toBe(200);
    const changed = await inject('POST', path, a, {
      fee: '310.00',
      due_date: due,
      comment: 'Can inspect Monday',
    });
    expect(changed.body).toMatchObject({ status: 'placed', won: false, fee: '310.00' });
    const bBid = await inject('POST', path, b, { fee: '295.00', due_date: due });
    expect(bBid.status).toBe(200);
    const outsider = await qualified(demo);
    expect((await inject('POST', path, outsider.key, { fee: '200', due_date: due })).status).toBe(404);
    expect((await inject('POST', path, demo.users.staff.api_key, { fee: '200', due_date: due })).status).toBe(
      403,
    );

    const [withBids] = await roundsOf(demo, order.id);
    const bids = withBids.invited.flatMap((invitation) => (invitation.bid ? [invitation.bid.fee] : []));
    expect(bids.sort()).toEqual(['295.00', '310.00']);
    expect((await inject('GET', `orders/${order.id}/bid_requests`, demo.users.client.api_key)).status).toBe(
      403,
    );

    // A bid of another round is not this order's to award.
    const wrong = await act(t.app, demo.users.staff.api_key, order.id, 'award_bid', { bid_id: round.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.details[0].field).toBe('bid_id');
    const award = await act(t.app, demo.users.staff.api_key, order.id, 'award_bid', {
      bid_id: bBid.body.bid_id,
    });
    expect(award.statusCode, award.body).toBe(200);
    const assigned = await orderRow(order.id);
    expect(assigned).toMatchObject({ status: 'Assigned', appraiser_fee_cents: '29500' });
    expect(assigned.vendor_due_date?.toISOString()).toBe(due);
    const [awarded] = await roundsOf(demo, order.id);
    expect(awarded.status).toBe('awarded');
    expect(
      awarded.invited.map((i: { bid: { status: string } | null }) => i.bid?.status ?? null).sort(),
    ).toEqual(['lost', 'won', null].sort());
    expect((await emailsAbout(order.id, 'bid_closed')).length).toBe(2);

    const late = await inject('POST', path, c, { fee: '250.00', due_date: due });
    expect(late.status).toBe(409);
    expect((await inject('GET', 'me/bid_requests', a)).body[0]).toMatchObject({
      open: false,
      my_bid: { fee: '310.00', status: 'lost', comment: 'Can inspect Monday' },
    });
  });

  it('after the deadline are refused and change nothing; a locked fee is not the bidder’s', async () => {
    const demo = await seedDemo(t.db);
    const order = await placeOrder(t.app, t.db, demo);
    const started = await act(t.app, demo.users.staff.api_key, order.id, 'start_bidding', {
      appraisers: '1',
      fee: '300',
      fee_locked: 'true',
    });
    expect(started.statusCode, started.body).toBe(200);
    const [round] = await roundsOf(demo, order.id);
    expect(round).toMatchObject({ fee: '300.00', fee_locked: true });
    const path = `bid_requests/${round.id}/bids`;
    const due = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const locked = await inject('POST', path, demo.users.appraiser.api_key, { fee: '350', due_date: due });
    expect(locked.status).toBe(422);
    expect(locked.body.error.details).toEqual([
      { field: 'fee', message: 'is locked at 300.00: leave it out' },
    ]);

    await t.db
      .updateTable('bid_requests')
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where('id', '=', round.id)
      .execute();
    const late = await inject('POST', path, demo.users.appraiser.api_key, { due_date: due });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/^The deadline passed at .*: answers are no longer taken$/);
    const [after] = await roundsOf(demo, order.id);
    expect(after.invited.map((invitation) => invitation.bid)).toEqual([null]);
    expect((await orderRow(order.id)).status).toBe('Bidding');
  });

  it('are not opened with fewer appraisers than asked for, nor with bad terms: 422 naming the field, nothing changed', async () => {
    const demo = await seedDemo(t.db);
    const order = await placeOrder(t.app, t.db, demo);
    const refusals: [Record<string, string>, string][] = [
      [{ min_bidders: '3', appraisers: '5' }, 'min_bidders'],
      [{ min_bidders: '4', appraisers: '2' }, 'min_bidders'],
      [{ fee_locked: 'true' }, 'fee'],
      [{ deadline: '2020-01-01T10:00' }, 'deadline'],
      [{ mode: 'auction' }, 'mode'],
      [{ appraisers: '0' }, 'appraisers'],
    ];
    for (const [body, field] of refusals) {
      const answer = await act(t.app, demo.users.staff.api_key, order.id, 'start_bidding', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(answer.json().error.details[0].field, JSON.stringify(body)).toBe(field);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'Unassigned' });
    expect(await roundsOf(demo, order.id)).toEqual([]);
    const lender = await act(t.app, demo.users.client.api_key, order.id, 'start_bidding', {});
    expect(lender.statusCode).toBe(403);
  });
});
