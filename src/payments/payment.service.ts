import { sql } from 'kysely';
import { requireOwnDecision } from '../policy/acting.ts';
import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db, Trx } from '../db/connection.ts';
import type { PaymentMethod } from '../db/schema.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { emitEvent } from '../events/emit.ts';
import { balanceCents, centsToCurrency, centsToDecimal } from '../format/money.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import { postPayment } from '../ledger/ledger.ts';
import { payablesFallDue } from '../ledger/payables-ledger.ts';
import { renderEmail } from '../mail/templates.ts';
import { paymentPagesLocked } from '../metrics/metrics.ts';
import { performSystemAction } from '../orders/order.actions.ts';
import { fullAddress } from '../orders/order.mapper.ts';
import { releaseReport } from '../orders/order.release.ts';
import {
  changeOrder,
  findOrder,
  findVisibleOrder,
  recordOrderChange,
  updateOrder,
} from '../orders/order.store.ts';
import { enqueue } from '../outbox/outbox.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import { isEmail } from '../users/user.service.ts';
import {
  balanceOf,
  invoiceLines,
  PAYMENT_COLUMNS,
  withNames,
  type PayableOrder,
  type PaymentOrder,
} from './payable-order.ts';
import { toPaymentSummary } from './payment.mapper.ts';
import {
  activePageLock,
  claimPendingPayment,
  companyTakesMethod,
  insertPayment,
  lockPaymentPage,
  pendingPayments,
  pendingPaymentsTotal,
  recentDeclines,
  settlePayment,
  succeededPayments,
  type PageLock,
} from './payment.repository.ts';
import { cardBrand, type CardDetails, type PaymentProvider } from '../cards/card-processor.ts';

export interface PaymentDeps {
  db: Db;
  config: Config;
  links: LinkSigner;
  payments: PaymentProvider;
}

/** The order, for its client's users, its company's staff and operators; appraisers don't see the client's fee. */
async function orderForPayments(db: Db, user: AuthUser, orderId: string): Promise<PaymentOrder> {
  const order = await findVisibleOrder(db, user, orderId, { columns: PAYMENT_COLUMNS });
  if (user.role === 'appraiser')
    throw new AppError('forbidden', "Appraisers do not see the client's invoice");
  return order;
}

export async function paymentSummary(deps: PaymentDeps, user: AuthUser, orderId: string) {
  const { db, config, links } = deps;
  const order = await orderForPayments(db, user, orderId);
  const [lines, payments, payLink, lock] = await Promise.all([
    invoiceLines(db, order),
    succeededPayments(db, order.id),
    links.link('pay', order.id, Date.now(), config.paymentLinkTtlSeconds),
    activePageLock(db, order.id),
  ]);
  return toPaymentSummary({ order, lines, payments, payLink, lock: lock ?? null }, links, config.timeZone);
}

function requirePayer(user: AuthUser, order: { client_id: string; company_id: string }): void {
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
  const unknown = Object.keys(record).filter((key) => key !== 'emails' && key !== 'email');
  if (unknown.length > 0)
    throw new AppError(
      'validation_failed',
      `Invalid input: ${unknown.join(', ')}`,
      unknown.map((field) => ({ field, message: 'is not a known field' })),
    );
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
  const order = await withNames(db, await orderForPayments(db, principal.user, orderId));
  requirePayer(principal.user, order);
  requireOwnDecision(principal, { by: 'organization', what: 'ask for payment' });
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
    for (const to of recipients)
      await enqueue(trx, 'email', paymentRequestEmail(order, to, balance, link), {
        orderId: order.id,
        audience: 'client',
        topic: 'payment_link',
      });
    await recordOrderChange(trx, order, principal, [
      {
        action: 'send_payment_link',
        from: order.status,
        to: order.status,
        audience: 'client',
        details: { recipients },
        event: {
          type: 'order.payment_link_sent',
          data: { recipients, balance: centsToDecimal(balance) },
        },
      },
    ]);
  });
}

function paymentRequestEmail(order: PayableOrder, to: string, balance: bigint, link: string) {
  return renderEmail({
    to: [to],
    subject: `Payment requested: appraisal ${order.file_number}`,
    paragraphs: [
      `${order.company_name} requests payment of ${centsToCurrency(balance)} for the appraisal of ${fullAddress(order)} (order ${order.file_number}).`,
      'Pay securely by card on the page below. The link works for a limited time; ask for a new one if it has expired.',
    ],
    action: { label: `Pay ${centsToCurrency(balance)}`, url: link },
  });
}

