import { sql, type Expression, type SqlBool } from 'kysely';
import { plannedForItsValues, type Db } from './connection.ts';

/**
 * Counts of list searches that cost the same at a million rows as at a thousand: a search is
 * counted row by row only up to a bound (the rows found stop at `limit + 1`), and above it the
 * planner's estimate stands in, flagged as such. Counting every one of half a million matching
 * rows took 1.3 s a list (docs/performance.md); nobody pages through them, and "about 480,000"
 * says what a person needs.
 */

/** The rows of `table` the filters find, at most `limit + 1` of them: more than `limit` means "over the bound". */
export function boundedMatches(db: Db, table: 'orders', filters: Expression<SqlBool>[], limit: number) {
  let found = db.selectFrom(table).select(sql<number>`1`.as('one'));
  for (const filter of filters) found = found.where(filter);
  return db.selectFrom(found.limit(limit + 1).as('found')).select(sql<string>`count(*)`.as('total_count'));
}

/**
 * How many rows the planner expects the filters to find (EXPLAIN: planned, never run; about a
 * millisecond). From the table's statistics, so it is as good as the last ANALYZE and the
 * filters' selectivity (a trigram pattern's is a rule of thumb): an estimate, said to be one.
 */
export async function plannedMatches(
  db: Db,
  table: 'orders',
  filters: Expression<SqlBool>[],
): Promise<number> {
  // Planned for its values: a prepared statement's generic plan would estimate without them.
  let query = db
    .selectFrom(table)
    .modifyFront(plannedForItsValues)
    .select(sql<number>`1`.as('one'));
  for (const filter of filters) query = query.where(filter);
  const [row] = await query.explain('json');
  const plan = (row as { 'QUERY PLAN'?: { Plan?: { 'Plan Rows'?: unknown } }[] } | undefined)?.[
    'QUERY PLAN'
  ]?.[0]?.Plan?.['Plan Rows'];
  return typeof plan === 'number' && Number.isFinite(plan) ? Math.round(plan) : 0;
}

/**
 * A total above the bound: the planner's figure, but never less than the bound it passed, nor
 * than the rows the caller has already been shown (pages before this one, this one, and one
 * more when another page follows), so the figures of one answer never contradict each other.
 */
export function estimatedTotal(planned: number, limit: number, seen: number): number {
  return Math.max(planned, limit + 1, seen);
}
