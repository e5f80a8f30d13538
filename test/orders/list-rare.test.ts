import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * A search the running totals cannot count is counted first, up to the bound, and its page is
 * sorted from those matches when they are all there are; only a search with more matches walks
 * the list's order (orders/order.list.repository.ts, boundedPage). Either way the answers are the
 * same as a plain walk would give: every order once, in the list's order, with the same totals
 * and estimate flags.
 */
const LIMIT = 5;
const t = useTestApp({ LIST_EXACT_COUNT_LIMIT: String(LIMIT) });
let demo: DemoWorld;

interface ListAnswer {
  data: { id: string; due_date: string }[];
  pagination: {
    current_page: number;
    total_pages: number;
    total_count: number;
    total_count_is_estimate: boolean;
    has_next_page: boolean;
    has_prev_page: boolean;
    next_cursor: string | null;
  };
}

beforeAll(async () => {
  demo = await seedDemo(t.db);
  // Three FHA loans (under the bound), six conventional ones (over it), with due dates that
  // tie in pairs so that the tie-breakers decide; none of another loan type.
  for (let i = 0; i < 9; i += 1) {
    await placeOrder(t.app, t.db, demo, {
      loan_type: i % 3 === 0 ? 'fha' : 'conventional',
      due_date: `2037-0${1 + (i >> 1)}-15T17:00`,
      address: { street_1: `${200 + i} Larkspur Row`, city: 'Marfa', state: 'TX', zip: '79843' },
    });
  }
  await sql`ANALYZE orders`.execute(t.db);
});

const list = async (query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders?${query}`,
    headers: { 'X-Api-Key': demo.users.staff.api_key },
  });
  expect(response.statusCode, query).toBe(200);
  return response.json<ListAnswer>();
};

/** The ids in the list's order, read straight from the table: what every way of paging must give. */
const expected = async (loanType: string, sort: string) => {
  const [column, direction] = sort.split(' ') as ['created_at' | 'due_date', 'asc' | 'desc'];
  const rows = await t.db
    .selectFrom('orders')
    .select('id')
    .where('loan_type', '=', loanType)
    .where('company_id', '=', demo.company_id)
    .orderBy(column, direction)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
};

const SORTS = ['created_at desc', 'created_at asc', 'due_date asc', 'due_date desc'];

describe('a search rare for the caller', () => {
  it('finds nothing of a loan type the company has none of: total 0, exact, no next page', async () => {
    const { data, pagination } = await list('q[loan_type_eq]=usda&q[s]=due_date%20asc');
    expect(data).toEqual([]);
    expect(pagination).toMatchObject({
      total_count: 0,
      total_count_is_estimate: false,
      total_pages: 0,
      has_next_page: false,
      next_cursor: null,
    });
  });

  it('pages its few matches in every sort as the list orders them, by page number and by cursor', async () => {
    for (const sort of SORTS) {
      const search = `q[loan_type_eq]=fha&q[s]=${encodeURIComponent(sort)}&per_page=2`;
      const order = await expected('fha', sort);
      expect(order).toHaveLength(3);
      const first = await list(search);
      const second = await list(`${search}&page=2`);
      expect(
        [...first.data, ...second.data].map((o) => o.id),
        sort,
      ).toEqual(order);
      expect(first.pagination).toMatchObject({
        total_count: 3,
        total_count_is_estimate: false,
        total_pages: 2,
        has_next_page: true,
      });
      expect(second.pagination).toMatchObject({ total_count: 3, has_next_page: false, next_cursor: null });
      const byCursor = await list(`${search}&after=${first.pagination.next_cursor}`);
      expect(
        byCursor.data.map((o) => o.id),
        sort,
      ).toEqual(order.slice(2));
      expect(byCursor.pagination).toMatchObject({ current_page: 2, total_count: 3, has_next_page: false });
    }
  });

  it('answers a page past the end with the total and no rows', async () => {
    const { data, pagination } = await list('q[loan_type_eq]=fha&per_page=2&page=5');
    expect(data).toEqual([]);
    expect(pagination).toMatchObject({
      current_page: 5,
      total_count: 3,
      total_count_is_estimate: false,
      has_next_page: false,
      has_prev_page: true,
    });
  });

  it('walks the list for a search over the bound, its total estimated and flagged, every order once', async () => {
    for (const sort of SORTS) {
      const order = await expected('conventional', sort);
      const seen: string[] = [];
      let query = `q[loan_type_eq]=conventional&q[s]=${encodeURIComponent(sort)}&per_page=4`;
      for (let page = 1; page <= 3; page += 1) {
        const { data, pagination } = await list(query);
        seen.push(...data.map((o) => o.id));
        expect(pagination.total_count_is_estimate, sort).toBe(true);
        expect(pagination.total_count, sort).toBeGreaterThan(LIMIT);
        if (pagination.next_cursor === null) break;
        query = `q[loan_type_eq]=conventional&q[s]=${encodeURIComponent(sort)}&per_page=4&after=${pagination.next_cursor}`;
      }
      expect(seen, sort).toEqual(order);
    }
  });

  it('counts the statuses of a rare search exactly, and of an absent one as none', async () => {
    const counts = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/status_counts?${query}`,
          headers: { 'X-Api-Key': demo.users.staff.api_key },
        })
      ).json<{ data: { count: number }[]; total_count: number; total_count_is_estimate: boolean }>();
    expect(await counts('q[loan_type_eq]=usda')).toEqual({
      data: [],
      total_count: 0,
      total_count_is_estimate: false,
    });
    expect(await counts('q[loan_type_eq]=fha')).toMatchObject({
      total_count: 3,
      total_count_is_estimate: false,
    });
    expect((await counts('q[loan_type_eq]=conventional')).total_count_is_estimate).toBe(true);
  });

  it('filters by a flag, written as a constant so that a partial index serves it, with the same answers', async () => {
    const [revised] = await t.db
      .selectFrom('orders')
      .select('id')
      .where('loan_type', '=', 'fha')
      .limit(1)
      .execute();
    await t.db.updateTable('orders').set({ revised: true }).where('id', '=', revised!.id).execute();
    try {
      const yes = await list('q[revised_eq]=true');
      expect(yes.data.map((o) => o.id)).toEqual([revised!.id]);
      expect(yes.pagination).toMatchObject({ total_count: 1, total_count_is_estimate: false });
      const no = await list('q[revised_eq]=false&per_page=100');
      expect(no.data).toHaveLength(8);
      expect(no.data.map((o) => o.id)).not.toContain(revised!.id);
    } finally {
      await t.db.updateTable('orders').set({ revised: false }).where('id', '=', revised!.id).execute();
    }
  });
});

