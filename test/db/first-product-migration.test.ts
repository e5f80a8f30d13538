import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { down, up } from '../../src/db/migrations/2026_11_27_0038_order_first_product.ts';
import { seedDemo } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { orderableProducts, placeOrder } from '../helpers/orders.ts';

/**
 * Migration 0038 gives the orders written before it their first product, without moving their
 * version: run again (down, then up) on a database with orders.
 */
const t = useTestApp();

describe('migration 0038 (the order keeps its first product)', () => {
  it("gives each order written before it its first product, and leaves the order's version alone", async () => {
    const demo = await seedDemo(t.db);
    const products = await orderableProducts(t.db, demo);
    await placeOrder(t.app, t.db, demo);
    await placeOrder(t.app, t.db, demo, { product_ids: [products[1]!, products[0]!] });
    const before = await t.db.selectFrom('orders').select(['id', 'updated_at']).orderBy('id').execute();
    expect(before).toHaveLength(2);
    const migrating = t.db as unknown as Kysely<unknown>;
    await down(migrating);
    await up(migrating);
    const { rows } = await sql<{ first_product_id: string | null; first: string | null }>`
      SELECT o.first_product_id,
             (SELECT op.product_id FROM order_products op WHERE op.order_id = o.id ORDER BY op.position LIMIT 1) AS first
        FROM orders o`.execute(t.db);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.first_product_id).not.toBeNull();
      expect(row.first_product_id).toBe(row.first);
    }
    expect(rows.map((row) => row.first_product_id)).toContain(products[1]!);
    const after = await t.db.selectFrom('orders').select(['id', 'updated_at']).orderBy('id').execute();
    expect(after).toEqual(before);
  });
});
