import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { whereClauses } from '../../src/db/list-filter.ts';
import {
  countingPlan,
  countLimit,
  searchesText,
  UNNARROWED_TEXT_COUNT_LIMIT,
} from '../../src/db/list-count.ts';
import { parseListQuery } from '../../src/http/list-query.ts';
import { ORDER_ATTRIBUTES } from '../../src/orders/order.search.ts';
import { useTestApp } from '../helpers/app.ts';
import { orderableProducts, placeOrder } from '../helpers/orders.ts';

/**
 * Searches that answer at any size: totals counted exactly up to a bound and estimated above
 * it (the bound set low here), and text search on the trigram index, field by field.
 */
const LIMIT = 5;
const t = useTestApp({ LIST_EXACT_COUNT_LIMIT: String(LIMIT) });
let demo: DemoWorld;
const placed: { id: string; file_number: string }[] = [];

interface ListAnswer {
  data: { id: string; file_number: string }[];
  pagination: {
    current_page: number;
    total_pages: number;
    total_count: number;
    total_count_is_estimate: boolean;
    has_next_page: boolean;
    next_cursor: string | null;
  };
}

beforeAll(async () => {
  demo = await seedDemo(t.db);
  // Twelve orders: two refinances (under the bound), ten purchases (over it), one of each
  // with names and numbers of its own to search by.
  for (let i = 0; i < 12; i += 1) {
    const created = await placeOrder(t.app, t.db, demo, {
      address: {
        street_1: `${100 + i} Quarry Lane`,
        city: i === 3 ? 'Zephyrhills' : 'Austin',
        state: 'TX',
        zip: i === 4 ? '33540' : '78701',
      },
      borrower: { first_name: 'Pat', last_name: i === 5 ? 'Quixote-Marlowe' : `Lee${i}` },
      loan_number: `LN-${7000 + i}`,
      transaction_type: i < 2 ? 'refinance' : 'purchase',
    });
    placed.push({ id: created.id, file_number: created.file_number });
  }
  await sql`ANALYZE orders`.execute(t.db);
});

const list = async (query: string, key = demo.users.staff.api_key) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders?${query}`,
    headers: { 'X-Api-Key': key },
  });
  return { status: response.statusCode, body: response.json<ListAnswer>() };
};

describe('bounded totals', () => {
  it('are exact up to the bound', async () => {
    const { body } = await list('q[transaction_type_eq]=refinance');
    expect(body.data).toHaveLength(2);
    expect(body.pagination).toMatchObject({ total_count: 2, total_count_is_estimate: false, total_pages: 1 });
  });

  it('are an estimate above it, flagged, never below the bound nor the rows paged through', async () => {
    const { body } = await list('q[transaction_type_eq]=purchase&per_page=4&page=3');
    expect(body.data).toHaveLength(2);
    expect(body.pagination.total_count_is_estimate).toBe(true);
    expect(body.pagination.total_count).toBeGreaterThanOrEqual(10);
    expect(body.pagination.total_count).toBe(Math.max(body.pagination.total_count, LIMIT + 1));
    // Where the list ends comes from the rows, not from the estimate.
    expect(body.pagination.has_next_page).toBe(false);
    const first = await list('q[transaction_type_eq]=purchase&per_page=4');
    expect(first.body.pagination).toMatchObject({ total_count_is_estimate: true, has_next_page: true });
    expect(first.body.pagination.total_count).toBeGreaterThan(LIMIT);
  });

  it('stay exact at any size when the running totals answer (a search by status alone, or none)', async () => {
    for (const query of ['', 'q[status_name_eq]=Unassigned']) {
      const { body } = await list(query);
      expect(body.pagination).toMatchObject({ total_count: 12, total_count_is_estimate: false });
    }
  });

  it('keep keyset paging whole: walking by cursor past the bound finds every order once', async () => {
    const seen: string[] = [];
    let query = 'q[transaction_type_eq]=purchase&q[s]=due_date%20desc&per_page=3';
    for (let page = 1; page < 10; page += 1) {
      const { status, body } = await list(query);
      expect(status).toBe(200);
      seen.push(...body.data.map((o) => o.id));
      expect(body.pagination.current_page).toBe(page);
      if (body.pagination.next_cursor === null) break;
      query = `q[transaction_type_eq]=purchase&q[s]=due_date%20desc&per_page=3&after=${body.pagination.next_cursor}`;
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen)).toEqual(new Set(placed.slice(2).map((o) => o.id)));
  });

  it('status counts: exact under the bound, estimates flagged above it', async () => {
    const counts = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/orders/status_counts?${query}`,
          headers: { 'X-Api-Key': demo.users.staff.api_key },
        })
      ).json<{ data: { count: number }[]; total_count: number; total_count_is_estimate: boolean }>();
    expect(await counts('q[transaction_type_eq]=refinance')).toMatchObject({
      total_count: 2,
      total_count_is_estimate: false,
    });
    const over = await counts('q[transaction_type_eq]=purchase');
    expect(over.total_count_is_estimate).toBe(true);
    expect(over.total_count).toBeGreaterThan(LIMIT);
    expect(over.data.every((row) => row.count >= 1)).toBe(true);
  });
});

