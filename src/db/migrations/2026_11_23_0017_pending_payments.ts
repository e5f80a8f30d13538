import { sql, type Kysely } from 'kysely';

/**
 * A card payment can be pending: submitted, its bank to confirm it later. The order waits in
 * Pending payment (when it waited for payment before assignment) until the confirmation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments DROP CONSTRAINT payments_status_check;
    ALTER TABLE payments ADD CONSTRAINT payments_status_check
      CHECK (status IN ('succeeded', 'pending', 'declined', 'failed'));
    CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX payments_pending_idx;
    ALTER TABLE payments DROP CONSTRAINT payments_status_check;
    ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('succeeded', 'declined', 'failed'));
  `.execute(db);
}
