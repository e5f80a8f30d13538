import type { Db } from '../db/connection.ts';
import { daysUntil, quoteFee } from '../fees/fee-quote.ts';
import { findLenderFeeEntries } from '../fees/fee-schedule.repository.ts';

/**
 * What a new order's products cost the lender (docs/fees.md): the company's fee schedule where it
 * has a line for the subject (the client's own before everyone's, the county before the state
 * before everywhere) with its rush and complexity add-ons; otherwise the client's product fee.
 * The schedule is read only when the lookups found a line that may apply.
 */
export async function priceProducts<Product extends { id: string; fee_cents: string; scheduled: boolean }>(
  db: Db,
  products: Product[],
  subject: {
    clientId: string;
    stateId: string;
    countyId: string | null;
    dueDate: Date;
    complex: boolean;
    now: Date;
  },
): Promise<Product[]> {
  const scheduled = products.filter((product) => product.scheduled);
  if (scheduled.length === 0) return products;
  const entries = await findLenderFeeEntries(db, {
    clientId: subject.clientId,
    productIds: scheduled.map((product) => product.id),
    stateId: subject.stateId,
  });
  const feeSubject = {
    stateId: subject.stateId,
    countyId: subject.countyId,
    daysToDue: daysUntil(subject.dueDate, subject.now),
    complex: subject.complex,
  };
  return products.map((product) => {
    const quote = quoteFee(entries.get(product.id) ?? [], feeSubject);
    return quote === null ? product : { ...product, fee_cents: quote.total_cents.toString() };
  });
}
