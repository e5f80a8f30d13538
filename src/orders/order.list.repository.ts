import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import { plannedForItsValues, plannedOnce, type Db } from '../db/connection.ts';
import type { OrdersTable } from '../db/schema.ts';
import { orderByClauses, whereClauses, type ListQuery } from '../db/list-filter.ts';
import { afterKeys, keyText, orderByKeys, sortKeys, type SortKey } from '../db/list-keyset.ts';
import {
  countingPlan,
  estimatedTotal,
  plannedMatches,
  searchesText,
  type CountingPlan,
} from '../db/list-count.ts';
import { ORDER_ATTRIBUTES, STATUS_ATTRIBUTES } from './order.search.ts';

/**
 * The order list's reads: a page of a search and its total (bounded, or from the running
 * totals), the counts by status, and the CSV export's rows, all with the same terms, sorts and
 * visibility (docs/performance.md, "Search at a million orders").
 */
/** The columns of an order in a list (the page and the CSV export read the same). */
const LIST_COLUMNS = [
  'orders.id',
  'orders.file_number',
  'orders.address_one',
  'orders.address_two',
  'orders.city',
  'orders.state_id',
  'orders.zip',
  'orders.status',
  'orders.due_date',
  'orders.loan_type',
  'orders.transaction_type',
  'orders.appraiser_id',
  'orders.offer_expires_at',
  'orders.assigned_at',
] as const;

export type OrderListRow = Pick<
  Selectable<OrdersTable>,
  | 'id'
  | 'file_number'
  | 'address_one'
  | 'address_two'
  | 'city'
  | 'state_id'
  | 'zip'
  | 'status'
  | 'due_date'
  | 'loan_type'
  | 'transaction_type'
  | 'appraiser_id'
  | 'offer_expires_at'
  | 'assigned_at'
> & { appraiser_name: string | null };

/**
 * Whose running totals answer a count: `counted` false when none match what the caller sees
 * (a client user scoped to some of the client's orders), and the orders are counted instead.
 */
export type CountScope = {
  scope: 'all' | 'company' | 'client' | 'appraiser' | 'client_user';
  id: string;
  counted: boolean;
};

/** The columns of an order in the CSV export. */
export interface OrderExportRow extends OrderListRow {
  client_name: string;
  appraiser_name: string | null;
  borrower_name: string | null;
  loan_number: string | null;
  created_at: Date;
  completed_at: Date | null;
  fulfilled_at: Date | null;
}

/**
 * Every order a search finds (the same terms and order as listOrders, without paging), read
 * from a server-side cursor in batches of `batch` rows: an export of any size holds one batch
 * in memory at a time.
 */
export function streamOrderExport(
  db: Db,
  visible: Expression<SqlBool>,
  list: ListQuery,
  batch = 500,
): AsyncIterableIterator<OrderExportRow> {
  let query = db
    .selectFrom('orders')
    .innerJoin('organizations as client', 'client.id', 'orders.client_id')
    .leftJoin('users as appraiser', 'appraiser.id', 'orders.appraiser_id')
    .select([
      ...LIST_COLUMNS,
      'orders.loan_number',
      'orders.created_at',
      'orders.completed_at',
      'orders.fulfilled_at',
      'client.name as client_name',
      sql<string | null>`appraiser.first_name || ' ' || appraiser.last_name`.as('appraiser_name'),
      sql<
        string | null
      >`(SELECT bp.name FROM order_parties bp WHERE bp.order_id = orders.id AND bp.role_key = 'borrower' ORDER BY bp.created_at LIMIT 1)`.as(
        'borrower_name',
      ),
    ]);
  for (const filter of [visible, ...whereClauses(list, ORDER_ATTRIBUTES)]) query = query.where(filter);
  for (const sort of orderByClauses(list, ORDER_ATTRIBUTES)) query = query.orderBy(sort);
  return query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').stream(batch);
}

/** The list's tie-breakers after its own sorts: newest first, then the id (unique together). */
const TIE_BREAKERS = [
  { attribute: 'created_at', direction: 'desc' },
  { attribute: 'id', direction: 'desc' },
] as const;

