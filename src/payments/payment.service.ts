import { sql } from 'kysely';
import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { PaymentMethod } from '../db/schema.ts';
import { formatDate } from '../format/dates.ts';
import { centsToCurrency } from '../format/money.ts';
import { AppError, notFound, type FieldProblem } from '../http/errors.ts';
import { renderEmail } from '../mail/templates.ts';
import { isUuid } from '../organizations/organization.repository.ts';
import { fullAddress } from '../orders/order.mapper.ts';
import { enqueue } from '../outbox/outbox.ts';
import { emitEvent } from '../events/emit.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import { isEmail } from '../users/user.service.ts';
import { orderVisibleTo } from '../workflow/access.ts';
import { performSystemAction } from '../workflow/perform.ts';
import {
  invoiceItems,
  payableOrderQuery,
  succeededPayments,
  type PayableOrder,
} from './payment.repository.ts';
import { cardBrand, type CardDetails, type PaymentProvider } from './provider.ts';

export interface PaymentDeps {
  db: Db;
  config: Config;
  links: LinkSigner;
  payments: PaymentProvider;
}

const balanceOf = (order: Pick<PayableOrder, 'total_fee_cents' | 'paid_cents'>): bigint =>
  BigInt(order.total_fee_cents) - BigInt(order.paid_cents);

/** The order, for its client's users, its company's staff and operators; appraisers don't see the client's fee. */
async function orderForPayments(db: Db, user: AuthUser, orderId: string): Promise<PayableOrder> {
  if (!isUuid(orderId)) throw notFound('order');
  const order = await payableOrderQuery(db)
    .where('orders.id', '=', orderId)
    .where(orderVisibleTo(user))
    .executeTakeFirst();
  if (!order) throw notFound('order');
  if (user.role === 'appraiser')
    throw new AppError('forbidden', "Appraisers do not see the client's invoice");
  return order;
}

/** Invoice lines: the products' fees, and one adjustment line for fee changes agreed in negotiations. */
export async function invoiceLines(db: Db, order: PayableOrder): Promise<{ name: string; cents: bigint }[]> {
  const items = (await invoiceItems(db, order.id)).map((i) => ({ name: i.name, cents: BigInt(i.fee_cents) }));
  const adjustment = BigInt(order.total_fee_cents) - items.reduce((sum, i) => sum + i.cents, 0n);
  return adjustment === 0n
    ? items
    : [...items, { name: 'Fee adjustment (agreed change)', cents: adjustment }];
}

export const paidBy = (payment: { card_last4: string | null; method: string }): string =>
  payment.card_last4
    ? `Paid with **** ${payment.card_last4}`
    : `Paid by ${payment.method.replace(/_/g, ' ')}`;

export async function paymentSummary(deps: PaymentDeps, user: AuthUser, orderId: string) {
  const { db, config, links } = deps;
  const order = await orderForPayments(db, user, orderId);
  const [lines, payments] = await Promise.all([invoiceLines(db, order), succeededPayments(db, order.id)]);
  return {
    balance: centsToCurrency(balanceOf(order)),
    total: centsToCurrency(order.total_fee_cents),
    total_paid: centsToCurrency(order.paid_cents),
    input_credit_card_link: await links.link('pay', order.id, Date.now(), config.paymentLinkTtlSeconds),
    pdf_link: await links.link('invoices', order.id),
    items: lines.map((line) => ({ amount: centsToCurrency(line.cents), product_name: line.name })),
    payments: await Promise.all(
      payments.map(async (p) => ({
        amount: centsToCurrency(p.amount_cents),
        confirmed_at: formatDate(p.confirmed_at, config.timeZone) ?? '',
        created_at: formatDate(p.created_at, config.timeZone)!,
        method: p.method,
        paid_by: paidBy(p),
        receipt_link: await links.link('receipts', p.id),
      })),
    ),
  };
}

