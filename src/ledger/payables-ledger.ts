import { sql } from 'kysely';
import { localClock } from '../calendar/business-calendar.ts';
import type { Trx } from '../db/connection.ts';
import { nextPayDay } from './pay-cycle.ts';

/**
 * The payables ledger's rules (docs/money.md, "Payables"). An appraiser earns an order's fee when
 * the report is delivered: the payable is made then, with the fee of the accepted offer or bid
 * (conditions and negotiations agreed included), less the submission fees the company charged for
 * the order. It falls due on the delivery day, on the day the lender has paid in full, or on the
 * company's next pay day (pay-cycle.ts), as the company says. A fee changed after it (a later delivery after a revision) moves it by the
 * difference. Payouts are entries too, so a payable's entries always add up to what is owed.
 */
export interface EarningOrder {
  id: string;
  company_id: string;
  appraiser_id: string | null;
  appraiser_fee_cents: string | bigint | null;
}

export async function earnPayable(
  trx: Trx,
  order: EarningOrder,
  clientBalanceCents: bigint,
  at: { now: Date; timeZone: string },
): Promise<void> {
  if (order.appraiser_id === null || order.appraiser_fee_cents === null) return;
  const fee = BigInt(order.appraiser_fee_cents);
  const settings = await trx
    .selectFrom('company_payout_settings')
    .select(['pay_on', 'pay_cycle', 'pay_cycle_day'])
    .where('company_id', '=', order.company_id)
    .executeTakeFirst();
  const today = localClock(at.now, at.timeZone).day;
  const payOn = settings?.pay_on ?? 'delivery';
  const dueOn =
    payOn === 'pay_cycle' && settings?.pay_cycle
      ? nextPayDay(today, { frequency: settings.pay_cycle, day: settings.pay_cycle_day })
      : payOn !== 'client_payment' || clientBalanceCents <= 0n
        ? today
        : null;
  const payable = await trx
    .insertInto('payables')
    .values({
      company_id: order.company_id,
      appraiser_id: order.appraiser_id,
      order_id: order.id,
      earned_at: at.now,
      due_on: dueOn,
      held_reason: null,
      held_by: null,
      held_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['order_id', 'appraiser_id']).doUpdateSet({ order_id: sql`excluded.order_id` }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const earned = await trx
    .selectFrom('payable_entries')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('sum'))
    .where('payable_id', '=', payable.id)
    .where('kind', 'in', ['fee', 'adjustment'])
    .executeTakeFirstOrThrow();
  const delta = fee - BigInt(earned.sum);
  const base = { payable_id: payable.id, company_id: order.company_id, appraiser_id: order.appraiser_id };
  if (delta !== 0n)
    await trx
      .insertInto('payable_entries')
      .values({
        ...base,
        kind: BigInt(earned.sum) === 0n && delta > 0n ? 'fee' : 'adjustment',
        amount_cents: delta.toString(),
        reason: BigInt(earned.sum) === 0n ? null : 'Fee changed after the delivery',
        created_at: at.now,
      })
      .execute();
  // The submission fees the company charged for this order's reports, each once.
  await sql`
    INSERT INTO payable_entries (payable_id, company_id, appraiser_id, kind, amount_cents, submission_fee_id, reason, created_at)
    SELECT ${payable.id}, ${order.company_id}, ${order.appraiser_id}, 'submission_fee', -f.amount_cents, f.id,
           'Submission fee', ${at.now}
      FROM submission_fees f
     WHERE f.order_id = ${order.id} AND f.appraiser_id = ${order.appraiser_id} AND f.status = 'succeeded'
       AND NOT EXISTS (SELECT 1 FROM payable_entries e WHERE e.submission_fee_id = f.id)`.execute(trx);
}

/** The lender has paid in full: payables that waited for it fall due today. */
export async function payablesFallDue(trx: Trx, orderId: string, at: { now: Date; timeZone: string }) {
  await trx
    .updateTable('payables')
    .set({ due_on: localClock(at.now, at.timeZone).day })
    .where('order_id', '=', orderId)
    .where('due_on', 'is', null)
    .execute();
}
