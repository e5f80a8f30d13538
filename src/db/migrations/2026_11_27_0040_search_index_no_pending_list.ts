import { sql, type Kysely } from 'kysely';

/**
 * The search box's trigram index (migration 0037) takes each new order's entries at once
 * (`fastupdate = off`), not into a pending list that every search then reads in full until a
 * vacuum merges it (up to `gin_pending_list_limit`, 4 MB by default). After the benchmark had
 * placed 15,000 orders, 122 pending pages made a file number's search cost PostgreSQL 4.2 to
 * 4.3 ms instead of 3.5 (403 lists a second instead of 460 to 469, docs/performance.md, "The
 * search index's pending list"); placing an order costs a little more (the benchmark's POST
 * /orders: 623 and 743 req/s before, 614 after, within its noise). Orders are searched far more
 * often than they are placed. What is pending when the migration runs is merged here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER INDEX orders_company_search_idx SET (fastupdate = off);
    SELECT gin_clean_pending_list('orders_company_search_idx');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX orders_company_search_idx RESET (fastupdate)`.execute(db);
}
