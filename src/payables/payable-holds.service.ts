import type { Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db, Trx } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import { localClock } from '../calendar/business-calendar.ts';
import { changeOrder } from '../orders/order.store.ts';
import { requireCompanyAdmin } from '../organizations/company-reach.ts';
import type { Status } from '../workflow/statuses.ts';
import { payableRows, payableVisibleTo } from './payables.repository.ts';
import { toPayable } from './payables.service.ts';
import type { PayableView } from './payables.schemas.ts';

/**
 * A payable's change in its order's history, for the company alone (never the lender nor the
 * appraiser): who held, released or added to it, and why.
 */
export async function notePayableInHistory(
  trx: Trx,
  principal: Principal,
  orderId: string,
  entry: { action: string; reason: string | null; details: Record<string, unknown> },
): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'file_number', 'client_id', 'company_id', 'appraiser_id', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const status = order.status as Status;
  await changeOrder(trx, order, {}, principal, [
    { ...entry, from: status, to: status, audience: 'internal' },
  ]);
}

/**
 * Holding a payable (docs/money.md, "Payables"): the company's admins stop what an appraiser is owed
 * for an order from being paid (a dispute, a complaint, a report to correct), with a reason, and
 * release it; each recorded in the order's history for the company (never for the lender). A
 * payable in an unpaid batch is taken out of it first by the batch (409 until then); one with nothing
 * owed has nothing to hold.
 */
export async function visiblePayable(db: Db, principal: Principal, payableId: string) {
  const row = isUuid(payableId)
    ? await payableRows(db, payableVisibleTo(principal.user))
        .where('p.id', '=', payableId.toLowerCase())
        .executeTakeFirst()
    : undefined;
  if (!row || principal.user.role === 'appraiser') throw notFound('payable');
  return row;
}

export async function holdPayable(
  db: Db,
  config: Config,
  principal: Principal,
  payableId: string,
  reasonInput: string | null,
): Promise<PayableView> {
  const row = await visiblePayable(db, principal, payableId);
  requireCompanyAdmin(principal.user, 'hold and release payables');
  const today = localClock(new Date(), config.timeZone).day;
  const holding = reasonInput !== null;
  const reason = reasonInput?.trim() ?? '';
  if (holding && !reason) throw invalid('reason', 'must say why the payable is held');
  const view = toPayable(row, today);
  if (holding && (view.state === 'paid' || view.state === 'in_batch'))
    throw new AppError(
      'conflict',
      `The payable is ${view.state === 'paid' ? 'paid' : 'in a payout batch'}: there is nothing to hold`,
      [{ field: 'state', message: `is ${view.state}` }],
    );
  if (!holding && row.held_reason === null)
    throw new AppError('conflict', 'The payable is not held', [
      { field: 'state', message: `is ${view.state}` },
    ]);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payables')
      .set(
        holding
          ? { held_reason: reason, held_by: principal.keyOwner.id, held_at: new Date() }
          : { held_reason: null, held_by: null, held_at: null },
      )
      .where('id', '=', row.id)
      .execute();
    await notePayableInHistory(trx, principal, row.order_id, {
      action: holding ? 'payable_held' : 'payable_released',
      reason: holding ? reason : (row.held_reason ?? null),
      details: { payable_id: row.id },
    });
  });
  return toPayable(await visiblePayable(db, principal, row.id), today);
}
