import { sql, type Kysely } from 'kysely';

/**
 * Phase clocks (docs/turn-times.md, "Scorecards"): the business minutes each order has spent in
 * each phase of its turn — assignment, the appraiser's, the company's review, the lender's — and
 * paused, added up in the company's calendar each time its status changes (`status_since`: when it
 * entered the status it is in). Orders that were open before the clocks existed keep null minutes:
 * their turn was never timed, and a scorecard leaves them out of its means rather than count them
 * as instant. `first_submitted_at`: the appraiser's first report, what their due date is held to
 * (a revision sent later does not make the first one late). The scorecards read a company's
 * orders completed in a period along orders_company_completed_idx, and each appraiser's answers to
 * offers along the indexes of migration 0053; a report's findings by its order. The assignment
 * engine reads an appraiser's last 90 days along their own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN status_since timestamptz,
      ADD COLUMN first_submitted_at timestamptz,
      ADD COLUMN assignment_minutes integer CHECK (assignment_minutes >= 0),
      ADD COLUMN appraiser_minutes integer CHECK (appraiser_minutes >= 0),
      ADD COLUMN review_minutes integer CHECK (review_minutes >= 0),
      ADD COLUMN client_minutes integer CHECK (client_minutes >= 0),
      ADD COLUMN paused_minutes integer CHECK (paused_minutes >= 0);
    UPDATE orders SET status_since = updated_at, first_submitted_at = submitted_at;
    ALTER TABLE orders
      ALTER COLUMN status_since SET DEFAULT now(),
      ALTER COLUMN status_since SET NOT NULL,
      ALTER COLUMN assignment_minutes SET DEFAULT 0,
      ALTER COLUMN appraiser_minutes SET DEFAULT 0,
      ALTER COLUMN review_minutes SET DEFAULT 0,
      ALTER COLUMN client_minutes SET DEFAULT 0,
      ALTER COLUMN paused_minutes SET DEFAULT 0;
    -- The assignment engine reads each appraiser's last 90 days of completed orders (their scorecard).
    CREATE INDEX orders_appraiser_completed_idx ON orders (appraiser_id, completed_at)
      INCLUDE (first_submitted_at, vendor_due_date, due_date, revised, appraiser_minutes)
      WHERE completed_at IS NOT NULL;
    CREATE FUNCTION orders_first_submission() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.first_submitted_at := coalesce(OLD.first_submitted_at, NEW.submitted_at);
      RETURN NEW;
    END $$;
    CREATE TRIGGER orders_first_submission BEFORE UPDATE OF submitted_at ON orders
      FOR EACH ROW WHEN (OLD.first_submitted_at IS NULL AND NEW.submitted_at IS NOT NULL)
      EXECUTE FUNCTION orders_first_submission();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER orders_first_submission ON orders;
    DROP FUNCTION orders_first_submission();
    DROP INDEX orders_appraiser_completed_idx;
    ALTER TABLE orders DROP COLUMN status_since, DROP COLUMN first_submitted_at,
      DROP COLUMN assignment_minutes, DROP COLUMN appraiser_minutes, DROP COLUMN review_minutes,
      DROP COLUMN client_minutes, DROP COLUMN paused_minutes;
  `.execute(db);
}