/** The keys that order a list of orders: its q[s] sorts, then the tie-breakers. */
export function orderSortKeys(list: ListQuery): SortKey[] {
  return sortKeys(list, ORDER_ATTRIBUTES, [...TIE_BREAKERS]);
}

/** What a page of the list shows besides: the columns people choose to see (docs/web.md). */
export type OrderPageRow = OrderListRow &
  Pick<
    Selectable<OrdersTable>,
    | 'loan_number'
    | 'borrower_name'
    | 'client_id'
    | 'created_at'
    | 'inspection_scheduled_at'
    | 'inspection_completed_at'
    | 'total_fee_cents'
    | 'appraiser_fee_cents'
  > & {
    client_name: string;
    products: { id: string; name: string }[];
    status_changed_at: Date;
    sort_keys: (string | null)[];
  };

/**
 * When the order came into its status: its latest history entry that moved it (its creation
 * when none did). An order's history is short and indexed by (order_id, created_at).
 */
const STATUS_CHANGED_AT = sql<Date>`coalesce((SELECT h.created_at FROM order_history h
   WHERE h.order_id = orders.id AND h.to_status = orders.status
     AND h.from_status IS DISTINCT FROM h.to_status
   ORDER BY h.created_at DESC LIMIT 1), orders.created_at)`;

/** How a list is counted: up to `limit` exactly (db/list-count.ts); `before`: the rows of the pages before this one. */
export interface CountBound {
  limit: number;
  before: number;
}

/**
 * A page of orders and its total, in one statement. The page is found on the indexes alone
 * (ids only, so a deep OFFSET skips index entries, not rows), then only its rows are read; with
 * `after` (the sort keys of the row the page follows) it starts there instead of at an OFFSET.
 * One row more than the page is looked for, to tell whether another follows.
 * The total is part of the same statement: the running totals when there is no search, exact,
 * and then a page with no row (past the end) asks for them on their own. A search is paged by
 * boundedPage, its total deciding how the page is found: a search by status alone with the
 * running totals (exact); any other with the matching rows counted up to the bound, and above it
 * the planner's estimate (`estimated`), asked for in a second statement only then.
 */
export async function listOrders(
  db: Db,
  visible: Expression<SqlBool>,
  list: ListQuery,
  scope: CountScope,
  after: (string | null)[] | null,
  bound: CountBound,
): Promise<{ rows: OrderPageRow[]; total: number; estimated: boolean; more: boolean }> {
  const filters = [visible, ...whereClauses(list, ORDER_ATTRIBUTES)];
  const keys = orderSortKeys(list);
  const running = runningTotal(db, list, scope);
  if (running !== null && list.terms.length === 0) {
    const found = await pageOf(db, keys, pageIds(db, filters, keys, list, after), running).execute();
    const counted = Number(found[0]?.total_count ?? (await running.executeTakeFirstOrThrow()).total_count);
    return { ...pageRows(found, list), total: counted, estimated: false };
  }
  // A search by status alone is counted by the running totals, and its page found as any
  // search's, by its total: the sizes of statuses differ by thousands (a queue of conditions
  // holds a few dozen of a company's orders, New tens of thousands), which a plan made once
  // for every status cannot tell apart; walking the company's due dates for a rare status
  // answered 67 lists a second instead of 1,600 (docs/performance.md, "A page planned once").
  // The statement answers one row even with no page (its order columns null): the total.
  const answer = await boundedPage(db, filters, keys, list, after, bound.limit, running).execute();
  const counted = Number(answer[0]?.total_count ?? 0);
  // A left join types every page column nullable; a row whose id is there is a whole order.
  // Rows are passed on as read, their extra columns (position, total_count) unread: a copy of
  // each without them was 6 % of what the service allocated for a page.
  const found = answer.filter((row) => row.id !== null) as unknown as PageAnswer[];
  if (running !== null) return { ...pageRows(found, list), total: counted, estimated: false };
  return pageAnswer(db, filters, list, bound, found, counted);
}

/** The page's rows (without the row looked for past it), and whether another page follows. */
function pageRows(found: PageAnswer[], list: ListQuery) {
  const rows: OrderPageRow[] = found.slice(0, list.perPage);
  return { rows, more: found.length > list.perPage };
}

