import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * Migration 0039 tells the planner that an order's appraiser and client each belong to one
 * company: once the orders are analysed, the statistics hold those dependencies, whole.
 */
const t = useTestApp();

describe('migration 0039 (the parties of an order and its company)', () => {
  it('gives the planner the dependencies of the company on the appraiser and on the client', async () => {
    const demo = await seedDemo(t.db);
    for (let i = 0; i < 3; i += 1) await placeOrder(t.app, t.db, demo);
    await sql`ANALYZE orders`.execute(t.db);
    const { rows } = await sql<{ dependencies: string | null }>`
      SELECT dependencies::text AS dependencies FROM pg_stats_ext
       WHERE tablename = 'orders' AND statistics_name = 'orders_party_dependencies'`.execute(t.db);
    expect(rows).toHaveLength(1);
    const columns = await sql<{ attnum: number; attname: string }>`
      SELECT attnum, attname FROM pg_attribute
       WHERE attrelid = 'orders'::regclass AND attname IN ('company_id', 'appraiser_id', 'client_id')`.execute(
      t.db,
    );
    const number = Object.fromEntries(columns.rows.map((row) => [row.attname, row.attnum]));
    // pg_dependencies as text: {"<determining> => <determined>": degree, ...}
    const degrees = JSON.parse(rows[0]!.dependencies ?? '{}') as Record<string, number>;
    expect(degrees[`${number.client_id} => ${number.company_id}`]).toBe(1);
    expect(degrees[`${number.appraiser_id} => ${number.company_id}`]).toBe(1);
  });
});
