import { sql, type Kysely } from 'kysely';

/**
 * Cancellation and trip fees by stage (docs/money.md, "Cancellations"): what the lender is charged
 * and what the appraiser is paid when an order is cancelled at a stage, per product, for one client
 * or for every client. Replacements are kept with the other fee schedules' changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cancellation_fees (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      client_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
      product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      stage text NOT NULL CHECK (stage IN ('before_assignment', 'assigned', 'inspection_scheduled', 'inspected')),
      lender_fee_cents bigint NOT NULL CHECK (lender_fee_cents >= 0),
      appraiser_fee_cents bigint NOT NULL CHECK (appraiser_fee_cents >= 0)
    );
    CREATE UNIQUE INDEX cancellation_fees_line_idx
      ON cancellation_fees (company_id, coalesce(client_id, '00000000-0000-0000-0000-000000000000'), product_id, stage);
    ALTER TABLE fee_schedule_changes DROP CONSTRAINT fee_schedule_changes_schedule_check;
    ALTER TABLE fee_schedule_changes ADD CONSTRAINT fee_schedule_changes_schedule_check
      CHECK (schedule IN ('lender', 'appraiser', 'cancellation'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM fee_schedule_changes WHERE schedule = 'cancellation';
    ALTER TABLE fee_schedule_changes DROP CONSTRAINT fee_schedule_changes_schedule_check;
    ALTER TABLE fee_schedule_changes ADD CONSTRAINT fee_schedule_changes_schedule_check
      CHECK (schedule IN ('lender', 'appraiser'));
    DROP TABLE cancellation_fees;
  `.execute(db);
}
