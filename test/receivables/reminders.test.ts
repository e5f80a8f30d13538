import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDateTime } from '../../src/format/dates.ts';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { atInstant } from '../helpers/fake-clock.ts';

/**
 * Reminders of what a lender owes (docs/money.md, "Reminders"): on the client's schedule around
 * the due day, at the opening of the company's day; a missed one skipped when a later one is due
 * too; none once nothing is owed.
 */
const t = useTestApp();
const world = useDemoWorld(t);

afterEach(() => vi.useRealTimers());

const at = <T>(moment: string, act: () => Promise<T>): Promise<T> =>
  atInstant(parseDateTime(moment, t.config.timeZone)!, act);

const settings = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/clients/${world.demo.client_id}/settings`,
    headers: { 'X-Api-Key': world.staff },
    payload,
  });

describe('invoice reminders', () => {
  it('refuse a schedule that is none', async () => {
    for (const days of [[400], [1, 1], [-31], Array.from({ length: 11 }, (_, i) => i)]) {
      const answer = await settings({ invoice_reminder_days: days });
      expect(answer.statusCode, JSON.stringify(days)).toBe(422);
      expect(answer.body).toContain('invoice_reminder_days');
    }
  });

  it('remind the lender on the client’s schedule while something is owed, and stop when nothing is', async () => {
    const set = await settings({ invoice_reminder_days: [40, 0, -2, 10] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ invoice_reminder_days: number[] }>().invoice_reminder_days).toEqual([-2, 0, 10, 40]);
    const order = await world.toInReview({ payment_method: 'invoice' });
    await at('2026-10-01T15:00', () => world.step(world.staff, order.id, 'request_completion', 'Completed'));
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['id', sql<string>`due_on::text`.as('due_on'), 'remind_at'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(invoice.due_on).toBe('2026-10-31');
    expect(invoice.remind_at?.toISOString()).toBe('2026-10-29T09:00:00.000Z');

    const timers = (moment: string) => at(moment, () => new WorkflowTimers(t.db, t.config).runOnce());
    const reminders = async () =>
      (
        await t.db
          .selectFrom('order_history')
          .select('details')
          .where('order_id', '=', order.id)
          .where('action', '=', 'invoice_reminder')
          .orderBy('created_at')
          .execute()
      ).map((row) => (row.details as { days_past_due: number }).days_past_due);
    await timers('2026-10-29T08:59');
    expect(await reminders()).toEqual([]);
    await timers('2026-10-29T09:30');
    expect(await reminders()).toEqual([0]);
    // The reminder of the due day was missed; the one ten days after is due too: one, not two.
    await timers('2026-11-15T10:00');
    expect(await reminders()).toEqual([0, 15]);
    const notices = await sql<{ kind: string }>`
      SELECT payload->>'kind' AS kind FROM outbox_messages
       WHERE kind = 'notice' AND payload->>'order_id' = ${order.id} AND payload->>'kind' = 'invoice_reminder'`.execute(
      t.db,
    );
    expect(notices.rows).toHaveLength(2);

    // Paid in full: the reminder of day 40 is passed over and none follows.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoices/${invoice.id}`,
      headers: { 'X-Api-Key': world.staff },
    });
    const balance = detail.json<{ invoice: { balance: string } }>().invoice.balance;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${world.demo.company_id}/receipts`,
      headers: { 'X-Api-Key': world.staff },
      payload: {
        client_id: world.demo.client_id,
        method: 'ach',
        reference: `ACH-REMIND-${Date.now()}`,
        received_on: new Date().toISOString().slice(0, 10),
        amount: balance,
        applications: [{ invoice_id: invoice.id, amount: balance }],
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await timers('2026-12-11T10:00');
    expect(await reminders()).toEqual([0, 15]);
    const after = await t.db
      .selectFrom('invoices')
      .select('remind_at')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(after.remind_at).toBeNull();
    await settings({ invoice_reminder_days: [] });
  });
});
