import { sql, type Kysely } from 'kysely';

/**
 * A company's business calendar (docs/turn-times.md, "Calendars"): its time zone, workdays,
 * hours and cut-off, the states whose holidays close it besides the federal ones, closures of
 * its own, and whether offers' clocks stop outside a daily window. No row: the defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE company_calendars (
      company_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      time_zone text NOT NULL,
      workdays jsonb NOT NULL,
      opens_at text NOT NULL CHECK (opens_at ~ '^([01]\\d|2[0-3]):[0-5]\\d$'),
      closes_at text NOT NULL CHECK (closes_at ~ '^([01]\\d|2[0-3]):[0-5]\\d$' AND closes_at > opens_at),
      cutoff text NOT NULL CHECK (cutoff ~ '^([01]\\d|2[0-3]):[0-5]\\d$'),
      holiday_states jsonb NOT NULL DEFAULT '[]',
      closed_dates jsonb NOT NULL DEFAULT '[]',
      offer_business_hours boolean NOT NULL DEFAULT false,
      offer_hours_from text NOT NULL DEFAULT '09:00',
      offer_hours_to text NOT NULL DEFAULT '23:00' CHECK (offer_hours_to > offer_hours_from),
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE company_calendars`.execute(db);
}