type PageAnswer = OrderPageRow & { total_count: string };

/** The page, and its total: counted up to the bound, the planner's estimate above it. */
async function pageAnswer(
  db: Db,
  filters: Expression<SqlBool>[],
  list: ListQuery,
  bound: CountBound,
  found: PageAnswer[],
  counted: number,
): Promise<{ rows: OrderPageRow[]; total: number; estimated: boolean; more: boolean }> {
  const { rows, more } = pageRows(found, list);
  if (counted <= bound.limit) return { rows, total: counted, estimated: false, more };
  const seen = bound.before + rows.length + (more ? 1 : 0);
  const planned = await plannedMatches(db, 'orders', filters);
  return { rows, total: estimatedTotal(planned, bound.limit, seen), estimated: true, more };
}

/** An order of a list page: its columns, its appraiser's name, its sort keys (for a cursor). */
const pageColumns = (keys: SortKey[]) =>
  [
    ...LIST_COLUMNS,
    sql<string | null>`page_appraiser.first_name || ' ' || page_appraiser.last_name`.as('appraiser_name'),
    'orders.loan_number',
    'orders.borrower_name',
    'orders.client_id',
    'orders.created_at',
    'orders.inspection_scheduled_at',
    'orders.inspection_completed_at',
    'orders.total_fee_cents',
    'orders.appraiser_fee_cents',
    sql<string>`page_client.name`.as('client_name'),
    // Each product's name by its key: a join per order hashed the products table 26 times a page.
    sql<{ id: string; name: string }[]>`coalesce((SELECT json_agg(json_build_object('id', op.product_id,
         'name', (SELECT p.name FROM products p WHERE p.id = op.product_id)) ORDER BY op.position)
       FROM order_products op WHERE op.order_id = orders.id), '[]')`.as('products'),
    STATUS_CHANGED_AT.as('status_changed_at'),
    sql<(string | null)[]>`json_build_array(${sql.join(keys.map(keyText))})`.as('sort_keys'),
  ] as const;

/**
 * The orders of a page with their client and appraiser, joined (the page's columns name them
 * page_client and page_appraiser): as subqueries per order, the client's name was read by a scan
 * of the organizations for each of the page's 26 orders (the table is small enough that
 * PostgreSQL would not use its key), a quarter of the page statement's time
 * (docs/performance.md, "The page's own columns").
 */
function pageOrders(db: Db) {
  return db
    .selectFrom('orders')
    .innerJoin('organizations as page_client', 'page_client.id', 'orders.client_id')
    .leftJoin('users as page_appraiser', 'page_appraiser.id', 'orders.appraiser_id');
}

/** The rows of the page whose ids `ids` gives, in the list's order, each with the total. */
function pageOf(db: Db, keys: SortKey[], ids: Expression<unknown>, total: Expression<unknown>) {
  let page = pageOrders(db)
    .select([...pageColumns(keys), sql<string>`(${total})`.as('total_count')])
    .where(sql<SqlBool>`orders.id IN (${ids})`);
  for (const sort of orderByKeys(keys)) page = page.orderBy(sort);
  return page;
}

/** The ids of the page (and one more), walking the list's order over the rows `filters` find. */
function pageIds(
  db: Db,
  filters: Expression<SqlBool>[],
  keys: SortKey[],
  list: ListQuery,
  after: (string | null)[] | null,
) {
  let ids = db.selectFrom('orders').select('orders.id');
  for (const filter of filters) ids = ids.where(filter);
  if (after !== null) ids = ids.where(afterKeys(keys, after));
  for (const sort of orderByKeys(keys)) ids = ids.orderBy(sort);
  ids = ids.limit(list.perPage + 1);
  return after === null && list.offset > 0 ? ids.offset(list.offset) : ids;
}

/**
 * The page of a search, its total first: the running totals' (`running`) for a search by status
 * alone, else its matches counted up to `limit + 1` (matchingOrders). When they are all there
 * are (at most `limit`), the page is sorted from them, whatever the planner expected; only when
 * there are more does the list walk its order for the page, which the many matches then fill
 * within a few rows. Before, a search
 * the planner took for common (from the whole table's statistics) that is rare for the caller (a
 * city, a loan type the company has none of) walked every order of the company for a page it
 * never filled (docs/performance.md, "Search at a million orders").
 * Both ways are in the one statement: the way not taken is gated off by the count, never run.
 */
