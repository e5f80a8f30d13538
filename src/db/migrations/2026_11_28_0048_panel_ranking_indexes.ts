import { sql, type Kysely } from 'kysely';

/**
 * The assignment engine and the picker on a panel of thousands (docs/assignment.md, "At scale"),
 * per appraiser of the panel, read from the indexes alone, without a visit to each order:
 * - their first open orders by due date: the due date's two columns carried in the index, so
 *   that the past-due count and the next due dates need no order row (the expression alone
 *   does not let PostgreSQL answer from the index);
 * - the orders they accepted, newest first, with the fee, the order's first product and its id
 *   (an order whose first product is not the one asked for is checked in order_products' key);
 * - their reports submitted in the last year with what the track record reads of each: without
 *   it the engine read every order of each appraiser who passed the filters.
 * The first two replace the indexes of migration 0024, keeping their names, keys and predicates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX orders_appraiser_open_due_covering_idx
      ON orders (appraiser_id, (coalesce(vendor_due_date, due_date))) INCLUDE (vendor_due_date, due_date)
      WHERE appraiser_id IS NOT NULL AND status NOT IN ('Completed', 'Fulfilled', 'Cancelled');
    DROP INDEX orders_appraiser_open_due_idx;
    ALTER INDEX orders_appraiser_open_due_covering_idx RENAME TO orders_appraiser_open_due_idx;
    CREATE INDEX orders_appraiser_accepted_covering_idx
      ON orders (appraiser_id, assigned_at DESC) INCLUDE (id, appraiser_fee_cents, first_product_id)
      WHERE assigned_at IS NOT NULL AND appraiser_fee_cents IS NOT NULL;
    DROP INDEX orders_appraiser_accepted_idx;
    ALTER INDEX orders_appraiser_accepted_covering_idx RENAME TO orders_appraiser_accepted_idx;
    CREATE INDEX orders_appraiser_submitted_idx
      ON orders (appraiser_id, submitted_at) INCLUDE (assigned_at, vendor_due_date, due_date, revised)
      WHERE submitted_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX orders_appraiser_submitted_idx;
    DROP INDEX orders_appraiser_accepted_idx;
    CREATE INDEX orders_appraiser_accepted_idx ON orders (appraiser_id, assigned_at DESC)
      WHERE assigned_at IS NOT NULL AND appraiser_fee_cents IS NOT NULL;
    DROP INDEX orders_appraiser_open_due_idx;
    CREATE INDEX orders_appraiser_open_due_idx ON orders (appraiser_id, (coalesce(vendor_due_date, due_date)))
      WHERE appraiser_id IS NOT NULL AND status NOT IN ('Completed', 'Fulfilled', 'Cancelled');
  `.execute(db);
}
