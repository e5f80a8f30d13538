import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { act, placeOrder, statusOf } from '../helpers/orders.ts';

/**
 * Concurrent actions on one order: the order row is locked for each action, so of competing
 * actions exactly one wins and the others see its result and are refused.
 */
const t = useTestApp();
let demo: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
});

interface ErrorResponse {
  error: { code: string; message: string };
}

const historyOf = (orderId: string) =>
  t.db
    .selectFrom('order_history')
    .select(['action', 'from_status', 'to_status'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** A new order, Pending assignment, offered to the demo appraiser. */
async function offeredOrder(): Promise<string> {
  const order = await placeOrder(t.app, t.db, demo);
  const assigned = await act(t.app, demo.users.staff.api_key, order.id, 'assign', {
    appraiser_id: demo.users.appraiser.id,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return order.id;
}

type Answer = 'accept_assignment' | 'reject_assignment';

/**
 * Fires the appraiser's answers at once on a new offered order and checks the outcome: exactly
 * one 200, every other request 409, the order in the winner's status,
 * and exactly one accept/reject row in its history.
 */
async function race(answers: Answer[]): Promise<Answer> {
  const orderId = await offeredOrder();
  const appraiser = demo.users.appraiser.api_key;
  const requests = answers.map((action, i): { action: Answer; body: Record<string, string> } => ({
    action,
    body: action === 'reject_assignment' ? { reason: `Too far away (${i})` } : {},
  }));
  const responses = await Promise.all(
    requests.map(({ action, body }) => act(t.app, appraiser, orderId, action, body)),
  );

  const summary = responses.map((r, i) => `${requests[i]!.action}: ${r.statusCode} ${r.body}`).join('\n');
  const winners = responses.flatMap((r, i) => (r.statusCode === 200 ? [requests[i]!.action] : []));
  expect(winners, summary).toHaveLength(1);
  const winner = winners[0]!;
  const losers = responses.filter((r) => r.statusCode !== 200);
  expect(
    losers.map((r) => r.statusCode),
    `${winner} won; the others:\n${summary}`,
  ).toEqual(Array.from({ length: answers.length - 1 }, () => 409));
  // transition_not_allowed when the loser still sees the order; conflict when the winner took it
  // out of the appraiser's hands (a reject): both are the 409 of a concurrent change that won.
  for (const loser of losers) {
    expect(['transition_not_allowed', 'conflict'], summary).toContain(loser.json<ErrorResponse>().error.code);
  }

  const expected = winner === 'accept_assignment' ? 'Assigned' : 'Assignment rejected';
  expect(await statusOf(t.app, demo.users.staff.api_key, orderId)).toBe(expected);
  const recorded = (await historyOf(orderId)).filter(
    (h) => h.action === 'accept_assignment' || h.action === 'reject_assignment',
  );
  expect(recorded).toEqual([{ action: winner, from_status: 'Pending assignment', to_status: expected }]);
  return winner;
}

const times = (n: number, answer: Answer): Answer[] => Array.from({ length: n }, () => answer);

describe('concurrent actions on one order', () => {
  it('10 accept_assignment and 10 reject_assignment at once → exactly one 200, all others 409 (5 rounds)', async () => {
    // Several rounds, so that both an accept and a reject are likely to win one.
    const mixed = times(10, 'accept_assignment').flatMap((a) => [a, 'reject_assignment' as const]);
    for (let round = 0; round < 5; round++) await race(mixed);
  });

  it('10 accept_assignment at once → one 200, nine 409', async () => {
    expect(await race(times(10, 'accept_assignment'))).toBe('accept_assignment');
  });

  it('10 reject_assignment at once → one 200, nine 409', async () => {
    expect(await race(times(10, 'reject_assignment'))).toBe('reject_assignment');
  });

  it.each([
    ['start_bidding', 'request_payment'],
    ['hold', 'flag_attention'],
  ])(
    'two staff actions that exclude each other (%s, %s) at once → one 200, one 409',
    async (first, second) => {
      const order = await placeOrder(t.app, t.db, demo);
      expect(order.status.name).toBe('Unassigned');
      const staff = demo.users.staff.api_key;
      const actions = [first, second];
      const bodies: Record<string, Record<string, string>> = {
        flag_attention: { reason: 'Check the address' },
      };
      const responses = await Promise.all(
        actions.map((a) => act(t.app, staff, order.id, a, bodies[a] ?? {})),
      );

      const summary = responses.map((r, i) => `${actions[i]}: ${r.statusCode} ${r.body}`).join('\n');
      expect(responses.map((r) => r.statusCode).sort(), summary).toEqual([200, 409]);
      const loser = responses.find((r) => r.statusCode === 409)!;
      expect(loser.json<ErrorResponse>().error.code).toBe('transition_not_allowed');
      const winner = actions[responses.findIndex((r) => r.statusCode === 200)]!;
      const status = responses.find((r) => r.statusCode === 200)!.json<{ status: { name: string } }>()
        .status.name;
      expect(await statusOf(t.app, staff, order.id)).toBe(status);
      const history = await historyOf(order.id);
      expect(history.map((h) => h.action)).toEqual(['create', winner]);
    },
  );

  it('cancel and hold at once on an Unassigned order: the outcome of one order or the other', async () => {
    // Cancel is allowed from On hold, so both may succeed (hold first); never may hold follow cancel.
    const order = await placeOrder(t.app, t.db, demo);
    const staff = demo.users.staff.api_key;
    const [cancel, hold] = await Promise.all([
      act(t.app, staff, order.id, 'cancel', { reason: 'Loan withdrawn' }),
      act(t.app, staff, order.id, 'hold', { reason: 'Borrower travelling' }),
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect([200, 409]).toContain(hold.statusCode);
    expect(await statusOf(t.app, staff, order.id)).toBe('Cancelled');
    const history = (await historyOf(order.id)).map((h) => `${h.action}:${h.from_status}→${h.to_status}`);
    if (hold.statusCode === 200) {
      expect(history).toEqual([
        'create:null→Unassigned',
        'hold:Unassigned→On hold',
        'cancel:On hold→Cancelled',
      ]);
    } else {
      expect(hold.json<ErrorResponse>().error.code).toBe('transition_not_allowed');
      expect(history).toEqual(['create:null→Unassigned', 'cancel:Unassigned→Cancelled']);
    }
  });
});