function boundedPage(
  db: Db,
  filters: Expression<SqlBool>[],
  keys: SortKey[],
  list: ListQuery,
  after: (string | null)[] | null,
  limit: number,
  running: Expression<unknown> | null = null,
) {
  const plan = countingPlan(list);
  const { from, total } = matchingOrders(db, filters, keys, limit, plan, running);
  // The few: sorted from `matches`, which carries their sort keys (k0, k1, …), read nowhere else.
  const carried = keys.map((key, i) => ({ ...key, expr: sql.ref(`matches.k${i}`) }));
  const fewAfter = after === null ? sql`` : sql`AND ${afterKeys(carried, after)}`;
  const fewOffset = after === null && list.offset > 0 ? sql`OFFSET ${list.offset}` : sql``;
  const few = sql`SELECT matches.id FROM matches WHERE ${total} <= ${limit} ${fewAfter}
    ORDER BY ${sql.join(orderByKeys(carried))} LIMIT ${sql.lit(list.perPage + 1)} ${fewOffset}`;
  const many = pageIds(db, [sql<SqlBool>`${total} > ${limit}`, ...filters], keys, list, after);
  const ids = sql`(${few}) UNION ALL (${many})`;
  const page = pageOrders(db)
    .select([
      ...pageColumns(keys),
      sql<number>`row_number() OVER (ORDER BY ${sql.join(orderByKeys(keys))})`.as('position'),
    ])
    .where(sql<SqlBool>`orders.id IN (${ids})`);
  // The count, then the page beside it: a page with no row (nothing found, or past the end) still
  // answers its total, without a second statement that would search again.
  return from
    .selectFrom(db.selectNoFrom(sql<string>`${total}`.as('total_count')).as('counted'))
    .leftJoinLateral(page.as('page'), (join) => join.onTrue())
    .modifyFront(planning(list, running))
    .selectAll('page')
    .select('counted.total_count')
    .orderBy('page.position');
}

/**
 * How a search's statement is planned (db/connection.ts): a text search for its pattern
 * (searchesText); a search by status alone as PostgreSQL chooses, which plans it for its
 * statuses (a plan made once found a rare status's few orders by walking the company's due
 * dates: 45 lists a second instead of 1,600); any other once, for every value.
 */
function planning(list: ListQuery, running: Expression<unknown> | null) {
  if (searchesText(list)) return plannedForItsValues;
  return running === null ? plannedOnce : sql``;
}

/**
 * The orders a search finds, as a table of the statement (`matches`, with their sort keys),
 * planned for all of them and read only as far as the statement asks (PostgreSQL reads a WITH
 * query lazily): the page of a few reads it whole; a page of many never reads it. And their
 * number (`total`): the running totals' (`running`), or counted up to `limit + 1` as `plan`
 * says (countingPlan): on its own, planned to find the first `limit + 1` soonest, or from
 * `matches`.
 */
function matchingOrders(
  db: Db,
  filters: Expression<SqlBool>[],
  keys: SortKey[],
  limit: number,
  plan: CountingPlan,
  running: Expression<unknown> | null,
) {
  let matches = db
    .selectFrom('orders')
    .select(['orders.id', ...keys.map((key, i) => sql`${key.expr}`.as(`k${i}`))]);
  let first = db.selectFrom('orders').select(sql<number>`1`.as('one'));
  for (const filter of filters) {
    matches = matches.where(filter);
    first = first.where(filter);
  }
  const counted =
    plan === 'all matches' ? sql`SELECT 1 FROM matches LIMIT ${sql.lit(limit + 1)}` : first.limit(limit + 1);
  const number = running === null ? sql`SELECT count(*) FROM (${counted}) AS counted` : running;
  // `matches` and `total` are tables of this statement only, which the schema's types do not
  // name: the statement reads them through SQL fragments, so it is typed as the plain database.
  // The count is a table of one row so that it runs once, however often the statement reads it.
  const from = db
    .with(
      (cte) => cte('matches').materialized(),
      () => matches,
    )
    .with(
      (cte) => cte('total').materialized(),
      () => db.selectNoFrom(sql<string>`(${number})`.as('n')),
    ) as unknown as Db;
  return { from, total: sql<string>`(SELECT total.n FROM total)` };
}

