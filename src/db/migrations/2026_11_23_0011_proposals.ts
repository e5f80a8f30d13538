import { sql, type Kysely } from 'kysely';

/**
 * Who proposed the open terms of an order, and when: an appraiser's condition of acceptance
 * (decided by staff) and a negotiation of the client's fee or due date (decided by the
 * client), with the negotiation's comments. The order detail shows them to whoever decides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN condition_proposed_by uuid REFERENCES users (id),
      ADD COLUMN condition_proposed_at timestamptz,
      ADD COLUMN negotiation_comments text,
      ADD COLUMN negotiation_proposed_by uuid REFERENCES users (id),
      ADD COLUMN negotiation_proposed_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      DROP COLUMN condition_proposed_by,
      DROP COLUMN condition_proposed_at,
      DROP COLUMN negotiation_comments,
      DROP COLUMN negotiation_proposed_by,
      DROP COLUMN negotiation_proposed_at;
  `.execute(db);
}
