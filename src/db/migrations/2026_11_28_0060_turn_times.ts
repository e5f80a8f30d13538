import { sql, type Kysely } from 'kysely';

/**
 * Turn times per client and product in business days (docs/turn-times.md, "Turn times"): a line
 * without a client is the company's for every client; a client's own line comes before it. The
 * calendar gains the appraiser's buffer (business days the appraiser's due date keeps before the
 * client's) and what placement does with a due date on a closed day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE turn_times (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      client_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
      product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      business_days integer NOT NULL CHECK (business_days BETWEEN 1 AND 60),
      rush_business_days integer CHECK (rush_business_days BETWEEN 1 AND 60 AND rush_business_days < business_days)
    );
    CREATE UNIQUE INDEX turn_times_company_line ON turn_times (company_id, product_id) WHERE client_id IS NULL;
    CREATE UNIQUE INDEX turn_times_client_line ON turn_times (company_id, client_id, product_id)
      WHERE client_id IS NOT NULL;
    ALTER TABLE company_calendars
      ADD COLUMN appraiser_buffer_days integer NOT NULL DEFAULT 0 CHECK (appraiser_buffer_days BETWEEN 0 AND 30),
      ADD COLUMN closed_day_due_dates text NOT NULL DEFAULT 'accept'
        CHECK (closed_day_due_dates IN ('accept', 'move', 'refuse'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE turn_times;
    ALTER TABLE company_calendars DROP COLUMN appraiser_buffer_days, DROP COLUMN closed_day_due_dates`.execute(
    db,
  );
}
