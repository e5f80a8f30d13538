import { sql, type Kysely } from 'kysely';

/**
 * The statuses that stop a company's turn-time clocks (docs/turn-times.md, "Pauses"): while an
 * order is in one, its due dates wait; when it leaves them, they move by the business days paused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE company_calendars
      ADD COLUMN clock_pauses jsonb NOT NULL
        DEFAULT '["On hold", "Waiting info from client", "Cancel requested", "Under negotiation"]'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_calendars DROP COLUMN clock_pauses`.execute(db);
}
