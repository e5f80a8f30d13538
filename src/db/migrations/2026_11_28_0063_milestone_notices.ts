import { sql, type Kysely } from 'kysely';

/**
 * Milestone notices (docs/turn-times.md, "Notices"): when the order's next notice about its
 * running milestone is due — at its at-risk time, at its due time, then a business day after it —
 * and the last stage told. The timers read the notices due along the partial index, as they read
 * expired offers. Orders already late when this arrives are not told of it: their milestone's
 * notices start with the next milestone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN milestone_notice_at timestamptz,
      ADD COLUMN milestone_noticed text CHECK (milestone_noticed IN ('at_risk', 'late', 'overdue'));
    UPDATE orders SET milestone_notice_at = milestone_at_risk_at
     WHERE milestone_at_risk_at IS NOT NULL AND milestone_due_at > now();
    CREATE INDEX orders_milestone_notice_idx ON orders (milestone_notice_at) WHERE milestone_notice_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX orders_milestone_notice_idx;
    ALTER TABLE orders DROP COLUMN milestone_notice_at, DROP COLUMN milestone_noticed;
  `.execute(db);
}