export async function updatePaymentMethod(
  deps: PaymentDeps,
  principal: Principal,
  orderId: string,
  method: PaymentMethod,
): Promise<void> {
  const { db } = deps;
  await db.transaction().execute(async (trx) => {
    const order = await findVisibleOrder(trx, principal.user, orderId, {
      columns: ['payment_method'],
      lock: true,
    });
    if (principal.user.role === 'appraiser')
      throw new AppError('forbidden', "Appraisers do not see the client's invoice");
    requirePayer(principal.user, order);
    requireOwnDecision(principal, { by: 'organization', what: 'change how the order is paid' });
    if (['Cancelled', 'Fulfilled'].includes(order.status)) {
      throw new AppError(
        'transition_not_allowed',
        `The payment method of a ${order.status} order cannot change`,
        [{ field: 'status', message: `is ${order.status}` }],
      );
    }
    if (!(await companyTakesMethod(trx, order.company_id, method)))
      throw new AppError('validation_failed', `${method} is not accepted by the company`, [
        { field: 'payment_method', message: "is not one of the company's payment methods" },
      ]);
    await changeOrder(trx, order, { payment_method: method }, principal, [
      {
        action: 'update_payment_method',
        from: order.status,
        to: order.status,
        audience: 'client',
        details: { from: order.payment_method, to: method },
      },
    ]);
  });
}

export type PayResult =
  | { outcome: 'paid'; paymentId: string; amountCents: bigint; brand: string; last4: string }
  | { outcome: 'pending'; amountCents: bigint }
  | { outcome: 'nothing_due'; pendingCents?: bigint }
  | { outcome: 'declined'; message: string; lock: PageLock | null }
  | { outcome: 'retry'; message: string }
  | { outcome: 'locked'; lock: PageLock };

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
    const order = await findOrder(trx, orderId, { columns: PAYMENT_COLUMNS, lock: true });
    if (!order) throw new AppError('not_found', 'The order was not found');
    // A payment that its bank still confirms counts as paid until it is declined.
    const pendingCents = await pendingPaymentsTotal(trx, order.id);
    const balance = balanceOf(order) - pendingCents;
    if (balance <= 0n || order.status === 'Cancelled')
      return { outcome: 'nothing_due', pendingCents } as const;
    // Checked under the order's lock: attempts on one page run one at a time, so the cap holds.
    const lock = await activePageLock(trx, order.id);
    if (lock) return { outcome: 'locked', lock } as const;
    const charge = await payments.charge(
      balance,
      card,
      `${order.id}:${order.paid_cents}:${order.credited_cents}:${pendingCents}`,
    );
    const brand = cardBrand(card.number);
    const last4 = card.number.slice(-4);
    const accepted = charge.outcome === 'succeeded' || charge.outcome === 'pending';
    const payment = await insertPayment(trx, {
      order_id: order.id,
      amount_cents: balance.toString(),
      method: 'credit_card',
      status: accepted ? charge.outcome : charge.outcome === 'declined' ? 'declined' : 'failed',
      provider: payments.name,
      provider_reference: accepted ? charge.reference : null,
      card_brand: brand,
      card_last4: last4,
      payer_name: card.name,
      failure_message: accepted ? null : charge.message,
      confirmed_at: charge.outcome === 'succeeded' ? new Date() : null,
    });
    switch (charge.outcome) {
      case 'retry':
        return charge;
      case 'declined':
        if (order.status === 'Completion requested') {
          await performSystemAction(trx, order.id, 'payment_failed', config, {}, { payment_id: payment.id });
        }
        return { ...charge, lock: await lockAfterDeclines(trx, config, order) };
      case 'pending':
        await paymentSubmitted(trx, config, order, payment.id, balance);
        return { outcome: 'pending', amountCents: balance } as const;
      case 'succeeded':
        await paymentReceived(trx, config, order, payment.id, balance);
        return { outcome: 'paid', paymentId: payment.id, amountCents: balance, brand, last4 } as const;
    }
  });
}

/** A payment its bank confirms later: an order waiting for it goes to Pending payment. */
async function paymentSubmitted(
  trx: Trx,
  config: Config,
  order: PaymentOrder,
  paymentId: string,
  amount: bigint,
): Promise<void> {
  const details = { payment_id: paymentId, amount: centsToDecimal(amount) };
  if (order.status === 'Waiting payment') {
    await performSystemAction(trx, order.id, 'payment_submitted', config, {}, details);
  } else {
    await recordOrderChange(trx, order, null, [
      { action: 'payment_submitted', from: order.status, to: order.status, details, audience: 'client' },
    ]);
  }
}

