import { sql, type Expression, type SqlBool } from 'kysely';
import { plannedForItsValues, type Db } from './connection.ts';
import { cachedEstimate } from './estimate-cache.ts';
import { rarestWord, type ListQuery, type ListTerm, type Predicate } from './list-filter.ts';

/**
 * Counts of list searches that cost the same at a million rows as at a thousand: a search is
 * counted row by row only up to a bound (the rows found stop at `limit + 1`), and above it the
 * planner's estimate stands in, flagged as such. Counting every one of half a million matching
 * rows took 1.3 s a list (docs/performance.md); nobody pages through them, and "about 480,000"
 * says what a person needs.
 */

/**
 * How a search's matches are counted up to the bound (orders/order.list.repository.ts):
 * - 'first matches': on their own, planned to find the first `limit + 1` soonest, and run as a
 *   prepared statement (its generic plan from the sixth run on a connection). Where an index
 *   holds the caller's matches together (the company with a status, a loan or transaction type,
 *   a date), that is an index-only scan that stops at the bound, be the matches none or many:
 *   0.1 to 0.5 ms at a million orders.
 * - 'all matches': a text search the trigram index can narrow (a value with three letters or
 *   digits in a row; one without is checked row by row anyway, so it takes the first matches,
 *   under a lower bound: countLimit). No statistics say how many of the caller's orders hold a word:
 *   the planner's figures are the whole table's, and for a city of another region (a fifth of
 *   the table, none of the company's) a plan for the first matches walked every order of the
 *   company. Counted from the matches planned for all of them (the trigram index and the
 *   company's, together), read only up to the bound; planned for its values each time
 *   (plannedForItsValues), since a generic plan cannot tell a word in every order from a file
 *   number.
 */
export type CountingPlan = 'first matches' | 'all matches';

export function countingPlan(list: ListQuery): CountingPlan {
  return list.terms.some((term) => textSearch(term) === 'narrowed') ? 'all matches' : 'first matches';
}

const TEXT_PREDICATES = new Set<Predicate>(['cont', 'start', 'end']);

/**
 * Whether a search has a text term, narrowed or not: such a statement is planned for its
 * pattern each time (plannedForItsValues). One plan for every pattern takes each for a rare one:
 * for `42`, the generic plan counted the first matches from a bitmap of the company's 200,000
 * orders (the trigram index's company key, 9.6 ms), where the plan made for `42` reads the
 * company's orders in turn and meets its 101 matches in 0.9 ms (docs/performance.md).
 */
export function searchesText(list: ListQuery): boolean {
  return list.terms.some((term) => textSearch(term) !== null);
}

/** A text term the trigram index narrows (a word of three letters or digits), one it cannot, or no text term. */
function textSearch(term: ListTerm): 'narrowed' | 'unnarrowed' | null {
  if (!TEXT_PREDICATES.has(term.predicate)) return null;
  return rarestWord(term.values[0]!) === null ? 'unnarrowed' : 'narrowed';
}

/**
 * The bound of a search the trigram index cannot narrow: a text value without three letters or
 * digits in a row (`42`, `A-1`), which is checked on every order the caller sees, in list order,
 * until the bound is passed. A tenth of the orders hold `42`, so a bound of 1,000 read about
 * 10,000 of them (15 ms of the database's time at a million orders); 100 reads a tenth of that,
 * and "about 4,200" from 101 on says as much to a person who typed two characters.
 */
export const UNNARROWED_TEXT_COUNT_LIMIT = 100;

/** The count's bound for this search: the configured one, lower for a value no index narrows. */
export function countLimit(list: ListQuery, configured: number): number {
  const unnarrowed = list.terms.some((term) => textSearch(term) === 'unnarrowed');
  return unnarrowed ? Math.min(configured, UNNARROWED_TEXT_COUNT_LIMIT) : configured;
}

/**
 * How many rows the planner expects the filters to find (EXPLAIN: planned, never run; about a
 * millisecond). From the table's statistics, so it is as good as the last ANALYZE and the
 * filters' selectivity (a trigram pattern's is a rule of thumb): an estimate, said to be one.
 * Kept for a minute per search (estimate-cache.ts): it changes only when the table is analysed.
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
  const { sql: statement, parameters } = query.compile();
  return cachedEstimate(statement, parameters, async () => {
    const [row] = await query.explain('json');
    const plan = (row as { 'QUERY PLAN'?: { Plan?: { 'Plan Rows'?: unknown } }[] } | undefined)?.[
      'QUERY PLAN'
    ]?.[0]?.Plan?.['Plan Rows'];
    return typeof plan === 'number' && Number.isFinite(plan) ? Math.round(plan) : 0;
  });
}

/**
 * A total above the bound: the planner's figure, but never less than the bound it passed, nor
 * than the rows the caller has already been shown (pages before this one, this one, and one
 * more when another page follows), so the figures of one answer never contradict each other.
 */
export function estimatedTotal(planned: number, limit: number, seen: number): number {
  return Math.max(planned, limit + 1, seen);
}
