import type { Principal } from '../auth/principal.ts';
import { localClock } from '../calendar/business-calendar.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { invalid } from '../errors/app-error.ts';
import { decimalToCents } from '../format/money.ts';
import { requireCompanyAdmin } from '../organizations/company-reach.ts';
import { notePayableInHistory, visiblePayable } from './payable-holds.service.ts';
import type { PayableExtraInput, PayableView } from './payables.schemas.ts';
import { toPayable } from './payables.service.ts';

/**
 * An approved extra (docs/money.md, "What an appraiser is owed"): the company's admins add to what
 * an appraiser is owed for an order (a second trip, a complex property, a rush), with the reason,
 * on the payable's ledger as `extra`, signed by who approved it, and in the order's history for
 * the company. A later delivery's fee change leaves it be; the next payout batch pays it.
 */
export async function addExtra(
  db: Db,
  config: Config,
  principal: Principal,
  payableId: string,
  input: PayableExtraInput,
): Promise<PayableView> {
  const row = await visiblePayable(db, principal, payableId);
  requireCompanyAdmin(principal.user, 'approve extras');
  const cents = decimalToCents(input.amount);
  if (cents === null || cents <= 0n) throw invalid('amount', 'must be more than 0, e.g. 75.00');
  const reason = input.reason.trim();
  if (!reason) throw invalid('reason', 'must say what the extra pays for');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payable_entries')
      .values({
        payable_id: row.id,
        company_id: row.company_id,
        appraiser_id: row.appraiser_id,
        kind: 'extra',
        amount_cents: cents,
        reason,
        recorded_by: principal.keyOwner.id,
      })
      .execute();
    await notePayableInHistory(trx, principal, row.order_id, {
      action: 'payable_extra',
      reason,
      details: { payable_id: row.id, amount: input.amount },
    });
  });
  const today = localClock(new Date(), config.timeZone).day;
  return toPayable(await visiblePayable(db, principal, row.id), today);
}