/**
 * The total of a search from the running totals when they can say it (a search by status alone,
 * or none; exact at any size), else null: the matching rows are counted (boundedPage).
 */
function runningTotal(db: Db, list: ListQuery, scope: CountScope) {
  const statuses = statusOnly(list);
  if (statuses === undefined || !scope.counted) return null;
  return db
    .selectFrom('order_counts')
    .select(sql<string>`coalesce(sum(n), 0)`.as('total_count'))
    .where('scope', '=', scope.scope)
    .where('scope_id', '=', scope.id)
    .$if(statuses !== null, (q) => q.where('status', 'in', statuses!));
}

/**
 * How many of the orders a search finds are in each status, whatever status the search names
 * (so that a status filter can show what each choice would give). Without other terms, from the
 * running totals, exact. With them, the matching rows grouped by status, read up to the bound:
 * below it the counts are exact; above it (`estimated`) the planner's estimate of the search's
 * total is shared among the statuses the rows read were in, in the proportions of the caller's
 * running totals (where the caller has them; else of the rows read).
 */
export async function countOrdersByStatus(
  db: Db,
  visible: Expression<SqlBool>,
  list: ListQuery,
  scope: CountScope,
  limit: number,
): Promise<{ counts: { status: string; count: number }[]; estimated: boolean }> {
  const terms = list.terms.filter((term) => !STATUS_ATTRIBUTES.includes(term.attribute));
  const running = () =>
    db
      .selectFrom('order_counts')
      .select(['status', sql<string>`sum(n)`.as('count')])
      .where('scope', '=', scope.scope)
      .where('scope_id', '=', scope.id)
      .groupBy('status')
      .execute();
  const positive = (rows: { status: string; count: string | number }[]) =>
    rows.map((row) => ({ status: row.status, count: Number(row.count) })).filter((row) => row.count > 0);
  if (terms.length === 0 && scope.counted) return { counts: positive(await running()), estimated: false };

  const filters = [visible, ...whereClauses({ ...list, terms }, ORDER_ATTRIBUTES)];
  // Planned for all the matches, read up to the bound (a WITH query is read lazily): a search
  // rare for the caller is found on its indexes, not by a walk of the caller's orders for the
  // first matches, which the status read here keeps off an index-only count.
  let matches = db.selectFrom('orders').select('orders.status');
  for (const filter of filters) matches = matches.where(filter);
  const read = positive(
    await db
      .with(
        (cte) => cte('matches').materialized(),
        () => matches,
      )
      .selectFrom((eb) =>
        eb
          .selectFrom('matches')
          .select('matches.status')
          .limit(limit + 1)
          .as('found'),
      )
      .$if(searchesText({ ...list, terms }), (q) => q.modifyFront(plannedForItsValues))
      .select(['found.status', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('found.status')
      .execute(),
  );
  const readTotal = read.reduce((sum, row) => sum + row.count, 0);
  if (readTotal <= limit) return { counts: read, estimated: false };

  const total = estimatedTotal(await plannedMatches(db, 'orders', filters), limit, readTotal);
  const seen = new Set(read.map((row) => row.status));
  const shares = scope.counted ? positive(await running()).filter((row) => seen.has(row.status)) : read;
  const whole = shares.reduce((sum, row) => sum + row.count, 0) || 1;
  const counts = shares.map((row) => ({
    status: row.status,
    count: Math.max(1, Math.round((total * row.count) / whole)),
  }));
  return { counts, estimated: true };
}

/** The statuses searched for when the search is by status alone; null: no search; undefined: another search. */
function statusOnly(list: ListQuery): string[] | null | undefined {
  if (list.terms.length === 0) return null;
  const values: string[] = [];
  for (const term of list.terms) {
    if (!STATUS_ATTRIBUTES.includes(term.attribute) || (term.predicate !== 'eq' && term.predicate !== 'in'))
      return undefined;
    values.push(...term.values);
  }
  return values;
}
