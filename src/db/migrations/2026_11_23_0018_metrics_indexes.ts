import { sql, type Kysely } from 'kysely';

/**
 * /metrics counts what waits or failed at every scrape: these partial indexes keep that to the
 * few rows concerned, never the delivered history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX outbox_messages_failed_idx ON outbox_messages (kind) WHERE status = 'failed';
    CREATE INDEX webhook_deliveries_open_idx ON webhook_deliveries (status) WHERE status <> 'delivered';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX outbox_messages_failed_idx, webhook_deliveries_open_idx;`.execute(db);
}
