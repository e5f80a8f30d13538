import { offerTiming } from './order.offer-timing.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { centsToDecimal } from '../format/money.ts';
import { timerLag, timerLastRun } from '../metrics/metrics.ts';
import { performSystemAction } from './order.actions.ts';
import { decideAssignment } from '../panel/selection.service.ts';
import { sendNextMilestoneNotice } from './order.milestone-notices.ts';
import { sendNextBorrowerCopyReminder } from './order.borrower-copy-reminder.ts';
import { sendNextInvoiceReminder } from './order.invoice-reminders.ts';
import { nextAutoAssignment, nextExpiredOffer } from './order.repository.ts';

/**
 * The workflow's system events that come from the clock, run by every process:
 * - an offer not answered within ASSIGNMENT_OFFER_TIMEOUT_MINUTES times out;
 * - an order in Auto assign processing is offered to the assignment engine's first choice
 *   (panel/selection.service.ts: the hard filters, then the company's weights), the decision
 *   stored with the offer; with no one left the order goes back to Unassigned.
 * - an order's running milestone is told of when at risk, late and overdue (docs/turn-times.md);
 * - the lender is reminded of the borrower's copy of a delivered appraisal before it is due;
 * - the lender is reminded of an invoice with something owed, on its client's schedule.
 * Orders are claimed with FOR UPDATE SKIP LOCKED, so several processes never act twice.
 */
export class WorkflowTimers {
  readonly #db: Db;
  readonly #config: Config;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  readonly #housekeeping: (() => Promise<unknown>)[];

  /** `housekeeping`: other periodic chores run on the same beat (expiring idempotency keys). */
  constructor(db: Db, config: Config, housekeeping: (() => Promise<unknown>)[] = []) {
    this.#db = db;
    this.#config = config;
    this.#housekeeping = housekeeping;
  }

  start(onError: (error: unknown) => void): void {
    const tick = () => {
      this.runOnce()
        .catch(onError)
        .finally(() => {
          if (this.#timer) this.#timer = setTimeout(tick, this.#config.workflowTimerIntervalMs).unref();
        });
    };
    this.#timer = setTimeout(tick, 0).unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  /** Handles everything due now; answers how many orders changed. */
  runOnce(): Promise<number> {
    this.#running ??= Promise.all([
      this.#expireOffers(),
      this.#autoAssign(),
      this.#milestoneNotices(),
      this.#borrowerCopyReminders(),
      this.#invoiceReminders(),
      ...this.#housekeeping.map((task) => task().then(() => 0)),
    ])
      .then((counts) => {
        timerLastRun.setToCurrentTime();
        return counts.reduce((sum, n) => sum + n, 0);
      })
      .finally(() => (this.#running = null));
    return this.#running;
  }

  async #expireOffers(): Promise<number> {
    let changed = 0;
    for (;;) {
      const done = await this.#db.transaction().execute(async (trx) => {
        const order = await nextExpiredOffer(trx);
        if (!order) return true;
        timerLag.observe({ timer: 'offer_timeout' }, secondsSince(order.due_at));
        if (await performSystemAction(trx, order.id, 'offer_timeout', this.#config)) changed += 1;
        return false;
      });
      if (done) return changed;
    }
  }

  /** Each order's milestone notice that is due: at risk, late, overdue (order.milestone-notices.ts). */
  async #milestoneNotices(): Promise<number> {
    let told = 0;
    for (;;) {
      const waited = await this.#db
        .transaction()
        .execute((trx) => sendNextMilestoneNotice(trx, this.#config.timeZone, new Date()));
      if (waited === null) return told;
      timerLag.observe({ timer: 'milestone_notice' }, secondsSince(waited));
      told += 1;
    }
  }

  /** Invoices with something owed, on their client's schedule (order.invoice-reminders.ts). */
  async #invoiceReminders(): Promise<number> {
    let sent = 0;
    for (;;) {
      const waited = await this.#db
        .transaction()
        .execute((trx) => sendNextInvoiceReminder(trx, this.#config.timeZone, new Date()));
      if (waited === null) return sent;
      timerLag.observe({ timer: 'invoice_reminder' }, secondsSince(waited));
      sent += 1;
    }
  }

  /** The borrower's copy due and not given (order.borrower-copy-reminder.ts). */
  async #borrowerCopyReminders(): Promise<number> {
    let sent = 0;
    for (;;) {
      const waited = await this.#db
        .transaction()
        .execute((trx) => sendNextBorrowerCopyReminder(trx, this.#config.timeZone, new Date()));
      if (waited === null) return sent;
      timerLag.observe({ timer: 'borrower_copy' }, secondsSince(waited));
      sent += 1;
    }
  }

  async #autoAssign(): Promise<number> {
    let changed = 0;
    for (;;) {
      const done = await this.#db.transaction().execute(async (trx) => {
        const order = await nextAutoAssignment(trx);
        if (!order) return true;
        timerLag.observe({ timer: 'auto_assign' }, secondsSince(order.due_at));
        const decision = await decideAssignment(trx, order.id, {
          now: new Date(),
          timeZone: this.#config.timeZone,
        });
        const appraiser = decision.appraiserId === null ? null : { id: decision.appraiserId };
        const timing = await offerTiming(trx, order, this.#config, new Date());
        const offerExpiresAt = timing.expiresAt;
        const changedNow = appraiser
          ? await performSystemAction(
              trx,
              order.id,
              'auto_assign_completed',
              this.#config,
              {
                appraiser_id: appraiser.id,
                appraiser_fee_cents: decision.feeCents,
                vendor_due_date: timing.appraiserDueDate,
                offer_expires_at: offerExpiresAt,
              },
              {
                appraiser_id: appraiser.id,
                appraiser_fee: centsToDecimal(decision.feeCents),
                decision_id: decision.decisionId,
                vendor_due_date: timing.appraiserDueDate.toISOString(),
                offer_expires_at: offerExpiresAt.toISOString(),
              },
            )
          : await performSystemAction(
              trx,
              order.id,
              'auto_assign_failed',
              this.#config,
              {},
              {
                decision_id: decision.decisionId,
              },
            );
        if (changedNow) changed += 1;
        return false;
      });
      if (done) return changed;
    }
  }
}

const secondsSince = (moment: Date): number => Math.max(0, (Date.now() - moment.getTime()) / 1000);
