import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { performSystemAction } from './perform.ts';
import { IDEMPOTENCY_TTL_HOURS } from '../http/idempotency.ts';

/**
 * The workflow's system events that come from the clock, run by every process:
 * - an offer not answered within ASSIGNMENT_OFFER_TIMEOUT_MINUTES times out;
 * - an order in Auto assign processing is offered to the company's appraiser with the fewest
 *   open orders (or goes back to Unassigned when the panel is empty).
 * Orders are claimed with FOR UPDATE SKIP LOCKED, so several processes never act twice.
 */
export class WorkflowTimers {
  readonly #db: Db;
  readonly #config: Config;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  constructor(db: Db, config: Config) {
    this.#db = db;
    this.#config = config;
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
    this.#running ??= Promise.all([this.#expireOffers(), this.#autoAssign(), this.#forgetIdempotencyKeys()])
      .then(([a, b]) => a + b)
      .finally(() => (this.#running = null));
    return this.#running;
  }

  /** Idempotency keys are kept for a day (docs/api.md). */
  async #forgetIdempotencyKeys(): Promise<number> {
    await sql`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`.execute(
      this.#db,
    );
    return 0;
  }

  async #expireOffers(): Promise<number> {
    let changed = 0;
    for (;;) {
      const done = await this.#db.transaction().execute(async (trx) => {
        const due = await sql<{ id: string }>`
          SELECT id FROM orders
           WHERE status = 'Pending assignment' AND offer_expires_at <= now()
           ORDER BY offer_expires_at LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
        const order = due.rows[0];
        if (!order) return true;
        if (await performSystemAction(trx, order.id, 'offer_timeout', this.#config)) changed += 1;
        return false;
      });
      if (done) return changed;
    }
  }

  async #autoAssign(): Promise<number> {
    let changed = 0;
    for (;;) {
      const done = await this.#db.transaction().execute(async (trx) => {
        const due = await sql<{ id: string; company_id: string; due_date: Date }>`
          SELECT id, company_id, due_date FROM orders
           WHERE status = 'Auto assign processing'
           ORDER BY updated_at LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
        const order = due.rows[0];
        if (!order) return true;
        const pick = await sql<{ id: string }>`
          SELECT u.id FROM users u
           WHERE u.organization_id = ${order.company_id} AND u.role = 'appraiser'
           ORDER BY (SELECT count(*) FROM orders o WHERE o.appraiser_id = u.id
                      AND o.status NOT IN ('Completed', 'Fulfilled', 'Cancelled')), u.created_at, u.id
           LIMIT 1`.execute(trx);
        const appraiser = pick.rows[0];
        const changedNow = appraiser
          ? await performSystemAction(
              trx,
              order.id,
              'auto_assign_completed',
              this.#config,
              {
                appraiser_id: appraiser.id,
                vendor_due_date: order.due_date,
                offer_expires_at: new Date(Date.now() + this.#config.assignmentOfferTimeoutMinutes * 60_000),
              },
              { appraiser_id: appraiser.id },
            )
          : await performSystemAction(trx, order.id, 'auto_assign_failed', this.#config);
        if (changedNow) changed += 1;
        return false;
      });
      if (done) return changed;
    }
  }
}
