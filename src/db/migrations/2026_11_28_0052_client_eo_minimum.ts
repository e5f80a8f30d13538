import { sql, type Kysely } from 'kysely';

/**
 * A lender's own least E&O coverage per claim, as the company records it for the client
 * (docs/assignment.md, "Hard filters"): the engine holds an appraiser to the higher of it and
 * the company's own minimum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE company_clients
      ADD COLUMN eo_minimum_cents bigint CHECK (eo_minimum_cents IS NULL OR eo_minimum_cents > 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE company_clients DROP COLUMN eo_minimum_cents`.execute(db);
}
