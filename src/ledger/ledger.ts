import type { Trx } from '../db/connection.ts';
import type { InvoiceIssuedOn } from '../db/schema.ts';
import { planReminder } from './invoice-reminders.ts';
import { findInvoiceOfOrder, insertEntry, insertInvoice, takeDocumentNumber } from './ledger.repository.ts';

/**
 * The receivables ledger's rules (docs/money.md, "Receivables"). An order's invoice is issued
 * once: when the report is delivered, or at the first payment if that comes first; issuing posts
 * the order's fees as its charge. From then on every change of what the lender owes is an entry
 * of the ledger, in the same transaction as the change of the order: an agreed fee change, a
 * payment, a credit note, a write-off. So the entries of an invoice always add up to the order's
 * balance (total - paid - credited), which the ledger's property test holds.
 */
export interface BillableOrder {
  id: string;
  company_id: string;
  client_id: string;
  total_fee_cents: string | bigint;
}

export interface IssuedInvoice {
  id: string;
  number: bigint;
  fresh: boolean;
}

/** The order's invoice, issued now if it has none; `timeZone` is the company's, for its due day. */
export async function issueInvoice(
  trx: Trx,
  order: BillableOrder,
  issuedOn: InvoiceIssuedOn,
  at: { now: Date; timeZone: string },
): Promise<IssuedInvoice> {
  const kept = await findInvoiceOfOrder(trx, order.id);
  if (kept) return { id: kept.id, number: BigInt(kept.number), fresh: false };
  const number = await takeDocumentNumber(trx, order.company_id, 'invoice');
  const invoice = await insertInvoice(trx, {
    company_id: order.company_id,
    client_id: order.client_id,
    order_id: order.id,
    number,
    issued_at: at.now,
    issued_on: issuedOn,
    time_zone: at.timeZone,
  });
  // The first reminder of the client's schedule, if it has one.
  const plan = await planReminder(
    trx,
    { company_id: order.company_id, client_id: order.client_id, due_on: invoice.due_on },
    0,
    at.now,
    at.timeZone,
  );
  if (plan.remind_at)
    await trx
      .updateTable('invoices')
      .set({ remind_at: plan.remind_at, reminders_sent: plan.index })
      .where('id', '=', invoice.id)
      .execute();
  const total = BigInt(order.total_fee_cents);
  if (total !== 0n)
    await insertEntry(trx, {
      invoice_id: invoice.id,
      company_id: order.company_id,
      client_id: order.client_id,
      kind: 'charge',
      amount_cents: total,
      created_at: at.now,
    });
  return { id: invoice.id, number, fresh: true };
}

/** A fee change agreed after the invoice was issued moves its balance; before, the charge holds it. */
export async function postFeeChange(
  trx: Trx,
  order: BillableOrder,
  newTotalCents: bigint,
  recordedBy: string | null,
  reason = 'Agreed fee change',
): Promise<void> {
  const delta = newTotalCents - BigInt(order.total_fee_cents);
  if (delta === 0n) return;
  const invoice = await findInvoiceOfOrder(trx, order.id);
  if (!invoice) return;
  await insertEntry(trx, {
    invoice_id: invoice.id,
    company_id: order.company_id,
    client_id: order.client_id,
    kind: 'adjustment',
    amount_cents: delta,
    reason,
    recorded_by: recordedBy,
  });
}

/** A payment received on the order (a card, or a check, ACH or wire applied to it). */
export async function postPayment(
  trx: Trx,
  order: BillableOrder,
  payment: { id: string; amount_cents: bigint; recorded_by?: string | null; acting_for?: string | null },
  at: { now: Date; timeZone: string },
): Promise<IssuedInvoice> {
  const invoice = await issueInvoice(trx, order, 'payment', at);
  await insertEntry(trx, {
    invoice_id: invoice.id,
    company_id: order.company_id,
    client_id: order.client_id,
    kind: 'payment',
    amount_cents: -payment.amount_cents,
    payment_id: payment.id,
    recorded_by: payment.recorded_by ?? null,
    acting_for: payment.acting_for ?? null,
    created_at: at.now,
  });
  return invoice;
}
