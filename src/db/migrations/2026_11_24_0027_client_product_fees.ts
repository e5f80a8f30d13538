import { sql, type Kysely } from 'kysely';

/** A client's own fee for a product it is offered; null: the product's standard fee. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE client_products ADD COLUMN fee_cents bigint CHECK (fee_cents >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE client_products DROP COLUMN fee_cents`.execute(db);
}
