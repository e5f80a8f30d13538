import { sql, type Kysely } from 'kysely';

/**
 * The staff pipeline's reads at a million orders:
 * - a queue's first page (several statuses, due soonest first): the company's orders in due
 *   order with the list's tie-breakers, the status carried in the index, so that the first
 *   fifty of the queue's statuses are found on the index alone, without sorting the queue;
 * - the appraiser picker (GET /orders/{id}/appraiser_candidates), per appraiser of the panel:
 *   their next due dates among their open orders, and the last order they accepted. An
 *   appraiser with years of work has thousands of orders; these partial indexes hold only the
 *   rows each question needs, in the order it reads them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX orders_company_due_queue_idx ON orders (company_id, due_date, created_at DESC, id DESC)
      INCLUDE (status);
    CREATE INDEX orders_appraiser_open_due_idx ON orders (appraiser_id, (coalesce(vendor_due_date, due_date)))
      WHERE appraiser_id IS NOT NULL AND status NOT IN ('Completed', 'Fulfilled', 'Cancelled');
    CREATE INDEX orders_appraiser_accepted_idx ON orders (appraiser_id, assigned_at DESC)
      WHERE assigned_at IS NOT NULL AND appraiser_fee_cents IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX orders_company_due_queue_idx, orders_appraiser_open_due_idx, orders_appraiser_accepted_idx;
  `.execute(db);
}
