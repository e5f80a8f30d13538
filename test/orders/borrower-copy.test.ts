import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCalendar } from '../../src/calendar/calendar-settings.repository.ts';
import { borrowerCopyDue } from '../../src/calendar/reg-b.ts';
import { parseDateTime } from '../../src/format/dates.ts';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { atInstant } from '../helpers/fake-clock.ts';

/**
 * The borrower's copy (Regulation B, 1002.14(a)(1); docs/turn-times.md, "The borrower's copy"):
 * due promptly upon completion (3 business days) or 3 business days before the closing, whichever
 * is earlier, in the company's calendar; read and recorded by the lender and the company; a
 * reminder the business day before it is due.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

afterEach(() => vi.useRealTimers());

const instant = (moment: string) => parseDateTime(moment, t.config.timeZone)!;

const at = <T>(moment: string, act: () => Promise<T>): Promise<T> => atInstant(instant(moment), act);

const call = (key: string, method: 'GET' | 'PUT', orderId: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1/orders/${orderId}/borrower_copy`,
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });

describe('when the copy is due', () => {
  const calendar = defaultCalendar('UTC');
  const due = (deliveredAt: string | null, closingDate: string | null = null) =>
    borrowerCopyDue(calendar, {
      deliveredAt: deliveredAt === null ? null : new Date(`${deliveredAt}:00Z`),
      closingDate,
    });
  it.each([
    [
      'delivered on a Monday morning: Monday, Tuesday, Wednesday',
      '2026-11-30T10:00',
      null,
      '2026-12-02',
      'delivery',
    ],
    ['delivered after the cut-off: from Tuesday', '2026-11-30T18:00', null, '2026-12-03', 'delivery'],
    [
      'delivered the day before Thanksgiving: Wednesday, Friday, Monday',
      '2026-11-25T10:00',
      null,
      '2026-11-30',
      'delivery',
    ],
    [
      'a Thursday closing comes first: the Monday before it',
      '2026-11-30T10:00',
      '2026-12-03',
      '2026-11-30',
      'closing',
    ],
    ['a closing far off: the delivery counts', '2026-11-30T10:00', '2026-12-31', '2026-12-02', 'delivery'],
    ['a closing only, before any delivery', null, '2026-12-07', '2026-12-02', 'closing'],
    [
      'a Monday closing after Thanksgiving: Friday, Wednesday, Tuesday',
      null,
      '2026-11-30',
      '2026-11-24',
      'closing',
    ],
  ] as const)('%s', (_, deliveredAt, closingDate, dueOn, basis) => {
    expect(due(deliveredAt, closingDate)).toEqual({ due_on: dueOn, basis });
  });
  it('is unknown without a delivery or a closing date', () => {
    expect(due(null)).toBeNull();
  });
});

describe("the borrower's copy on an order", () => {
  it('is due from the delivery, recorded by the lender, refused before delivery, in the future, and to appraisers', async () => {
    const { demo, client, staff, appraiser } = world;
    const inReview = await world.toInReview({ due_date: '2037-12-15T17:00' });
    expect((await call(client, 'GET', inReview.id)).json()).toMatchObject({ state: 'unknown', due_on: null });
    const early = await call(client, 'PUT', inReview.id, { method: 'email' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'conflict' } });

    // Delivered on Monday 30 November 2026 at 10:00: due Wednesday 2 December.
    await at('2026-11-30T10:00', () => step(staff, inReview.id, 'request_completion', 'Completed'));
    const read = await call(client, 'GET', inReview.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      order_id: inReview.id,
      due_on: '2026-12-02',
      basis: 'delivery',
      delivered_at: instant('2026-11-30T10:00').toISOString(),
      sent_at: null,
      method: null,
      recorded_by: null,
    });
    expect((await call(appraiser, 'GET', inReview.id)).statusCode).toBe(403);
    expect((await call(appraiser, 'PUT', inReview.id, { method: 'email' })).statusCode).toBe(403);

    for (const [body, field] of [
      [{ method: 'email', sent_at: '2099-01-01T00:00:00Z' }, 'sent_at'],
      [{ method: 'email', sent_at: '2026-11-30T09:59:00Z' }, 'sent_at'],
      [{ method: 'pigeon' }, 'method'],
      [{ sent_at: '2026-12-01T10:00:00Z' }, 'method'],
    ] as const) {
      const refused = await call(client, 'PUT', inReview.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(refused.json())).toContain(`"field":"${field}"`);
    }
    expect((await call(client, 'GET', inReview.id)).json()).toMatchObject({ sent_at: null });

    const recorded = await at('2026-12-01T16:00', () =>
      call(client, 'PUT', inReview.id, { method: 'portal', sent_at: '2026-12-01T15:05:00Z' }),
    );
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      state: 'sent',
      sent_at: '2026-12-01T15:05:00.000Z',
      method: 'portal',
      recorded_by: { id: demo.users.client.id, name: 'Casey Client' },
    });
    const entry = await t.db
      .selectFrom('order_history')
      .select(['action', 'audience', 'details'])
      .where('order_id', '=', inReview.id)
      .where('action', '=', 'borrower_copy_sent')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      action: 'borrower_copy_sent',
      audience: 'client',
      details: { sent_at: '2026-12-01T15:05:00.000Z', method: 'portal' },
    });
    // The company reads it too.
    expect((await call(staff, 'GET', inReview.id)).json()).toMatchObject({ state: 'sent', method: 'portal' });
  });

  it('reminds the lender the business day before it is due, unless it was given', async () => {
    const { staff, client } = world;
    const reminded = await world.toInReview({ due_date: '2037-12-15T17:00' });
    const given = await world.toInReview({ due_date: '2037-12-15T17:00' });
    await at('2026-11-30T10:00', () => step(staff, reminded.id, 'request_completion', 'Completed'));
    await at('2026-11-30T10:00', () => step(staff, given.id, 'request_completion', 'Completed'));
    await at('2026-11-30T11:00', () => call(client, 'PUT', given.id, { method: 'mail' }));
    const timers = (moment: string) => at(moment, () => new WorkflowTimers(t.db, t.config).runOnce());
    const noticesOf = async (orderId: string) =>
      (
        await sql<{ kind: string; due_on: string }>`
          SELECT payload->>'kind' AS kind, payload->'details'->>'due_on' AS due_on FROM outbox_messages
           WHERE kind = 'notice' AND payload->>'order_id' = ${orderId} AND payload->>'kind' = 'borrower_copy_due'`.execute(
          t.db,
        )
      ).rows;
    await timers('2026-12-01T08:59');
    expect(await noticesOf(reminded.id)).toEqual([]);
    await timers('2026-12-01T09:30');
    await timers('2026-12-01T10:30');
    expect(await noticesOf(reminded.id)).toEqual([{ kind: 'borrower_copy_due', due_on: '2026-12-02' }]);
    expect(await noticesOf(given.id)).toEqual([]);
    const entry = await t.db
      .selectFrom('order_history')
      .select(['audience', 'details'])
      .where('order_id', '=', reminded.id)
      .where('action', '=', 'borrower_copy_due')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ audience: 'client', details: { due_on: '2026-12-02', basis: 'delivery' } });
  });
});
