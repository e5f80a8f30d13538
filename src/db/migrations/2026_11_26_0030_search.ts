import { sql, type Kysely } from 'kysely';

/**
 * Text search that does not read a whole company (docs/performance.md, "Search at a million
 * orders"):
 * - `orders.borrower_name`: the name of the order's first borrower party, kept on the order so
 *   that one index can hold everything the search box looks in. The create writes it with the
 *   order; a trigger keeps it the first borrower's name when a borrower is added or renamed (a
 *   correction, PATCH /orders/{id}; parties are never taken off). Orders written before get it here, without
 *   moving their version (`updated_at`): nothing a client sees has changed.
 * - a trigram index (pg_trgm, shipped with PostgreSQL and with the embedded server; a trusted
 *   extension, so the database owner may create it) on the text the search box looks in: file
 *   number, loan number, street, city, zip and borrower name. `ILIKE '%…%'` of three characters
 *   or more is answered from it; a search of one field also asks this text (orders/order.search.ts),
 *   so one index serves every field instead of one index, and one more write, per field.
 *
 * The expression is the one orders/order.search.ts searches (`keywords`), character for
 * character: the planner uses an expression index only for the same expression.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    ALTER TABLE orders ADD COLUMN borrower_name text;
    ALTER TABLE orders DISABLE TRIGGER orders_version_moves;
    UPDATE orders SET borrower_name = b.name
      FROM (SELECT DISTINCT ON (order_id) order_id, name FROM order_parties
             WHERE role_key = 'borrower' ORDER BY order_id, created_at, id) b
     WHERE b.order_id = orders.id;
    ALTER TABLE orders ENABLE TRIGGER orders_version_moves;
    CREATE FUNCTION order_borrower_named() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE first_name text;
    BEGIN
      SELECT name INTO first_name FROM order_parties
       WHERE order_id = NEW.order_id AND role_key = 'borrower' ORDER BY created_at, id LIMIT 1;
      UPDATE orders SET borrower_name = first_name
       WHERE id = NEW.order_id AND borrower_name IS DISTINCT FROM first_name;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER order_parties_borrower_named AFTER INSERT OR UPDATE OF name ON order_parties
      FOR EACH ROW WHEN (NEW.role_key = 'borrower') EXECUTE FUNCTION order_borrower_named();
    CREATE INDEX orders_search_idx ON orders USING gin (
      (file_number || ' ' || coalesce(loan_number, '') || ' ' || address_one || ' ' || city || ' ' || zip || ' ' || coalesce(borrower_name, ''))
      gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX orders_search_idx;
    DROP TRIGGER order_parties_borrower_named ON order_parties;
    DROP FUNCTION order_borrower_named();
    ALTER TABLE orders DROP COLUMN borrower_name;
  `.execute(db);
}
