import type { Trx } from '../db/connection.ts';
import type { CancellationStage } from '../db/schema.ts';
import { BEFORE_ASSIGNMENT, PAUSED, type Status } from '../workflow/statuses.ts';
import { issueInvoice, postFeeChange } from './ledger.ts';
import { earnPayable } from './payables-ledger.ts';

/**
 * What a cancellation costs (docs/money.md, "Cancellations"). The stage is where the work stood:
 * the order's status, or for a paused one (cancel requested, on hold) the status it paused from.
 * A company that set cancellation fees charges the lender its fee for the stage instead of the
 * order's fees (none when no line has one: a credit where the lender paid ahead), and pays the
 * appraiser the trip fee for the stage; a company that set none changes nothing.
 */
export function cancellationStage(status: Status, resumeStatus: Status | null): CancellationStage {
  const working = PAUSED.includes(status) ? (resumeStatus ?? 'Unassigned') : status;
  if (BEFORE_ASSIGNMENT.includes(working)) return 'before_assignment';
  if (working === 'Assigned') return 'assigned';
  if (working === 'Inspection scheduled') return 'inspection_scheduled';
  return 'inspected';
}

export interface CancelledOrder {
  id: string;
  company_id: string;
  client_id: string;
  status: Status;
  resume_status: Status | null;
  total_fee_cents: string | bigint;
  paid_cents: string | bigint;
  credited_cents: string | bigint;
  appraiser_id: string | null;
}

export async function chargeCancellation(
  trx: Trx,
  order: CancelledOrder,
  recordedBy: string | null,
  at: { now: Date; timeZone: string },
): Promise<{ stage: CancellationStage; lenderFeeCents: bigint; appraiserFeeCents: bigint } | null> {
  const lines = await trx
    .selectFrom('cancellation_fees as f')
    .innerJoin('order_products as op', 'op.product_id', 'f.product_id')
    .select(['f.client_id', 'f.stage', 'f.lender_fee_cents', 'f.appraiser_fee_cents'])
    .where('f.company_id', '=', order.company_id)
    .where('op.order_id', '=', order.id)
    .where('op.position', '=', 0)
    .where((eb) => eb.or([eb('f.client_id', 'is', null), eb('f.client_id', '=', order.client_id)]))
    .execute();
  const anyLine = await trx
    .selectFrom('cancellation_fees')
    .select('id')
    .where('company_id', '=', order.company_id)
    .limit(1)
    .executeTakeFirst();
  if (!anyLine) return null;
  const stage = cancellationStage(order.status, order.resume_status);
  const atStage = lines.filter((line) => line.stage === stage);
  // The client's own line before the company's line for every client.
  const line = atStage.find((l) => l.client_id !== null) ?? atStage.find((l) => l.client_id === null);
  const lenderFee = BigInt(line?.lender_fee_cents ?? 0);
  const appraiserFee = stage === 'before_assignment' ? 0n : BigInt(line?.appraiser_fee_cents ?? 0);
  const reason = `Cancellation fee (${stage.replace(/_/g, ' ')})`;
  await postFeeChange(trx, order, lenderFee, recordedBy, reason);
  await trx
    .updateTable('orders')
    .set({ total_fee_cents: lenderFee.toString() })
    .where('id', '=', order.id)
    .execute();
  if (lenderFee > 0n) await issueInvoice(trx, { ...order, total_fee_cents: lenderFee }, 'cancellation', at);
  if (order.appraiser_id !== null && appraiserFee > 0n)
    await earnPayable(
      trx,
      { ...order, appraiser_fee_cents: appraiserFee },
      lenderFee - BigInt(order.paid_cents) - BigInt(order.credited_cents),
      at,
    );
  return { stage, lenderFeeCents: lenderFee, appraiserFeeCents: appraiserFee };
}
