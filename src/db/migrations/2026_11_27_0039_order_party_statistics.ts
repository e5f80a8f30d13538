import { sql, type Kysely } from 'kysely';

/**
 * The planner learns that an order's appraiser and its client each belong to one company
 * (extended statistics: functional dependencies). Without them it takes the company, the
 * appraiser and the client for independent, so that "this appraiser's orders in this company"
 * looks five times rarer than "this appraiser's orders" at a million orders across five
 * companies; it then read a bitmap of the company's 200,000 orders from the search's trigram
 * index (its company key, migration 0037) to AND with the appraiser's few, 10.5 ms of a page's
 * 13.4 (docs/performance.md, "The page's own columns"). With them, the same page took 1.7 ms.
 *
 * ANALYZE gathers them (0.7 s at a million orders); autovacuum keeps them after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE STATISTICS orders_party_dependencies (dependencies) ON company_id, appraiser_id, client_id FROM orders;
    ANALYZE orders;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP STATISTICS orders_party_dependencies`.execute(db);
}
