import { sql, type Kysely } from 'kysely';

/**
 * A search for a loan or transaction type that the caller's company has few of, or none
 * (docs/performance.md, "Search at a million orders"): the planner's estimates are the whole
 * table's, so it expected thousands of matches and walked the company's orders in list order for
 * a page it never filled (200,000 rows at a million orders). These indexes begin with the
 * company, so the search's bounded count finds its matches, or that there are none, on the index
 * alone, and the list then pages through those (orders/order.repository.ts).
 *
 * Two columns and no more: every entry of one company and type has the same key, which
 * PostgreSQL's B-tree deduplication keeps once with a list of row pointers, so each index is a
 * few megabytes at a million orders and one small write per new order (or per workflow action,
 * which moves an order to a new row version: its status is indexed, so no update is HOT).
 *
 * The dashboard's revised orders (a figure of GET /insight, whose link lists them): a partial
 * index of the few orders revised, by company and fulfilment date. Without it, the list read
 * every order the company fulfilled in the period to find the twelfth that were revised; it is
 * written only for the row versions of revised orders.
 *
 * IF NOT EXISTS: an operator who cannot stop writes while they build (a plain CREATE INDEX holds
 * them off; the migration runs in a transaction, where CONCURRENTLY cannot) creates them first
 * with `CREATE INDEX CONCURRENTLY` under the same names (docs/operations.md); this then finds
 * them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS orders_company_loan_type_idx ON orders (company_id, loan_type);
    CREATE INDEX IF NOT EXISTS orders_company_transaction_type_idx ON orders (company_id, transaction_type);
    CREATE INDEX IF NOT EXISTS orders_company_revised_idx ON orders (company_id, fulfilled_at) WHERE revised;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_company_loan_type_idx, orders_company_transaction_type_idx, orders_company_revised_idx`.execute(
    db,
  );
}
