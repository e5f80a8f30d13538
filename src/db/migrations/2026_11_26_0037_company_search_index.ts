import { sql, type Kysely } from 'kysely';

/**
 * The search box's trigram index, with the company first (docs/performance.md, "Search at a
 * million orders"). The index of migration 0030 held every company's text together: a word
 * common in another company's orders (its city: "Houston", a fifth of the table) made a
 * company's search read that word's whole posting list, 200,000 rows, to find none of its own
 * (30 ms of the database's time a search). Here the company is a key of the same GIN index
 * (btree_gin, shipped with PostgreSQL and with the embedded server, a trusted extension), so
 * the posting lists are intersected with the company's inside the index: 2 ms for the same
 * search. A search without a company (a client's users, an appraiser) still uses the text key
 * alone.
 *
 * The expression is the one orders/order.search.ts searches, character for character. ANALYZE
 * afterwards: the planner's figures for the expression belonged to the index dropped here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX orders_company_search_idx ON orders USING gin (
      company_id,
      (file_number || ' ' || coalesce(loan_number, '') || ' ' || address_one || ' ' || city || ' ' || zip || ' ' || coalesce(borrower_name, ''))
      gin_trgm_ops);
    DROP INDEX orders_search_idx;
    ANALYZE orders;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX orders_search_idx ON orders USING gin (
      (file_number || ' ' || coalesce(loan_number, '') || ' ' || address_one || ' ' || city || ' ' || zip || ' ' || coalesce(borrower_name, ''))
      gin_trgm_ops);
    DROP INDEX orders_company_search_idx;
  `.execute(db);
}
