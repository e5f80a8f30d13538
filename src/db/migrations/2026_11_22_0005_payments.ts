import { sql, type Kysely } from 'kysely';

/** Payments against an order's invoice. A card number is never stored: only brand and last four. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      method text NOT NULL,
      status text NOT NULL CHECK (status IN ('succeeded', 'declined', 'failed')),
      provider text NOT NULL,
      provider_reference text,
      card_brand text,
      card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
      payer_name text,
      failure_message text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      confirmed_at timestamptz
    );
    CREATE INDEX payments_order_idx ON payments (order_id, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payments;`.execute(db);
}
