import type { Principal } from '../auth/principal.ts';
import type { StoredCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Trx } from '../db/connection.ts';
import { issueInvoice, postFeeChange } from '../ledger/ledger.ts';
import type { ActionResult, LockedOrder } from '../workflow/types.ts';
import type { Status } from '../workflow/statuses.ts';

/**
 * What the action does to the lender's invoice (docs/money.md): a delivery issues it, and a fee
 * change agreed after it was issued moves its balance.
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
  if (calendar && finalStatus === 'Completed') {
    const totalNow = total === null ? order.total_fee_cents : total.toString();
    await issueInvoice(trx, { ...order, total_fee_cents: totalNow }, 'delivery', {
      now,
      timeZone: calendar.time_zone,
    });
  }
}
