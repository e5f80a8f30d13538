import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * Migration 0040: the search's trigram index takes a new order's entries at once, with no
 * pending list for searches to read; a new order is found by its text straight away.
 */
const t = useTestApp();

describe('migration 0040 (the search index without a pending list)', () => {
  it('sets the index to take entries at once, and a new order is found by its text', async () => {
    const { rows } = await sql<{ options: string[] | null }>`
      SELECT reloptions AS options FROM pg_class WHERE relname = 'orders_company_search_idx'`.execute(t.db);
    expect(rows[0]?.options).toEqual(['fastupdate=off']);

    const demo = await seedDemo(t.db);
    const order = await placeOrder(t.app, t.db, demo);
    const placed = await t.db
      .selectFrom('orders')
      .select(['company_id', 'file_number'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const found = await sql<{ id: string }>`SELECT id FROM orders
      WHERE company_id = ${placed.company_id}
        AND (file_number || ' ' || coalesce(loan_number, '') || ' ' || address_one || ' ' || city || ' ' || zip || ' ' || coalesce(borrower_name, ''))
            ILIKE ${`%${placed.file_number}%`}`.execute(t.db);
    expect(found.rows.map((row) => row.id)).toEqual([order.id]);
  });
});