function requirePayer(user: AuthUser, order: PayableOrder): void {
  const allowed =
    (user.role === 'client' && user.organizationId === order.client_id) ||
    (user.role === 'staff' && user.organizationId === order.company_id);
  if (!allowed)
    throw new AppError('forbidden', "Only the order's client users and company staff manage its payment");
}

/** The recipients, from `emails` or `email` (an array or one address), or a bare JSON array. */
export function recipientsOf(body: unknown): { emails: string[]; field: string } {
  if (Array.isArray(body)) return { emails: body as string[], field: 'emails' };
  const record = (body ?? {}) as Record<string, unknown>;
  const field = record.emails !== undefined ? 'emails' : 'email';
  const value = record[field];
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return { emails: list as string[], field };
}

export async function sendPaymentLink(
  deps: PaymentDeps,
  principal: Principal,
  orderId: string,
  body: unknown,
): Promise<void> {
  const { db, config, links } = deps;
  const order = await orderForPayments(db, principal.user, orderId);
  requirePayer(principal.user, order);
  const { emails, field } = recipientsOf(body);
  const problems: FieldProblem[] = [];
  if (emails.length === 0)
    problems.push({ field: 'emails', message: 'is required: an array of email addresses' });
  if (emails.length > 20) problems.push({ field, message: 'takes at most 20 addresses' });
  emails.forEach((email, index) => {
    if (typeof email !== 'string' || !isEmail(email.trim()))
      problems.push({ field: `${field}[${index}]`, message: 'is not an email address' });
  });
  if (problems.length > 0) throw new AppError('validation_failed', 'The recipients are not valid', problems);
  const balance = balanceOf(order);
  if (balance <= 0n)
    throw new AppError('conflict', 'The order has no balance to pay', [
      { field: 'balance', message: 'is $0.00' },
    ]);
  if (order.status === 'Cancelled')
    throw new AppError('transition_not_allowed', 'The order is cancelled', [
      { field: 'status', message: 'is Cancelled' },
    ]);

  const link = await links.link('pay', order.id, Date.now(), config.paymentLinkTtlSeconds);
  const recipients = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  await db.transaction().execute(async (trx) => {
    for (const to of recipients) {
      await enqueue(
        trx,
        'email',
        renderEmail({
          to: [to],
          subject: `Payment requested: appraisal ${order.file_number}`,
          paragraphs: [
            `${order.company_name} requests payment of ${centsToCurrency(balance)} for the appraisal of ${fullAddress(order)} (order ${order.file_number}).`,
            'Pay securely by card on the page below. The link works for a limited time; ask for a new one if it has expired.',
          ],
          action: { label: `Pay ${centsToCurrency(balance)}`, url: link },
        }),
      );
    }
    await emitEvent(trx, 'order.payment_link_sent', order, { recipients, balance: centsToCurrency(balance) });
    await trx
      .insertInto('order_history')
      .values({
        order_id: order.id,
        action: 'send_payment_link',
        from_status: order.status,
        to_status: order.status,
        user_id: principal.user.id,
        key_owner_id: principal.keyOwner.id,
        details: JSON.stringify({ recipients }),
      })
      .execute();
  });
}

export async function updatePaymentMethod(
  deps: PaymentDeps,
  principal: Principal,
  orderId: string,
  method: string,
): Promise<void> {
  const { db } = deps;
  const order = await orderForPayments(db, principal.user, orderId);
  requirePayer(principal.user, order);
  if (['Cancelled', 'Fulfilled'].includes(order.status)) {
    throw new AppError(
      'transition_not_allowed',
      `The payment method of a ${order.status} order cannot change`,
      [{ field: 'status', message: `is ${order.status}` }],
    );
  }
  const accepted = await db
    .selectFrom('company_payment_methods')
    .select('method')
    .where('company_id', '=', order.company_id)
    .where('method', '=', method as PaymentMethod)
    .executeTakeFirst();
  if (!accepted)
    throw new AppError('validation_failed', `${method} is not accepted by the company`, [
      { field: 'payment_method', message: "is not one of the company's payment methods" },
    ]);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ payment_method: method, updated_at: new Date() })
      .where('id', '=', order.id)
      .execute();
    await trx
      .insertInto('order_history')
      .values({
        order_id: order.id,
        action: 'update_payment_method',
        from_status: order.status,
        to_status: order.status,
        user_id: principal.user.id,
        key_owner_id: principal.keyOwner.id,
        details: JSON.stringify({ from: order.payment_method, to: method }),
      })
      .execute();
  });
}

