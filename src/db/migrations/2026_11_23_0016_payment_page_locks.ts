import { sql, type Kysely } from 'kysely';

/**
 * A payment page that keeps declining cards is locked for a while (card testing): one row per
 * order while it is or was locked, which the order's payments summary shows its lender.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_page_locks (
      order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
      locked_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz NOT NULL,
      declined_attempts integer NOT NULL,
      reason text NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payment_page_locks;`.execute(db);
}
