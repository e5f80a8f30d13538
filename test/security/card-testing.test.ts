import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import type { AppInstance } from '../../src/http/app-instance.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp, buildTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * Card testing against one payment link: 620 card numbers once ran through one link in three
 * seconds and stored 621 declined payments. A link now takes CARD_DECLINES_BEFORE_LOCK declined
 * cards within CARD_LOCK_MINUTES (5 in 60 by default), then refuses cards for CARD_LOCK_MINUTES,
 * charging and storing nothing; the lender sees the lock, the payer is told.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
let demo: DemoWorld;
const apps: AppInstance[] = [];

beforeAll(async () => {
  demo = await seedDemo(t.db);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function payableOrder() {
  const order = await placeOrder(t.app, t.db, demo, { payment_method: 'payment_link' });
  const link = new URL(
    (await summary(order.id)).json<{ input_credit_card_link: string }>().input_credit_card_link,
  );
  return { id: order.id, page: link.pathname + link.search };
}

const summary = (orderId: string, key = demo.users.client.api_key) =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}/payments`, headers: { 'X-Api-Key': key } });

const attempt = (page: string, card: string, app = t.app) =>
  app.inject({
    method: 'POST',
    // A made-up key on every attempt, as the card tester sent them: it changes nothing.
    url: `${page}&api_key=aoms_${randomBytes(32).toString('base64url')}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      name: 'Card Tester',
      number: card,
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 2),
      cvc: '123',
    }).toString(),
  });

const paymentsOf = async (orderId: string) =>
  (await t.db.selectFrom('payments').select('status').where('order_id', '=', orderId).execute()).length;

describe('card testing against one payment link', () => {
  it('locks the page after 5 declines: 50 attempts store 5 payments, the rest answer 429 and charge nothing', async () => {
    const order = await payableOrder();
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await attempt(order.page, '4000000000000002'));
    expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([402, 402, 402, 402, 402]);
    expect(answers[4]!.body).toMatch(/Card payments on this page are paused until/);
    expect(answers[4]!.body).not.toMatch(/<form/);
    expect(answers.slice(5).every((a) => a.statusCode === 429)).toBe(true);
    const locked = answers[5]!;
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3500);
    expect(locked.headers['content-type']).toMatch(/^text\/html/);
    expect(locked.body).toMatch(
      /paused until \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M C[SD]T because 5 card payments were declined within 60 minutes\. Nothing was charged\./,
    );
    expect(await paymentsOf(order.id)).toBe(5);

    // A good card is refused too while the lock holds, and stores nothing.
    expect((await attempt(order.page, '4242424242424242')).statusCode).toBe(429);
    expect(await paymentsOf(order.id)).toBe(5);
    const page = await t.app.inject({ method: 'GET', url: order.page });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/paused until/);
    expect(page.body).not.toMatch(/<form/);
  });

  it('shows the lock to the lender and the company: the payments summary and the history', async () => {
    const order = await payableOrder();
    expect((await summary(order.id)).json().card_page_lock).toBeNull();
    for (let i = 0; i < 5; i++) await attempt(order.page, '4000000000009995');
    for (const key of [demo.users.client.api_key, demo.users.staff.api_key]) {
      const lock = (await summary(order.id, key)).json().card_page_lock;
      expect(lock).toEqual({
        locked_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        reason: '5 card payments were declined within 60 minutes',
        declined_attempts: 5,
      });
      const minutes = (Date.parse(lock.locked_until) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(58);
      expect(minutes).toBeLessThanOrEqual(60);
    }
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}/history`,
      headers: { 'X-Api-Key': demo.users.client.api_key },
    });
    expect(history.json()).toContainEqual(
      expect.objectContaining({
        action: 'payment_page_locked',
        reason: '5 card payments were declined within 60 minutes',
      }),
    );
  });

  it('takes cards again once the lock has run out', async () => {
    const order = await payableOrder();
    for (let i = 0; i < 5; i++) await attempt(order.page, '4000000000000002');
    expect((await attempt(order.page, '4242424242424242')).statusCode).toBe(429);
    await t.db
      .updateTable('payment_page_locks')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('order_id', '=', order.id)
      .execute();
    // Declines older than the window no longer count either.
    await t.db
      .updateTable('payments')
      .set({ created_at: sql`now() - interval '61 minutes'` } as never)
      .where('order_id', '=', order.id)
      .execute();
    expect((await summary(order.id)).json().card_page_lock).toBeNull();
    expect((await attempt(order.page, '4000000000000002')).statusCode).toBe(402);
    expect((await attempt(order.page, '4242424242424242')).statusCode).toBe(200);
  });

  it('another link is not affected; CARD_DECLINES_BEFORE_LOCK=0 never locks', async () => {
    const locked = await payableOrder();
    for (let i = 0; i < 5; i++) await attempt(locked.page, '4000000000000002');
    const other = await payableOrder();
    expect((await attempt(other.page, '4000000000000002')).statusCode).toBe(402);

    const lenient = await buildTestApp({
      config: loadConfig({
        DATABASE_URL: t.url,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '0',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
        RATE_LIMIT_CARD_ATTEMPTS_PER_MINUTE: '0',
        CARD_DECLINES_BEFORE_LOCK: '0',
      }),
      db: t.db,
      logger: false,
    });
    apps.push(lenient);
    const free = await payableOrder();
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push((await attempt(free.page, '4000000000000002', lenient)).statusCode);
    expect(answers).toEqual(Array(8).fill(402));
  });

  it('refuses bad lock settings at start', () => {
    expect(() => loadConfig({ CARD_LOCK_MINUTES: '0' })).toThrow(/CARD_LOCK_MINUTES/);
    expect(() => loadConfig({ CARD_DECLINES_BEFORE_LOCK: 'five' })).toThrow(/CARD_DECLINES_BEFORE_LOCK/);
  });
});