describe('a search by status alone', () => {
  /** The company's statuses with their number of orders, from the table. */
  const statusSizes = async () =>
    (
      await t.db
        .selectFrom('orders')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('company_id', '=', demo.company_id)
        .groupBy('status')
        .execute()
    ).map((row) => ({ status: row.status, n: Number(row.n) }));

  const inOrder = async (status: string) =>
    (
      await t.db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', status)
        .where('company_id', '=', demo.company_id)
        .orderBy('due_date', 'asc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);

  it('pages a rare status (sorted from its matches) and a common one (walked) alike, its total exact over the bound', async () => {
    // Three of the nine orders on hold (the running totals follow, by their trigger): a status
    // under the bound beside one over it.
    const held = (await t.db.selectFrom('orders').select('id').where('loan_type', '=', 'fha').execute()).map(
      (row) => row.id,
    );
    await t.db.updateTable('orders').set({ status: 'On hold' }).where('id', 'in', held).execute();
    try {
      await pageEachStatus();
    } finally {
      await t.db.updateTable('orders').set({ status: 'Unassigned' }).where('id', 'in', held).execute();
    }
  });

  const pageEachStatus = async () => {
    const sizes = await statusSizes();
    const rare = sizes.find((size) => size.n >= 2 && size.n <= LIMIT);
    const common = sizes.find((size) => size.n > LIMIT);
    expect(rare, JSON.stringify(sizes)).toBeDefined();
    expect(common, JSON.stringify(sizes)).toBeDefined();
    for (const { status, n } of [rare!, common!]) {
      const order = await inOrder(status);
      const search = `q[status_name_eq]=${encodeURIComponent(status)}&q[s]=due_date%20asc&per_page=2`;
      const seen: string[] = [];
      let query = search;
      for (let page = 1; page <= n; page += 1) {
        const { data, pagination } = await list(query);
        seen.push(...data.map((o) => o.id));
        // The running totals count a status exactly, however many orders it holds.
        expect(pagination, status).toMatchObject({ total_count: n, total_count_is_estimate: false });
        if (pagination.next_cursor === null) break;
        query = `${search}&after=${pagination.next_cursor}`;
      }
      expect(seen, status).toEqual(order);
      const second = await list(`${search}&page=2`);
      expect(
        second.data.map((o) => o.id),
        status,
      ).toEqual(order.slice(2, 4));
      const past = await list(`${search}&page=${n + 1}`);
      expect(past.data, status).toEqual([]);
      expect(past.pagination, status).toMatchObject({ total_count: n, has_next_page: false });
    }
  };
});
