import type { Principal } from '../auth/principal.ts';
import { localClock } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, forbidden, invalid, type FieldProblem } from '../errors/app-error.ts';
import { balanceCents, centsToCurrency, centsToDecimal, decimalToCents } from '../format/money.ts';
import { invoiceNumber } from '../ledger/document-numbers.ts';
import { findOrder } from '../orders/order.store.ts';
import { companyInReach } from '../organizations/company-reach.ts';
import { PAYMENT_COLUMNS } from '../payments/payable-order.ts';
import { insertPayment } from '../payments/payment.repository.ts';
import { paymentReceived } from '../payments/payment.service.ts';
import { lockInvoice } from './receivables.repository.ts';
import type { ReceiptInput, ReceiptView } from './receivables.schemas.ts';

/**
 * A check, ACH or wire a lender sent, recorded by the company and applied to its open invoices
 * (docs/money.md, "Receipts"). Each application is a payment on its order, received as a card
 * payment is (the order's paid amount, its event, an order waiting for payment moving on once
 * nothing is owed) and an entry of the invoice's ledger; the receipt keeps the whole amount, which
 * its applications add up to exactly. Nothing is kept unless every application is well.
 */
export async function recordReceipt(
  db: Db,
  config: Config,
  principal: Principal,
  companyIdParam: string,
  input: ReceiptInput,
): Promise<ReceiptView> {
  const { user } = principal;
  const companyId = await companyInReach(db, user, companyIdParam);
  if (user.role !== 'operator' && !user.isAdmin) throw forbidden("Only the company's admins record receipts");
  const client = await db
    .selectFrom('company_clients as cc')
    .innerJoin('organizations as o', 'o.id', 'cc.client_id')
    .select(['o.id', 'o.name'])
    .where('cc.company_id', '=', companyId)
    .where(
      'cc.client_id',
      '=',
      isUuid(input.client_id) ? input.client_id.toLowerCase() : '00000000-0000-0000-0000-000000000000',
    )
    .executeTakeFirst();
  if (!client) throw invalid('client_id', 'is not a client of this company');
  const { time_zone: zone } = await findCompanyCalendar(db, companyId, config.timeZone);
  const today = localClock(new Date(), zone).day;
  if (input.received_on > today) throw invalid('received_on', `is in the future: at most ${today}`);
  const reference = input.reference.trim();
  if (!reference) throw invalid('reference', 'must name the check or transfer');
  const amount = decimalToCents(input.amount);
  if (amount === null || amount <= 0n) throw invalid('amount', 'must be more than 0.00');
  const problems: FieldProblem[] = [];
  const applications = input.applications.map((application, index) => {
    const cents = decimalToCents(application.amount);
    if (cents === null || cents <= 0n)
      problems.push({ field: `applications[${index}].amount`, message: 'must be more than 0.00' });
    const invoiceId = application.invoice_id.toLowerCase();
    if (input.applications.findIndex((a) => a.invoice_id.toLowerCase() === invoiceId) !== index)
      problems.push({
        field: `applications[${index}].invoice_id`,
        message: 'names an invoice named before: apply to each once',
      });
    return { index, invoiceId, cents: cents ?? 0n };
  });
  const applied = applications.reduce((sum, a) => sum + a.cents, 0n);
  if (problems.length === 0 && applied !== amount)
    problems.push({
      field: 'applications',
      message: `add up to ${centsToCurrency(applied)}, not the ${centsToCurrency(amount)} received: apply all of it`,
    });
  if (problems.length)
    throw new AppError('validation_failed', 'The receipt cannot be applied as sent', problems);

  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('receipts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('client_id', '=', client.id)
      .where('method', '=', input.method)
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (taken)
      throw new AppError(
        'conflict',
        `A ${input.method} with reference ${reference} from this client was recorded already`,
        [{ field: 'reference', message: `is recorded already (receipt ${taken.id})` }],
      );
    const receipt = await trx
      .insertInto('receipts')
      .values({
        company_id: companyId,
        client_id: client.id,
        method: input.method,
        reference,
        received_on: input.received_on,
        amount_cents: amount.toString(),
        recorded_by: principal.keyOwner.id,
        acting_for: principal.keyOwner.id === user.id ? null : user.id,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    // Orders are locked in one order (by invoice id) so that two receipts never wait on each other.
    const sorted = [...applications].sort((a, b) => (a.invoiceId < b.invoiceId ? -1 : 1));
    const results: ReceiptView['applications'] = [];
    for (const application of sorted) {
      const field = `applications[${application.index}]`;
      const invoice = isUuid(application.invoiceId)
        ? await lockInvoice(trx, application.invoiceId)
        : undefined;
      if (!invoice || invoice.company_id !== companyId || invoice.client_id !== client.id)
        throw invalid(`${field}.invoice_id`, 'is not an invoice of this client');
      const balance = balanceCents(invoice);
      if (application.cents > balance)
        throw invalid(
          `${field}.amount`,
          `is more than the balance of invoice ${invoiceNumber(invoice.number)}, ${centsToCurrency(balance)}`,
        );
      const payment = await insertPayment(trx, {
        order_id: invoice.order_id,
        amount_cents: application.cents.toString(),
        method: input.method,
        status: 'succeeded',
        provider: 'recorded',
        provider_reference: reference,
        card_brand: null,
        card_last4: null,
        payer_name: client.name,
        failure_message: null,
        confirmed_at: new Date(),
        receipt_id: receipt.id,
      });
      const order = await findOrder(trx, invoice.order_id, { columns: PAYMENT_COLUMNS, lock: true });
      await paymentReceived(trx, config, order!, payment.id, application.cents, {
        recorded_by: principal.keyOwner.id,
        acting_for: principal.keyOwner.id === user.id ? null : user.id,
      });
      results[application.index] = {
        invoice_id: invoice.id,
        number: invoiceNumber(invoice.number),
        payment_id: payment.id,
        amount: centsToDecimal(application.cents)!,
        balance: centsToDecimal(balance - application.cents)!,
      };
    }
    return {
      id: receipt.id,
      client: { id: client.id, name: client.name },
      method: input.method,
      reference,
      received_on: input.received_on,
      amount: centsToDecimal(amount)!,
      applications: results,
      recorded_by: {
        id: principal.keyOwner.id,
        name: `${principal.keyOwner.firstName} ${principal.keyOwner.lastName}`,
      },
      recorded_at: receipt.created_at.toISOString(),
    };
  });
}
