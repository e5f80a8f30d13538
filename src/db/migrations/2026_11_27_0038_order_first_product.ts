import { sql, type Kysely } from 'kysely';

/**
 * `orders.first_product_id`: the order's first product (the lowest position of its products),
 * kept on the order, as the dashboard's turn times by product count it (migration 0025) and as
 * `q[product_id_eq]` searches (docs/performance.md, "The order's first product"). An order's
 * products are written once, with the order (orders/order.store.ts), which writes this with
 * them. Before, the search read the first product by a subquery per order: the dashboard's link
 * "fulfilled in a year, this product" ran one for each of the company's 7,300 orders fulfilled
 * that year, 65 to 160 ms a page at a million orders.
 *
 * The index holds the company's fulfilled orders by product and fulfilment date, the link's
 * terms and order: its count stops at the bound within the index and its page is the index's
 * last entries. Partial: a tenth of the orders are fulfilled, and only their row versions are
 * written to it.
 *
 * Orders written before get their first product here, without moving their version
 * (`updated_at`): nothing a client sees has changed. The backfill rewrites every row (258 s at
 * a million orders, then `VACUUM ANALYZE orders`: docs/operations.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders ADD COLUMN first_product_id uuid REFERENCES products(id);
    ALTER TABLE orders DISABLE TRIGGER orders_version_moves;
    UPDATE orders SET first_product_id = p.product_id
      FROM (SELECT DISTINCT ON (order_id) order_id, product_id FROM order_products
             ORDER BY order_id, position) p
     WHERE p.order_id = orders.id;
    ALTER TABLE orders ENABLE TRIGGER orders_version_moves;
    CREATE INDEX orders_company_product_fulfilled_idx ON orders (company_id, first_product_id, fulfilled_at)
      WHERE fulfilled_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN first_product_id`.execute(db);
}
