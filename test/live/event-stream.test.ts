import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStreamsOpen } from '../../src/metrics/metrics.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { hashPassword } from '../../src/sessions/password.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { EventStreamReader } from '../helpers/event-stream.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { act, placeOrder } from '../helpers/orders.ts';
import { startService, type ServerProcess } from '../helpers/processes.ts';

/**
 * Live updates through real HTTP: GET /api/v1/events/stream tells each caller of the changes
 * to the orders it may see and of nothing else, replays what a reconnecting client missed,
 * refuses bad input in the error envelope, limits streams per user, ends a stream when its
 * session ends, and carries a change made through one service process to a stream on another.
 */
const t = useTestApp({ EVENT_STREAM_HEARTBEAT_SECONDS: '1' });
const world = useDemoWorld(t);
let other: DemoWorld;
let base: string;
const readers: EventStreamReader[] = [];

beforeAll(async () => {
  other = await seedDemo(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const reader of readers) reader.close();
});

async function open(headers: Record<string, string>, at = base): Promise<EventStreamReader> {
  const { status, reader, refusal } = await EventStreamReader.open(`${at}/api/v1/events/stream`, headers);
  expect(status, JSON.stringify(await refusal?.json())).toBe(200);
  expect(reader!.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  readers.push(reader!);
  return reader!;
}
const asKey = (key: string) => ({ 'x-api-key': key });
const hold = (key: string, orderId: string) =>
  act(t.app, key, orderId, 'hold', { reason: 'Waiting on the borrower' });
const resume = (key: string, orderId: string) => act(t.app, key, orderId, 'resume');
/** The first event of this type the order's log holds. */
const storedEvent = (orderId: string, type: string) =>
  t.db
    .selectFrom('events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();

describe('what a stream carries', () => {
  it("a lender's user and its company's staff hear of its orders' changes, only their id and type, and nothing of another lender's", async () => {
    const mine = await open(asKey(world.client));
    const staff = await open(asKey(world.staff));
    const theirs = await open(asKey(other.users.client.api_key));
    expect(mine.events[0]).toEqual({ retry: '3000' });

    const foreign = await placeOrder(t.app, t.db, other);
    const order = await placeOrder(t.app, t.db, world.demo);
    const created = await mine.waitForOrderEvent('order.created', order.id);
    expect(JSON.parse(created.data!)).toEqual({ order_id: order.id, type: 'order.created' });
    const stored = await storedEvent(order.id, 'order.created');
    expect(created.id).toBe(stored.id);
    expect((await hold(world.client, order.id)).statusCode).toBe(200);
    expect((await hold(other.users.client.api_key, foreign.id)).statusCode).toBe(200);
    expect((await resume(world.staff, order.id)).statusCode).toBe(200);

    // Events arrive in commit order: once the last change is heard, whatever came before was too.
    const resumed = (e: { event?: string; data?: string }) =>
      e.event === 'order.status_changed' && e.data!.includes(order.id);
    await mine.waitFor((e) => mine.events.filter(resumed).length === 2 && resumed(e));
    await staff.waitFor((e) => staff.events.filter(resumed).length === 2 && resumed(e));
    await theirs.waitForOrderEvent('order.status_changed', foreign.id);
    for (const stream of [mine, staff]) {
      expect(new Set(stream.orderEvents.map((e) => e.order_id))).toEqual(new Set([order.id]));
      expect(stream.orderEvents.map((e) => e.type)).toEqual(
        expect.arrayContaining(['order.created', 'order.status_changed']),
      );
    }
    expect(new Set(theirs.orderEvents.map((e) => e.order_id))).toEqual(new Set([foreign.id]));
  });

  it('an appraiser hears nothing of an order not offered to them, and nothing more once the offer is declined', async () => {
    const { users } = world.demo;
    const colleague = await createUserWithKey(t.db, 'appraiser', { id: world.demo.company_id, name: 'Demo' });
    const appraiser = await open(asKey(users.appraiser.api_key));
    const notOffered = await placeOrder(t.app, t.db, world.demo);
    const offeredElsewhere = await placeOrder(t.app, t.db, world.demo);
    const offered = await placeOrder(t.app, t.db, world.demo);
    const assign = (orderId: string, appraiserId: string) =>
      act(t.app, world.staff, orderId, 'assign', { appraiser_id: appraiserId });
    expect((await assign(offeredElsewhere.id, colleague.id)).statusCode).toBe(200);
    expect((await hold(world.client, notOffered.id)).statusCode).toBe(200);
    expect((await assign(offered.id, users.appraiser.id)).statusCode).toBe(200);

    await appraiser.waitForOrderEvent('order.assigned', offered.id);
    await appraiser.waitForOrderEvent('order.status_changed', offered.id);
    expect(appraiser.orderEvents.every((e) => e.order_id === offered.id)).toBe(true);

    // Declined: the order is no longer the appraiser's to see (GET answers 404), nor its events.
    expect(
      (await act(t.app, users.appraiser.api_key, offered.id, 'reject_assignment', { reason: 'Too far' }))
        .statusCode,
    ).toBe(200);
    const seen = appraiser.orderEvents.length;
    expect((await assign(offered.id, colleague.id)).statusCode).toBe(200);
    const sentinel = await placeOrder(t.app, t.db, world.demo);
    expect((await assign(sentinel.id, users.appraiser.id)).statusCode).toBe(200);
    await appraiser.waitForOrderEvent('order.assigned', sentinel.id);
    expect(appraiser.orderEvents.slice(seen).every((e) => e.order_id === sentinel.id)).toBe(true);
  });
});

describe('what a stream leaves out', () => {
  it('tells the lender of a move of status, not of a note or a submission that is not theirs, and replays the same', async () => {
    const lender = await open(asKey(world.client));
    const order = await world.toInReview();
    const note = (content: string, audience: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/notes`,
        headers: { 'X-Api-Key': world.staff },
        payload: { content, audience },
      });
    expect((await note('Internal: check comparable 2', 'internal')).statusCode).toBe(201);
    expect((await note('For the lender: the report is in review', 'client')).statusCode).toBe(201);
    // The lender's own note comes after: once heard, whatever came before was too (commit order).
    await lender.waitForOrderEvent('order.note_added', order.id);
    const heard = lender.orderEvents.filter((e) => e.order_id === order.id).map((e) => e.type);
    expect(heard).toContain('order.status_changed');
    expect(heard).not.toContain('order.assigned');
    expect(heard).not.toContain('order.offer_answered');
    expect(heard).not.toContain('order.submission_received');
    expect(heard.filter((type) => type === 'order.note_added')).toHaveLength(1);

    // A reconnection's replay leaves out the same.
    const first = lender.events.find((e) => e.data?.includes(order.id))!;
    const again = await open({ ...asKey(world.client), 'last-event-id': first.id! });
    await again.waitForOrderEvent('order.note_added', order.id);
    const replayed = again.orderEvents.filter((e) => e.order_id === order.id).map((e) => e.type);
    expect(replayed).not.toContain('order.submission_received');
    expect(replayed.filter((type) => type === 'order.note_added')).toHaveLength(1);
  });
});

describe('reconnecting', () => {
  it('Last-Event-ID replays the events missed since, then goes on live; an id it cannot place asks for a resync', async () => {
    const first = await open(asKey(world.client));
    const order = await placeOrder(t.app, t.db, world.demo);
    const created = await first.waitForOrderEvent('order.created', order.id);
    first.close();
    await first.ended;

    // While away: a change to this order, and one of another lender.
    expect((await hold(world.client, order.id)).statusCode).toBe(200);
    expect((await resume(world.client, order.id)).statusCode).toBe(200);
    const foreign = await placeOrder(t.app, t.db, other);
    const missed = await t.db
      .selectFrom('events')
      .select(['id', 'type'])
      .where('order_id', '=', order.id)
      .where('type', '!=', 'order.created')
      .orderBy('created_at')
      .execute();
    expect(missed.length).toBeGreaterThanOrEqual(2);

    const again = await open({ ...asKey(world.client), 'Last-Event-ID': created.id! });
    for (const event of missed) await again.waitFor((e) => e.id === event.id);
    const replayed = again.orderEvents;
    expect(replayed.map((e) => e.id)).not.toContain(created.id);
    expect(replayed.map((e) => e.order_id)).not.toContain(foreign.id);
    // In the order they happened.
    expect(replayed.filter((e) => missed.some((m) => m.id === e.id)).map((e) => e.id)).toEqual(
      missed.map((m) => m.id),
    );
    // Then live.
    expect((await hold(world.client, order.id)).statusCode).toBe(200);
    await again.waitFor((e) => e.event === 'order.status_changed' && !missed.some((m) => m.id === e.id));

    // An id that is no event, or another lender's event, cannot be placed: resync, then live.
    const foreignEvent = await t.db
      .selectFrom('events')
      .select('id')
      .where('order_id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    for (const id of ['00000000-0000-4000-8000-000000000000', foreignEvent.id]) {
      const lost = await open({ ...asKey(world.client), 'Last-Event-ID': id });
      await lost.waitFor((e) => e.event === 'resync');
      expect(lost.events.slice(0, 2)).toEqual([{ retry: '3000' }, { event: 'resync', data: '{}' }]);
      lost.close();
    }
  });
});

describe('a first stream, from the time of the first read', () => {
  it('since replays what was written from that time on, Last-Event-ID wins over it, and a since past the window asks for a resync', async () => {
    // What a page read first, then a change before its stream opened.
    const order = await placeOrder(t.app, t.db, world.demo);
    const readAt = new Date(Date.now() - 1000);
    expect((await hold(world.client, order.id)).statusCode).toBe(200);
    const held = await storedEvent(order.id, 'order.status_changed');

    const since = (time: Date) =>
      `${base}/api/v1/events/stream?since=${encodeURIComponent(time.toISOString())}`;
    const first = await EventStreamReader.open(since(readAt), asKey(world.client));
    expect(first.status).toBe(200);
    readers.push(first.reader!);
    await first.reader!.waitFor((e) => e.id === held.id);
    expect(first.reader!.events.some((e) => e.event === 'resync')).toBe(false);

    // A reconnection names the last event it has: the header wins, the held event is not told again.
    const reconnected = await EventStreamReader.open(since(readAt), {
      ...asKey(world.client),
      'Last-Event-ID': held.id,
    });
    readers.push(reconnected.reader!);
    expect((await resume(world.client, order.id)).statusCode).toBe(200);
    await reconnected.reader!.waitFor((e) => e.event === 'order.status_changed' && e.id !== held.id);
    expect(reconnected.reader!.events.map((e) => e.id)).not.toContain(held.id);

    // Longer ago than the replay keeps: resync, then live.
    const stale = await EventStreamReader.open(
      since(new Date(Date.now() - 16 * 60_000)),
      asKey(world.client),
    );
    readers.push(stale.reader!);
    await stale.reader!.waitFor((e) => e.event === 'resync');
    expect(stale.reader!.events.slice(0, 2)).toEqual([{ retry: '3000' }, { event: 'resync', data: '{}' }]);
  });

  it('a since that is not a date-time answers 422 naming it', async () => {
    const bad = await EventStreamReader.open(
      `${base}/api/v1/events/stream?since=yesterday`,
      asKey(world.client),
    );
    expect(bad.status).toBe(422);
    expect(await bad.refusal!.json()).toMatchObject({
      success: false,
      error: {
        code: 'validation_failed',
        details: [{ field: 'since', message: expect.any(String) }],
      },
    });
  });
});

describe('refusals', () => {
  it('a Last-Event-ID that is not an event id answers 422 naming it; no credentials answer 401', async () => {
    const bad = await EventStreamReader.open(`${base}/api/v1/events/stream`, {
      ...asKey(world.client),
      'Last-Event-ID': 'yesterday',
    });
    expect(bad.status).toBe(422);
    expect(await bad.refusal!.json()).toEqual({
      success: false,
      error: {
        code: 'validation_failed',
        message: expect.stringContaining('last-event-id'),
        details: [{ field: 'last-event-id', message: 'must match format "uuid"' }],
      },
      request_id: expect.any(String),
    });
    const anonymous = await EventStreamReader.open(`${base}/api/v1/events/stream`, {});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.refusal!.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('a user holds at most 10 streams at once: the next answers 429 with Retry-After until one closes', async () => {
    const appraiser = await createUserWithKey(t.db, 'appraiser', { id: world.demo.company_id, name: 'Demo' });
    const held = await Promise.all(Array.from({ length: 10 }, () => open(asKey(appraiser.key))));
    const refused = await EventStreamReader.open(`${base}/api/v1/events/stream`, asKey(appraiser.key));
    expect(refused.status).toBe(429);
    expect(refused.refusal!.headers['retry-after']).toBe('30');
    expect(await refused.refusal!.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Another user is not affected.
    await open(asKey(world.appraiser));
    expect((await eventStreamsOpen.get()).values[0]!.value).toBeGreaterThanOrEqual(11);

    held[0]!.close();
    await expect
      .poll(async () => {
        const retry = await EventStreamReader.open(`${base}/api/v1/events/stream`, asKey(appraiser.key));
        retry.reader?.close();
        if (retry.reader) readers.push(retry.reader);
        return retry.status;
      })
      .toBe(200);
  });
});

describe('a session that ends', () => {
  it('signing out ends the stream the session opened; a heartbeat keeps it open until then', async () => {
    const password = 'a long passphrase for live';
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', world.demo.users.client.id)
      .execute();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      payload: { email: world.demo.users.client.email, password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const stream = await open({ cookie });
    await stream.waitFor((e) => e.comment === 'heartbeat', 5_000);
    expect(stream.isDone).toBe(false);

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/auth/sign_out',
      headers: { cookie, 'x-csrf-token': signIn.json<{ csrf_token: string }>().csrf_token },
    });
    expect(signOut.statusCode, signOut.body).toBeLessThan(300);
    await stream.ended;
    const refused = await EventStreamReader.open(`${base}/api/v1/events/stream`, { cookie });
    expect(refused.status).toBe(401);
  });
});

describe('several service processes on one database', () => {
  let server: ServerProcess;
  let processBase: string;
  beforeAll(async () => {
    ({ server, base: processBase } = await startService({
      DATABASE_URL: t.url,
      DATA_DIR: path.join(os.tmpdir(), `aoms-live-${process.pid}`),
      RATE_LIMIT_PER_MINUTE: '0',
      SHUTDOWN_TIMEOUT_MS: '30000',
    }));
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
  });

  it('a change made through one process reaches a stream open on another, both ways', async () => {
    const there = await open(asKey(world.client), processBase);
    const here = await open(asKey(world.client));
    const order = await placeOrder(t.app, t.db, world.demo);
    await there.waitForOrderEvent('order.created', order.id);

    const changed = await fetch(`${processBase}/api/v1/orders/${order.id}/hold`, {
      method: 'PUT',
      headers: { ...asKey(world.staff), 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Checked through the other process' }),
    });
    expect(changed.status).toBe(200);
    await here.waitForOrderEvent('order.status_changed', order.id);
    there.close();
    here.close();
  });

  it('SIGTERM ends the open streams and the process exits at once, not after SHUTDOWN_TIMEOUT_MS', async () => {
    const stream = await open(asKey(world.client), processBase);
    const started = Date.now();
    server.child.kill('SIGTERM');
    await stream.ended;
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
