import { sql, type Kysely } from 'kysely';

/**
 * The borrower's copy of the appraisal (Regulation B, 1002.14; docs/turn-times.md, "The borrower's
 * copy"): when it was given, how and who recorded it, and when the lender is to be reminded that
 * it is due and not given yet (one business day before). The timers read the reminders due along
 * the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN borrower_copy_sent_at timestamptz,
      ADD COLUMN borrower_copy_method text CHECK (borrower_copy_method IN ('email', 'mail', 'portal', 'in_person')),
      ADD COLUMN borrower_copy_recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN borrower_copy_remind_at timestamptz,
      ADD CONSTRAINT orders_borrower_copy_whole CHECK ((borrower_copy_sent_at IS NULL) = (borrower_copy_method IS NULL));
    CREATE INDEX orders_borrower_copy_remind_idx ON orders (borrower_copy_remind_at)
      WHERE borrower_copy_remind_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX orders_borrower_copy_remind_idx;
    ALTER TABLE orders DROP CONSTRAINT orders_borrower_copy_whole, DROP COLUMN borrower_copy_sent_at,
      DROP COLUMN borrower_copy_method, DROP COLUMN borrower_copy_recorded_by, DROP COLUMN borrower_copy_remind_at;
  `.execute(db);
}