/** A payment received (at once, or confirmed later): the order's paid amount, its event, its next status. */
export async function paymentReceived(
  trx: Trx,
  config: Config,
  order: PaymentOrder,
  paymentId: string,
  amount: bigint,
  recordedBy: { recorded_by: string | null; acting_for: string | null } = {
    recorded_by: null,
    acting_for: null,
  },
): Promise<void> {
  await updateOrder(trx, order.id, { paid_cents: sql`paid_cents + ${amount.toString()}::bigint` });
  const { time_zone: timeZone } = await findCompanyCalendar(trx, order.company_id, config.timeZone);
  await postPayment(
    trx,
    order,
    { id: paymentId, amount_cents: amount, ...recordedBy },
    { now: new Date(), timeZone },
  );
  const balance = balanceCents({ ...order, paid_cents: BigInt(order.paid_cents) + amount });
  await emitEvent(trx, 'order.payment_received', order, {
    payment_id: paymentId,
    amount: centsToDecimal(amount),
    balance: centsToDecimal(balance),
  });
  if (balance <= 0n) await payablesFallDue(trx, order.id, { now: new Date(), timeZone });
  const details = { payment_id: paymentId, amount: centsToDecimal(amount) };
  if (await moveOnWhenSettled(trx, config, order, balance, details)) return;
  await recordOrderChange(trx, order, null, [
    { action: 'payment_received', from: order.status, to: order.status, details, audience: 'client' },
  ]);
  // A completed order whose report waits for payment (the company's setting) is released now.
  await releaseReport(trx, order);
}

/**
 * An order that waits for its payment moves on once nothing is due: paid in full, or the rest
 * credited or written off (docs/money.md). A part payment leaves it waiting. Answers whether it moved.
 */
export async function moveOnWhenSettled(
  trx: Trx,
  config: Config,
  order: Pick<PaymentOrder, 'id' | 'status'>,
  balance: bigint,
  details: Record<string, unknown>,
): Promise<boolean> {
  if (!WAITING_FOR_PAYMENT.includes(order.status) || balance > 0n) return false;
  const completes = order.status === 'Completion requested' || order.status === 'Completion payment hold';
  return performSystemAction(
    trx,
    order.id,
    'payment_received',
    config,
    completes ? { completed_at: new Date() } : {},
    details,
  );
}

/**
 * Asks the card processor how the pending payments ended, and applies each answer: a
 * confirmed payment is received (Pending payment → Unassigned); a declined one fails
 * (Pending payment → Waiting payment). Run by every process's timers; each payment is claimed
 * (FOR UPDATE SKIP LOCKED) so that two processes never apply one twice. Answers how many ended.
 */
export async function confirmPendingPayments(
  deps: Pick<PaymentDeps, 'db' | 'config' | 'payments'>,
): Promise<number> {
  const { db, config, payments } = deps;
  let ended = 0;
  for (const { id } of await pendingPayments(db, 100)) {
    const done = await db.transaction().execute(async (trx) => {
      const payment = await claimPendingPayment(trx, id);
      if (!payment?.provider_reference) return false;
      const confirmation = await payments.confirm(payment.provider_reference);
      if (confirmation.outcome === 'pending') return false;
      const order = await findOrder(trx, payment.order_id, { columns: PAYMENT_COLUMNS, lock: true });
      if (!order) return false;
      if (confirmation.outcome === 'succeeded') {
        await settlePayment(trx, payment.id, { status: 'succeeded', confirmed_at: new Date() });
        await paymentReceived(trx, config, order, payment.id, BigInt(payment.amount_cents));
      } else {
        await settlePayment(trx, payment.id, { status: 'declined', failure_message: confirmation.message });
        const details = { payment_id: payment.id, reason: confirmation.message };
        if (order.status === 'Pending payment')
          await performSystemAction(trx, order.id, 'payment_failed', config, {}, details);
        else
          await recordOrderChange(trx, order, null, [
            {
              action: 'payment_failed',
              from: order.status,
              to: order.status,
              audience: 'client',
              reason: confirmation.message,
              details,
            },
          ]);
      }
      return true;
    });
    if (done) ended += 1;
  }
  return ended;
}

/**
 * Card testing: a payment page whose cards are declined CARD_DECLINES_BEFORE_LOCK times within
 * CARD_LOCK_MINUTES is locked for CARD_LOCK_MINUTES. A locked page charges nothing and stores
 * nothing; the lender sees the lock in the payments summary and the order's history.
 */
async function lockAfterDeclines(trx: Trx, config: Config, order: PaymentOrder): Promise<PageLock | null> {
  const limit = config.cardDeclinesBeforeLock;
  if (limit === 0) return null;
  const declines = await recentDeclines(trx, order.id, config.cardLockMinutes);
  if (declines < limit) return null;
  const lock = await lockPaymentPage(trx, order.id, {
    minutes: config.cardLockMinutes,
    declinedAttempts: declines,
    reason: `${declines} card payments were declined within ${config.cardLockMinutes} minutes`,
  });
  paymentPagesLocked.inc();
  await recordOrderChange(trx, order, null, [
    {
      action: 'payment_page_locked',
      from: order.status,
      to: order.status,
      audience: 'client',
      reason: lock.reason,
      details: { locked_until: lock.locked_until.toISOString(), declined_attempts: declines },
    },
  ]);
  return lock;
}
