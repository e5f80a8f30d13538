import { sql, type Kysely } from 'kysely';

/**
 * Settings of a company for one of its clients: whether the client reviews reports before
 * they are completed (client_review_required, already there), and whether the client pays
 * before the order is assigned (payment_before_assignment). Both are changed by the company's
 * admins (PATCH /api/v1/clients/{id}/settings) or an operator (CLI).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE company_clients ADD COLUMN payment_before_assignment boolean NOT NULL DEFAULT false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_clients DROP COLUMN payment_before_assignment;`.execute(db);
}
