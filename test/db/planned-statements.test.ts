import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, plannedForItsValues } from '../../src/db/connection.ts';
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