export type PayResult =
  | { outcome: 'paid'; paymentId: string; amountCents: bigint; brand: string; last4: string }
  | { outcome: 'nothing_due' }
  | { outcome: 'declined'; message: string }
  | { outcome: 'retry'; message: string };

/** Statuses where a payment moves the order on (the table's payment_received / payment_failed). */
const WAITING_FOR_PAYMENT = [
  'Waiting payment',
  'Pending payment',
  'Completion requested',
  'Completion payment hold',
];

/**
 * Pays the order's balance by card, from the hosted payment page. The order row stays locked
 * from reading the balance to recording the result, so a double submission charges once.
 */
export async function payBalance(deps: PaymentDeps, orderId: string, card: CardDetails): Promise<PayResult> {
  const { db, config, payments } = deps;
  return db.transaction().execute(async (trx) => {
    const order = await payableOrderQuery(trx)
      .where('orders.id', '=', orderId)
      .forUpdate('orders')
      .executeTakeFirst();
    if (!order) throw notFound('order');
    const balance = balanceOf(order);
    if (balance <= 0n || order.status === 'Cancelled') return { outcome: 'nothing_due' } as const;
    const charge = await payments.charge(balance, card, `${order.id}:${order.paid_cents}`);
    const brand = cardBrand(card.number);
    const last4 = card.number.slice(-4);
    const payment = await trx
      .insertInto('payments')
      .values({
        order_id: order.id,
        amount_cents: balance.toString(),
        method: 'credit_card',
        status:
          charge.outcome === 'succeeded'
            ? 'succeeded'
            : charge.outcome === 'declined'
              ? 'declined'
              : 'failed',
        provider: payments.name,
        provider_reference: charge.outcome === 'succeeded' ? charge.reference : null,
        card_brand: brand,
        card_last4: last4,
        payer_name: card.name,
        failure_message: charge.outcome === 'succeeded' ? null : charge.message,
        confirmed_at: charge.outcome === 'succeeded' ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (charge.outcome !== 'succeeded') {
      if (charge.outcome === 'declined' && order.status === 'Completion requested') {
        await performSystemAction(trx, order.id, 'payment_failed', config, {}, { payment_id: payment.id });
      }
      return charge;
    }
    await trx
      .updateTable('orders')
      .set({ paid_cents: sql`paid_cents + ${balance.toString()}::bigint`, updated_at: new Date() })
      .where('id', '=', order.id)
      .execute();
    await emitEvent(trx, 'order.payment_received', order, {
      payment_id: payment.id,
      amount: centsToCurrency(balance),
      balance: centsToCurrency(0),
    });
    if (WAITING_FOR_PAYMENT.includes(order.status)) {
      const completes = order.status === 'Completion requested' || order.status === 'Completion payment hold';
      await performSystemAction(
        trx,
        order.id,
        'payment_received',
        config,
        completes ? { completed_at: new Date() } : {},
        {
          payment_id: payment.id,
          amount: centsToCurrency(balance),
        },
      );
    } else {
      await trx
        .insertInto('order_history')
        .values({
          order_id: order.id,
          action: 'payment_received',
          from_status: order.status,
          to_status: order.status,
          details: JSON.stringify({ payment_id: payment.id, amount: centsToCurrency(balance) }),
        })
        .execute();
    }
    return { outcome: 'paid', paymentId: payment.id, amountCents: balance, brand, last4 } as const;
  });
}
