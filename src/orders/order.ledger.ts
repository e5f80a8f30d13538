import type { Principal } from '../auth/principal.ts';
import type { StoredCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Trx } from '../db/connection.ts';
import { balanceCents } from '../format/money.ts';
import { issueInvoice, postFeeChange } from '../ledger/ledger.ts';
import { earnPayable } from '../ledger/payables-ledger.ts';
import { chargeCancellation } from '../ledger/cancellation.ts';
import type { ActionResult, LockedOrder } from '../workflow/types.ts';
import type { Status } from '../workflow/statuses.ts';

/**
 * What the action does to the ledgers (docs/money.md): a delivery issues the lender's invoice and
 * makes the appraiser's payable; a fee change agreed after the invoice was issued moves its balance;
 * a cancellation charges the company's cancellation fee for the stage and pays the trip fee.
 */
export async function postToLedger(
  trx: Trx,
  order: LockedOrder,
  result: ActionResult,
  finalStatus: Status,
  calendar: StoredCalendar | null,
  principal: Principal | null,
  now: Date,
): Promise<void> {
  const patched = result.patch?.total_fee_cents;
  const total =
    typeof patched === 'string' || typeof patched === 'bigint' || typeof patched === 'number'
      ? BigInt(patched)
      : null;
  if (total !== null) await postFeeChange(trx, order, total, principal?.user.id ?? null);
  if (calendar && finalStatus === 'Cancelled')
    await chargeCancellation(trx, order, principal?.user.id ?? null, { now, timeZone: calendar.time_zone });
  if (calendar && finalStatus === 'Completed') {
    const totalNow = total === null ? order.total_fee_cents : total.toString();
    const at = { now, timeZone: calendar.time_zone };
    await issueInvoice(trx, { ...order, total_fee_cents: totalNow }, 'delivery', at);
    // The appraiser earns the fee of the order as it is now (a patch may have set it).
    const fee = result.patch?.appraiser_fee_cents;
    const appraiserFee =
      typeof fee === 'string' || typeof fee === 'bigint' || typeof fee === 'number'
        ? fee.toString()
        : order.appraiser_fee_cents;
    await earnPayable(
      trx,
      { ...order, appraiser_fee_cents: appraiserFee },
      balanceCents({ ...order, total_fee_cents: totalNow }),
      at,
    );
  }
}
