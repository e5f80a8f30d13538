import type { AuthUser } from '../auth/principal.ts';
import { localClock } from '../calendar/business-calendar.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { centsToDecimal } from '../format/money.ts';
import { listPayables, payableVisibleTo, type PayableRow } from './payables.repository.ts';
import type { PayableListInput, PayableListView, PayableView } from './payables.schemas.ts';

/**
 * What an appraiser is owed and was paid, order by order (docs/money.md, "Payables"): the
 * appraiser's own statement, and the company's view of all its appraisers.
 */
const money = (cents: bigint | string) => centsToDecimal(cents)!;
/** An order that stands delivered (or cancelled, for a trip fee): its payable is not held. */
const DELIVERED = ['Completed', 'Fulfilled', 'Cancelled'];

export function toPayable(row: PayableRow, today: string): PayableView {
  const fee = BigInt(row.fee_cents);
  const extras = BigInt(row.extras_cents);
  const deducted = BigInt(row.deducted_cents);
  const paid = BigInt(row.paid_cents);
  const owed = fee + extras - deducted - paid;
  const reopened = !DELIVERED.includes(row.order_status);
  const state: PayableView['state'] =
    owed <= 0n
      ? 'paid'
      : row.in_batch
        ? 'in_batch'
        : row.held_reason !== null || reopened
          ? 'held'
          : row.due_on !== null && row.due_on <= today
            ? 'due'
            : 'waiting';
  return {
    id: row.id,
    order_id: row.order_id,
    file_number: row.file_number,
    appraiser: { id: row.appraiser_id, name: row.appraiser_name },
    earned_at: row.earned_at.toISOString(),
    due_on: row.due_on,
    fee: money(fee),
    extras: money(extras),
    deducted: money(deducted),
    paid: money(paid),
    owed: money(owed),
    state,
    held_reason: row.held_reason ?? (reopened && owed > 0n ? `The order is ${row.order_status} again` : null),
  };
}

export async function listPayablesFor(
  db: Db,
  user: AuthUser,
  query: PayableListInput,
  config: Config,
): Promise<PayableListView> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  const today = localClock(new Date(), config.timeZone).day;
  const { rows, totals } = await listPayables(
    db,
    payableVisibleTo(user),
    {
      ...(user.role === 'appraiser' || !query.appraiser_id
        ? {}
        : { appraiserId: query.appraiser_id.toLowerCase() }),
      state: query.state ?? 'all',
      today,
    },
    { page, perPage },
  );
  return {
    payables: rows.map((row) => toPayable(row, today)),
    totals: { owed: money(totals.owed), due: money(totals.due), paid: money(totals.paid) },
    page,
    per_page: perPage,
    total_count: Number(totals.n),
  };
}
