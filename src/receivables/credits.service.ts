import type { Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { AppError, forbidden, invalid } from '../errors/app-error.ts';
import { balanceCents, centsToCurrency, decimalToCents } from '../format/money.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import { insertEntry, takeDocumentNumber } from '../ledger/ledger.repository.ts';
import { payablesFallDue } from '../ledger/payables-ledger.ts';
import { updateOrder } from '../orders/order.store.ts';
import { moveOnWhenSettled } from '../payments/payment.service.ts';
import { lockInvoice } from './receivables.repository.ts';
import { findVisibleInvoice, getInvoice } from './receivables.service.ts';
import type { CreditInput, InvoiceDetailView } from './receivables.schemas.ts';
import type { Status } from '../workflow/statuses.ts';

/**
 * Credit notes and write-offs (docs/money.md): both lower what the lender owes on one invoice, with
 * a reason kept on the ledger with who recorded it. A credit note is a document the lender gets
 * (numbered CN-…, without gaps, printed on the invoice); a write-off is the company giving up a debt
 * it cannot collect. The company's admins (and operators) record them; never more than is owed.
 */
export type CreditKind = 'credit_note' | 'write_off';

export async function recordCredit(
  db: Db,
  config: Config,
  principal: Principal,
  invoiceId: string,
  kind: CreditKind,
  input: CreditInput,
): Promise<InvoiceDetailView> {
  const { user } = principal;
  const seen = await findVisibleInvoice(db, user, invoiceId);
  if (user.role !== 'operator' && !(user.role === 'staff' && user.isAdmin))
    throw forbidden(
      `Only the company's admins record ${kind === 'credit_note' ? 'credit notes' : 'write-offs'}`,
    );
  const reason = input.reason.trim();
  if (!reason) throw invalid('reason', 'must say why, in words');
  const asked = input.amount === undefined ? null : decimalToCents(input.amount);
  if (asked !== null && asked <= 0n) throw invalid('amount', 'must be more than 0.00');
  if (asked === null && kind === 'credit_note')
    throw invalid('amount', 'is required for a credit note: how much is credited, e.g. "50.00"');
  await db.transaction().execute(async (trx) => {
    const invoice = (await lockInvoice(trx, seen.id))!;
    const balance = balanceCents(invoice);
    if (balance <= 0n)
      throw new AppError(
        'conflict',
        `Nothing is owed on invoice ${seen.number}: there is nothing to ${kind === 'credit_note' ? 'credit' : 'write off'}`,
        [{ field: 'balance', message: 'is 0.00' }],
      );
    const amount = asked ?? balance;
    if (amount > balance)
      throw invalid(
        'amount',
        `is more than the balance of ${centsToCurrency(balance)}: at most ${centsToCurrency(balance)}`,
      );
    const number =
      kind === 'credit_note' ? await takeDocumentNumber(trx, invoice.company_id, 'credit_note') : null;
    await insertEntry(trx, {
      invoice_id: invoice.id,
      company_id: invoice.company_id,
      client_id: invoice.client_id,
      kind,
      amount_cents: -amount,
      credit_note_number: number,
      reason,
      recorded_by: principal.keyOwner.id,
      acting_for: principal.keyOwner.id === user.id ? null : user.id,
      created_at: new Date(),
    });
    await updateOrder(trx, invoice.order_id, {
      credited_cents: (BigInt(invoice.credited_cents) + amount).toString(),
    });
    if (balance - amount <= 0n) {
      const { time_zone: timeZone } = await findCompanyCalendar(trx, invoice.company_id, config.timeZone);
      await payablesFallDue(trx, invoice.order_id, { now: new Date(), timeZone });
    }
    // An order that waits for its payment moves on once nothing is owed.
    await moveOnWhenSettled(
      trx,
      config,
      { id: invoice.order_id, status: invoice.status as Status },
      balance - amount,
      {
        [kind]: centsToCurrency(amount),
        reason,
      },
    );
  });
  return getInvoice(db, user, seen.id, config);
}
