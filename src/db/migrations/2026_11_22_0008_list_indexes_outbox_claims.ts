import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the order list as each role sees it, filtered by status (page and exact count
 * both come from one index range); and a claim token on outbox messages, so a worker only
 * finishes messages it still holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX orders_company_status_created_idx ON orders (company_id, status, created_at DESC, id);
    CREATE INDEX orders_client_status_created_idx ON orders (client_id, status, created_at DESC, id);
    CREATE INDEX orders_company_due_idx ON orders (company_id, due_date);
    ALTER TABLE outbox_messages ADD COLUMN claim uuid;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX orders_company_status_created_idx, orders_client_status_created_idx, orders_company_due_idx;
    ALTER TABLE outbox_messages DROP COLUMN claim;
  `.execute(db);
}