describe('text search', () => {
  const finds = async (term: string, value: string, expected: number[]) => {
    const { status, body } = await list(`q[${term}]=${encodeURIComponent(value)}`);
    expect(status, `${term}=${value}`).toBe(200);
    expect(body.data.map((o) => o.id).sort(), `${term}=${value}`).toEqual(
      expected.map((i) => placed[i]!.id).sort(),
    );
  };

  it('finds an order by each field, alone and through the search box (keywords)', async () => {
    const number = placed[7]!.file_number.slice(-5);
    for (const term of ['file_number_cont', 'keywords_cont']) await finds(term, number, [7]);
    await finds('file_number_start', placed[7]!.file_number, [7]);
    await finds('file_number_end', number, [7]);
    for (const term of ['loan_number_cont', 'keywords_cont']) await finds(term, 'n-7008', [8]);
    for (const term of ['borrower_name_cont', 'keywords_cont']) await finds(term, 'quixote-mar', [5]);
    for (const term of ['address_street_cont', 'keywords_cont']) await finds(term, '109 quarry', [9]);
    for (const term of ['address_city_cont', 'keywords_cont']) await finds(term, 'zephyr', [3]);
    for (const term of ['address_zip_cont', 'keywords_cont']) await finds(term, '3354', [4]);
    // Wildcards are searched for as characters.
    await finds('keywords_cont', '%', []);
    await finds('keywords_cont', 'Quarry_Lane', []);
  });

  it("finds a borrower added later to an order that had none (the search's copy follows)", async () => {
    const order = placed[11]!;
    await t.db.updateTable('orders').set({ borrower_name: null }).where('id', '=', order.id).execute();
    await t.db
      .deleteFrom('order_parties')
      .where('order_id', '=', order.id)
      .where('role_key', '=', 'borrower')
      .execute();
    await finds('borrower_name_cont', 'Lee11', []);
    await t.db
      .insertInto('order_parties')
      .values({
        order_id: order.id,
        name: 'Ingrid Late',
        first_name: 'Ingrid',
        last_name: 'Late',
        role: 'borrower',
        role_key: 'borrower',
        emails: [],
        phones: [],
      })
      .execute();
    await finds('keywords_cont', 'ingrid late', [11]);
  });

  const plan = (term: string, value: string) => {
    const query = parseListQuery({ [`q[${term}]`]: value }, ORDER_ATTRIBUTES, { timeZone: 'UTC' });
    return t.db.transaction().execute(async (trx) => {
      // Whether the index can answer, whatever the planner would choose on twelve rows.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      let search = trx.selectFrom('orders').select('orders.id');
      for (const filter of whereClauses(query, ORDER_ATTRIBUTES)) search = search.where(filter);
      return JSON.stringify(await search.explain('json'));
    });
  };

  it('is answered from the trigram index for every text field', async () => {
    for (const term of [
      'keywords_cont',
      'file_number_cont',
      'loan_number_cont',
      'borrower_name_cont',
      'address_street_cont',
      'address_city_start',
      'address_zip_end',
    ])
      expect(await plan(term, 'quarry'), term).toContain('orders_company_search_idx');
  });

  it("asks the index for the company's orders and the text together (another company's words cost nothing)", async () => {
    // Whether this index answers for both: on twelve rows the company's B-tree indexes would
    // win, so they are dropped for the question, in a transaction that is then rolled back.
    const rolledBack = new Error('rolled back');
    let planned = '';
    await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`DO $$ DECLARE r record; BEGIN
          FOR r IN SELECT indexname FROM pg_indexes WHERE tablename = 'orders'
                     AND indexname <> 'orders_company_search_idx' AND indexdef LIKE '%(company_id%'
          LOOP EXECUTE 'DROP INDEX ' || quote_ident(r.indexname); END LOOP; END $$`.execute(trx);
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const query = parseListQuery({ 'q[keywords_cont]': 'quarry' }, ORDER_ATTRIBUTES, { timeZone: 'UTC' });
        let search = trx
          .selectFrom('orders')
          .select('orders.id')
          .where('orders.company_id', '=', demo.company_id);
        for (const filter of whereClauses(query, ORDER_ATTRIBUTES)) search = search.where(filter);
        planned = JSON.stringify(await search.explain('json'));
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(planned).toContain('orders_company_search_idx');
    // The company is a condition of the index scan itself, not a filter on the rows it gives.
    const scan = JSON.stringify(
      (JSON.parse(planned) as { 'QUERY PLAN': { Plan: unknown }[] }[])[0]!['QUERY PLAN'][0]!.Plan,
    );
    expect(scan).toMatch(/"Index Cond":"\(\(company_id = [^"]*ILIKE|"Index Cond":"\(\(company_id = /);
  });

  it('searches a value without letters with LIKE (no case to fold), on the same index, with the same matches', async () => {
    for (const term of ['keywords_cont', 'loan_number_cont', 'address_zip_end']) {
      const planned = await plan(term, '7008');
      expect(planned, term).toContain('orders_company_search_idx');
      expect(planned, term).toContain('~~');
      expect(planned, term).not.toContain('~~*');
    }
    expect(await plan('keywords_cont', 'n-7008'), 'a value with letters').toContain('~~*');
    await finds('keywords_cont', '7008', [8]);
    await finds('keywords_cont', 'ln-7008', [8]);
    await finds('address_zip_cont', '540', [4]);
  });

  it('keeps a value without three letters or digits in a row away from the index (it would read all of it), and still finds', async () => {
    for (const term of ['keywords_cont', 'file_number_cont'])
      expect(await plan(term, '1-2'), term).not.toContain('orders_company_search_idx');
    const { body } = await list('q[keywords_cont]=10');
    expect(body.data.map((o) => o.id)).toContain(placed[0]!.id);
  });

  it('bounds the count of a value no index narrows lower, and finds its first matches in list order', () => {
    const parsed = (value: string) =>
      parseListQuery({ 'q[keywords_cont]': value }, ORDER_ATTRIBUTES, { timeZone: 'UTC' });
    expect(countLimit(parsed('42'), 1000)).toBe(UNNARROWED_TEXT_COUNT_LIMIT);
    expect(countLimit(parsed('A-1'), 1000)).toBe(UNNARROWED_TEXT_COUNT_LIMIT);
    expect(countLimit(parsed('42'), 50), 'never above the configured bound').toBe(50);
    expect(countLimit(parsed('4321'), 1000)).toBe(1000);
    expect(countingPlan(parsed('42'))).toBe('first matches');
    expect(countingPlan(parsed('quarry'))).toBe('all matches');
    // Either is planned for its pattern: one plan for every pattern takes `42` for a rare one.
    expect(searchesText(parsed('42'))).toBe(true);
    expect(searchesText(parsed('quarry'))).toBe(true);
    const byType = parseListQuery({ 'q[loan_type_eq]': 'fha' }, ORDER_ATTRIBUTES, { timeZone: 'UTC' });
    expect(searchesText(byType)).toBe(false);
  });

  it('refuses a term longer than 500 characters with 422 naming it', async () => {
    const { status, body } = await list(`q[keywords_cont]=${'a'.repeat(501)}`);
    expect(status).toBe(422);
    expect(JSON.stringify(body)).toContain('q[keywords_cont]');
    expect((await list(`q[file_number_cont]=${'a'.repeat(500)}`)).status).toBe(200);
  });
});

describe('a search by product', () => {
  it('finds an order by its first product, kept on the order, and refuses a product id that is not one with 422', async () => {
    const products = await orderableProducts(t.db, demo);
    expect(products.length).toBeGreaterThanOrEqual(2);
    const [first, second] = [products[1]!, products[0]!];
    const order = await placeOrder(t.app, t.db, demo, { product_ids: [first, second] });
    const kept = await t.db
      .selectFrom('orders')
      .select('first_product_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kept.first_product_id).toBe(first);
    const found = (product: string) =>
      list(`q[product_id_eq]=${product}&per_page=100`).then(({ body }) => body.data.map((row) => row.id));
    expect(await found(first)).toContain(order.id);
    expect(await found(second)).not.toContain(order.id);
    const refused = await list('q[product_id_eq]=not-a-product');
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('q[product_id_eq]');
  });
});
