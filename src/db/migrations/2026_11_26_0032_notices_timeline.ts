import { sql, type Kysely } from 'kysely';

/**
 * - `users.notices_on`: the notices a user turned on that arrive only when asked for (a new
 *   order, announced to every staff user who wants it: events/notice-kinds.ts), beside
 *   `notices_off` for those that arrive unless turned off.
 * - The order an outbox email is about, who besides the company may read that it was sent
 *   (policy/audience.ts) and what it is (a notice's kind, `payment_link`, `note`): the order's
 *   timeline lists its emails by them. Emails written before name no order and stay out of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN notices_on text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    ALTER TABLE outbox_messages
      ADD COLUMN order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
      ADD COLUMN audience text CHECK (audience IN ('internal', 'appraiser', 'client', 'everyone')),
      ADD COLUMN topic text`.execute(db);
  await sql`CREATE INDEX outbox_messages_order_idx ON outbox_messages (order_id, created_at)
              WHERE order_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX outbox_messages_order_idx`.execute(db);
  await sql`ALTER TABLE outbox_messages DROP COLUMN order_id, DROP COLUMN audience, DROP COLUMN topic`.execute(
    db,
  );
  await sql`ALTER TABLE users DROP COLUMN notices_on`.execute(db);
}
