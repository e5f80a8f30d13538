import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, plannedForItsValues, plannedOnce } from '../../src/db/connection.ts';
import { useTestDatabase } from '../helpers/database.ts';

/**
 * The pool sends every statement with parameters as a named prepared statement, planned once per
 * connection, except those marked as planned for their values (the order list's text searches),
 * which PostgreSQL would otherwise plan generically from their sixth run.
 */
const t = useTestDatabase();

describe('statements planned for their values', () => {
  it('are never kept as prepared statements; the others are', async () => {
    const db = createDb(t.url, { max: 1 });
    try {
      const search = (planned: boolean) =>
        db
          .selectFrom('orders')
          .$if(planned, (q) => q.modifyFront(plannedForItsValues))
          .select('id')
          .where('loan_type', '=', 'fha')
          .execute();
      for (let i = 0; i < 6; i += 1) {
        expect(await search(true)).toEqual([]);
        expect(await search(false)).toEqual([]);
      }
      // One pooled connection: the prepared statements it holds are the ones these ran as.
      const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(
        db,
      );
      const texts = rows.map((row) => row.statement).filter((text) => text.includes('"loan_type" ='));
      expect(texts).toHaveLength(1);
      expect(texts[0]).not.toContain('planned for its values');
    } finally {
      await db.destroy();
    }
  });
});

describe('statements planned once for every value', () => {
  it('run on their generic plan from the first run, and the connection returns to its own choice after', async () => {
    const db = createDb(t.url, { max: 1 });
    try {
      const search = () =>
        db
          .selectFrom('orders')
          .modifyFront(plannedOnce)
          .select('id')
          .where('transaction_type', '=', 'refinance')
          .execute();
      const mode = async () =>
        (await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(db)).rows[0]!.plan_cache_mode;
      expect(await mode()).toBe('auto');
      for (let i = 0; i < 3; i += 1) expect(await search()).toEqual([]);
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements
         WHERE statement LIKE '%one plan for every value%'`.execute(db);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.generic_plans)).toBe(3);
      expect(Number(rows[0]!.custom_plans)).toBe(0);
      // Any other statement on the connection is planned as PostgreSQL chooses.
      expect(await mode()).toBe('auto');
      await search();
      const other = await db.selectFrom('orders').select('id').where('loan_type', '=', 'fha').execute();
      expect(other).toEqual([]);
      expect(await mode()).toBe('auto');
    } finally {
      await db.destroy();
    }
  });
});

describe('a LIMIT', () => {
  it('is written into the text, so that a page runs on its generic plan from its sixth run', async () => {
    const db = createDb(t.url, { max: 1 });
    try {
      const page = db
        .selectFrom('orders')
        .select('id')
        .where('loan_type', '=', 'fha')
        .orderBy('created_at', 'desc')
        .limit(26)
        .offset(50);
      const compiled = page.compile();
      expect(compiled.sql).toContain('limit 26 offset $2');
      expect(compiled.parameters).toEqual(['fha', 50]);
      for (let i = 0; i < 7; i += 1) expect(await page.execute()).toEqual([]);
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements
         WHERE statement LIKE '%limit 26 offset%'`.execute(db);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  });

  it('that is not a whole number stays a parameter', () => {
    const db = createDb(t.url, { max: 1 });
    const compiled = db
      .selectFrom('orders')
      .select('id')
      .limit(sql<number>`${'7'}::int`)
      .compile();
    expect(compiled.sql).toContain('limit $1::int');
    expect(compiled.parameters).toEqual(['7']);
    return db.destroy();
  });
});
