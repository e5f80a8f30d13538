import { sql } from 'kysely';
import type { Trx } from '../db/connection.ts';
import { balanceCents, centsToDecimal } from '../format/money.ts';
import { invoiceNumber } from '../ledger/document-numbers.ts';
import { planReminder } from '../ledger/invoice-reminders.ts';
import type { Status } from '../workflow/statuses.ts';
import { changeOrder } from './order.store.ts';

/**
 * Sends the invoice reminder that has waited longest (docs/money.md, "Reminders"), in the caller's
 * transaction: a history entry for the lender and the company on the order, which raises the
 * `invoice_reminder` notice, and the next reminder of the schedule planned. An invoice with nothing
 * owed any more is passed over without a word and reminds no more. Answers when the reminder was
 * due, or null when none is.
 */
export async function sendNextInvoiceReminder(trx: Trx, timeZone: string, now: Date): Promise<Date | null> {
  const { rows } = await sql<{
    invoice_id: string;
    number: string;
    due_on: string;
    remind_at: Date;
    reminders_sent: number;
    id: string;
    file_number: string;
    client_id: string;
    company_id: string;
    status: Status;
    total_fee_cents: string;
    paid_cents: string;
    credited_cents: string;
  }>`
    SELECT i.id AS invoice_id, i.number, i.due_on, i.remind_at, i.reminders_sent,
           o.id, o.file_number, o.client_id, o.company_id, o.status, o.total_fee_cents, o.paid_cents, o.credited_cents
      FROM invoices i JOIN orders o ON o.id = i.order_id
     WHERE i.remind_at <= ${now}
     ORDER BY i.remind_at LIMIT 1 FOR UPDATE OF i SKIP LOCKED`.execute(trx);
  const due = rows[0];
  if (!due) return null;
  const balance = balanceCents(due);
  if (balance <= 0n) {
    await trx.updateTable('invoices').set({ remind_at: null }).where('id', '=', due.invoice_id).execute();
    return due.remind_at;
  }
  const today = now.toISOString().slice(0, 10);
  const late = Math.round((Date.parse(today) - Date.parse(due.due_on)) / 86_400_000);
  await changeOrder(trx, due, {}, null, [
    {
      action: 'invoice_reminder',
      from: due.status,
      to: due.status,
      details: {
        invoice_number: invoiceNumber(due.number),
        balance: centsToDecimal(balance),
        due_on: due.due_on,
        days_past_due: Math.max(0, late),
      },
      audience: 'client',
    },
  ]);
  // The reminder sent stands for every one of the schedule due by now: the next is after the last of them.
  const current = await planReminder(trx, due, due.reminders_sent, now, timeZone);
  const next = await planReminder(trx, due, current.index + 1, now, timeZone);
  await trx
    .updateTable('invoices')
    .set({ remind_at: next.remind_at, reminders_sent: next.index })
    .where('id', '=', due.invoice_id)
    .execute();
  return due.remind_at;
}
