import { sql, type Kysely } from 'kysely';

/**
 * Milestones (docs/turn-times.md, "Milestones"): the one an order is running, with when it
 * started, when it is at risk and when it is late, computed in the company's calendar as the
 * order enters the status that starts it; the company's targets, in business hours, and the share
 * of a target after which a milestone is at risk. The index serves the at-risk queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN milestone text,
      ADD COLUMN milestone_started_at timestamptz,
      ADD COLUMN milestone_at_risk_at timestamptz,
      ADD COLUMN milestone_due_at timestamptz;
    CREATE INDEX orders_milestone_due ON orders (company_id, milestone_due_at)
      WHERE milestone_at_risk_at IS NOT NULL;
    ALTER TABLE company_calendars
      ADD COLUMN milestone_targets jsonb NOT NULL DEFAULT '{}',
      ADD COLUMN at_risk_percent integer NOT NULL DEFAULT 75 CHECK (at_risk_percent BETWEEN 1 AND 99)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX orders_milestone_due;
    ALTER TABLE orders DROP COLUMN milestone, DROP COLUMN milestone_started_at,
      DROP COLUMN milestone_at_risk_at, DROP COLUMN milestone_due_at;
    ALTER TABLE company_calendars DROP COLUMN milestone_targets, DROP COLUMN at_risk_percent`.execute(db);
}
