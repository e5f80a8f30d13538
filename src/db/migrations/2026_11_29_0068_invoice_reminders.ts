import { sql, type Kysely } from 'kysely';

/**
 * Reminders of what a lender owes (docs/money.md, "Reminders"): the days around an invoice's due
 * day a company reminds a client (its setting per client; none unless set), and each invoice's
 * next reminder and how many of the schedule were sent. The timers read the reminders due along
 * the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE company_clients ADD COLUMN invoice_reminder_days integer[] NOT NULL DEFAULT '{}';
    ALTER TABLE invoices
      ADD COLUMN remind_at timestamptz,
      ADD COLUMN reminders_sent integer NOT NULL DEFAULT 0 CHECK (reminders_sent >= 0);
    CREATE INDEX invoices_remind_idx ON invoices (remind_at) WHERE remind_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX invoices_remind_idx;
    ALTER TABLE invoices DROP COLUMN remind_at, DROP COLUMN reminders_sent;
    ALTER TABLE company_clients DROP COLUMN invoice_reminder_days;
  `.execute(db);
}
