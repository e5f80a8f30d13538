import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { OrderChanges, ReadCache } from '../../src/orders/order.changes.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { buildTestApp, useTestApp } from '../helpers/app.ts';
import { act, placeOrder } from '../helpers/orders.ts';

/**
 * The pipeline's counts and the dashboard's figures are computed once per company and served
 * to its staff until an order changes: a change answered by this process shows in its very
 * next read, one made by another process as soon as the database announces it, and nothing is
 * kept while the process cannot hear the announcements.
 */
const t = useTestApp();
let demo: DemoWorld;
let elsewhere: AppInstance;

interface Queues {
  data: { id: string; count: number }[];
  as_of: string;
}
const queues = async (app: AppInstance): Promise<Queues> => {
  const answer = await app.inject({
    method: 'GET',
    url: '/api/v1/orders/queues',
    headers: { 'X-Api-Key': demo.users.staff.api_key },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Queues>();
};
const countIn = (answer: Queues, id: string) => answer.data.find((queue) => queue.id === id)!.count;
const insight = async () => {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/v1/insight?months=1',
    headers: { 'X-Api-Key': demo.users.staff.api_key },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ totals: { received: { count: number } } }>().totals.received.count;
};

/**
 * Until `check` holds, for at most 2 s: an announcement travels through the database in
 * milliseconds, and the pipeline's counts are otherwise kept for 5 s.
 */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await check()); waited += 25) {
    if (waited > 2000) throw new Error('the change was not seen within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An OrderChanges that is listening (it starts on first use, asynchronously). */
async function listening(changes: OrderChanges): Promise<void> {
  await eventually(() => Promise.resolve(changes.current(null) !== null));
}

beforeAll(async () => {
  demo = await seedDemo(t.db);
  // A second instance of the service on the same database: another process, as far as the
  // first one can tell (its own pool, its own listening connection).
  elsewhere = await buildTestApp({ config: t.config, db: t.db, logger: false });
  await elsewhere.ready();
});
afterAll(async () => {
  await elsewhere.close();
});

describe("the pipeline's counts", () => {
  it('are computed once and served again while no order changes', async () => {
    await queues(t.app); // the first read starts listening; from then on, answers are kept
    await eventually(async () => (await queues(t.app)).as_of === (await queues(t.app)).as_of);
  });

  it("show a change by the company's staff in their very next read", async () => {
    const order = await placeOrder(t.app, t.db, demo);
    await eventually(async () => (await queues(t.app)).data.length > 0); // the lender's order, announced
    const before = await queues(t.app);
    const held = await act(t.app, demo.users.staff.api_key, order.id, 'hold', { reason: 'Survey' });
    expect(held.statusCode, held.body).toBe(200);
    const after = await queues(t.app);
    expect(countIn(after, 'on_hold')).toBe(countIn(before, 'on_hold') + 1);
    expect(after.as_of).not.toBe(before.as_of);
  });

  it('show a change made through another instance once the database announces it', async () => {
    // The new order is announced too: "before" is read once it counts, or the hold's change
    // would be measured from counts that do not hold the order yet.
    const start = await queues(t.app);
    const order = await placeOrder(t.app, t.db, demo);
    await eventually(async () => countIn(await queues(t.app), 'new') === countIn(start, 'new') + 1);
    const before = await queues(t.app);
    const held = await act(elsewhere, demo.users.client.api_key, order.id, 'hold', { reason: 'Survey' });
    expect(held.statusCode, held.body).toBe(200);
    await eventually(async () => {
      const now = await queues(t.app);
      return (
        countIn(now, 'on_hold') === countIn(before, 'on_hold') + 1 &&
        countIn(now, 'new') === countIn(before, 'new') - 1
      );
    });
  });

  it("keep a company's counts when another company's orders change", async () => {
    const other = await seedDemo(t.db);
    const otherQueues = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/orders/queues',
          headers: { 'X-Api-Key': other.users.staff.api_key },
        })
      ).json<Queues>();
    const mine = await queues(t.app);
    const theirs = await otherQueues();
    await placeOrder(t.app, t.db, other); // by the other company's lender: announced, not touched
    await eventually(async () => countIn(await otherQueues(), 'new') === countIn(theirs, 'new') + 1);
    expect((await queues(t.app)).as_of).toBe(mine.as_of);
  });
});

describe("the dashboard's figures", () => {
  it('count an order received as soon as it is placed', async () => {
    const before = await insight();
    await placeOrder(t.app, t.db, demo);
    await eventually(async () => (await insight()) === before + 1);
  });
});

describe('a read cache', () => {
  it('keeps nothing while it cannot hear changes', async () => {
    const changes = new OrderChanges(t.db, () => undefined);
    await changes.close();
    const cache = new ReadCache<number>(changes, { ttlMs: 60_000, maxEntries: 10 });
    let computed = 0;
    await cache.read('k', 'A', () => Promise.resolve(++computed));
    await cache.read('k', 'A', () => Promise.resolve(++computed));
    expect(computed).toBe(2);
    expect(changes.current('A')).toBeNull();
  });

  it('shares one computation, drops it when it is older than its time to live, and keeps no failure', async () => {
    const changes = new OrderChanges(t.db, () => undefined);
    await listening(changes);
    const cache = new ReadCache<number>(changes, { ttlMs: 200, maxEntries: 10 });
    let computed = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 20));
    expect(await Promise.all([cache.read('k', 'A', slow), cache.read('k', 'A', slow)])).toEqual([1, 1]);
    expect(await cache.read('k', 'A', slow)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await cache.read('k', 'A', slow)).toBe(2);

    await expect(
      cache.read('failing', 'A', () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down');
    expect(await cache.read('failing', 'A', slow)).toBe(3);
    await changes.close();
  });

  it("forgets a company's answers when its orders change, keeps other companies', and the oldest keys go first", async () => {
    const changes = new OrderChanges(t.db, () => undefined);
    await listening(changes);
    const cache = new ReadCache<number>(changes, { ttlMs: 60_000, maxEntries: 3 });
    let computed = 0;
    const compute = () => Promise.resolve(++computed);
    expect(await cache.read('a', 'A', compute)).toBe(1);
    expect(await cache.read('b', 'B', compute)).toBe(2);
    expect(await cache.read('all', null, compute)).toBe(3);
    changes.touch('A');
    expect(await cache.read('a', 'A', compute)).toBe(4);
    expect(await cache.read('b', 'B', compute)).toBe(2);
    expect(await cache.read('all', null, compute)).toBe(5); // every company's view moves with any
    changes.touch(null); // a change of no one company: every answer goes
    expect(await cache.read('b', 'B', compute)).toBe(6);
    await cache.read('c', 'C', compute); // 7: beyond three keys, the oldest ('a') goes
    expect(await cache.read('c', 'C', compute)).toBe(7);
    expect(await cache.read('a', 'A', compute)).toBe(8);
    await changes.close();
  });
});
