import { sql, type Kysely } from 'kysely';

/**
 * A lender's do-not-use list, kept by the company that serves it (docs/assignment.md,
 * "A lender's exclusions"): appraisers of the company's panel not to be offered the lender's
 * orders, each with the reason given and who recorded it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE client_appraiser_exclusions (
      company_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      reason text NOT NULL,
      excluded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, client_id, appraiser_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE client_appraiser_exclusions`.execute(db);
}
