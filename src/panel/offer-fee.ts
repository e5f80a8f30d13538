import type { Db } from '../db/connection.ts';
import { daysUntil, quoteFee, type FeeQuote } from '../fees/fee-quote.ts';
import { findAppraiserFeeEntries } from '../fees/fee-schedule.repository.ts';
import { findSelectionOrder, type SelectionOrder } from './selection.repository.ts';

/**
 * What each appraiser would be offered for the order (docs/fees.md): their own schedule's most
 * specific line for the order's product and place, else the company's standard one, with the rush
 * add-on (measured to the date the appraiser must deliver) and the complexity add-on. null: no
 * line applies, and the offer needs a fee entered.
 */
export async function offerFees(
  db: Db,
  order: SelectionOrder,
  appraiserIds: string[],
  now: Date,
): Promise<Map<string, FeeQuote | null>> {
  const quotes = new Map<string, FeeQuote | null>();
  if (order.product_id === null || appraiserIds.length === 0) {
    for (const id of appraiserIds) quotes.set(id, null);
    return quotes;
  }
  const entries = await findAppraiserFeeEntries(db, {
    companyId: order.company_id,
    productId: order.product_id,
    stateId: order.state_id,
    appraiserIds,
  });
  const standard = entries.get(null) ?? [];
  const subject = {
    stateId: order.state_id,
    countyId: order.county_id,
    daysToDue: daysUntil(order.vendor_due_date ?? order.due_date, now),
    complex: order.complex_property === true,
  };
  for (const id of appraiserIds) quotes.set(id, quoteFee(entries.get(id) ?? [], subject, standard));
  return quotes;
}

/** What one appraiser would be offered for the order by the schedules; null: no line applies. */
export async function scheduledOfferFee(
  db: Db,
  orderId: string,
  appraiserId: string,
  now: Date,
): Promise<bigint | null> {
  const order = await findSelectionOrder(db, orderId);
  if (!order) return null;
  return (await offerFees(db, order, [appraiserId], now)).get(appraiserId)?.total_cents ?? null;
}
