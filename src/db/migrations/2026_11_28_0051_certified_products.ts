import { sql, type Kysely } from 'kysely';

/**
 * The products a company marks as needing a certified appraiser (docs/assignment.md, "Hard
 * filters"): the engine's license filter then stops a licensed (not certified) appraiser for
 * their orders, as it does for FHA loans.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE company_selection_rules ADD COLUMN certified_product_ids uuid[] NOT NULL DEFAULT '{}'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_selection_rules DROP COLUMN certified_product_ids`.execute(db);
}
