import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { ORDER_ATTRIBUTES } from '../../src/orders/order.search.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * Keyset paging of GET /orders (`after=` with `pagination.next_cursor`): the same rows in the
 * same order as page numbers, for every sort, with ties and NULLs in the keys; and cursors
 * that are not this list's are refused, naming `after`.
 */
const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;
const demoIds: string[] = [];
const otherIds: string[] = [];

interface ListBody {
  data: { id: string }[];
  pagination: {
    current_page: number;
    total_pages: number;
    total_count: number;
    per_page: number;
    has_next_page: boolean;
    has_prev_page: boolean;
    next_cursor: string | null;
  };
}

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  const cities = ['Austin', 'Dallas', 'Houston', 'El Paso', 'Waco'];
  for (let i = 0; i < 25; i += 1) {
    const order = await placeOrder(t.app, t.db, demo, {
      address: { street_1: `${(i % 4) + 1} Main St`, city: cities[i % 5], state: 'TX', zip: '78701' },
      borrower: { first_name: 'Pat', last_name: ['Adams', 'Baker', 'Clark'][i % 3] },
      loan_type: ['fha', 'conventional', 'usda'][i % 3],
      loan_number: i % 4 === 0 ? undefined : `LN-${i % 6}`,
    });
    demoIds.push(order.id);
  }
  for (let i = 0; i < 4; i += 1) otherIds.push((await placeOrder(t.app, t.db, other)).id);
  // Ties and NULLs in every kind of key: shared due dates and creation instants (to the
  // microsecond, so that only the id tells them apart), NULL vendor due dates, fulfilment dates,
  // appraisers and offers on most, and several statuses.
  await sql`
    UPDATE orders SET
      due_date = timestamptz '2037-12-01 10:00:00.123456+00' + (n % 4) * interval '1 day',
      created_at = timestamptz '2026-11-01 08:00:00.654321+00' + (n % 5) * interval '1 hour',
      vendor_due_date = CASE WHEN n % 3 = 0 THEN timestamptz '2026-11-20 00:00:00.000001+00' + n * interval '1 microsecond' END,
      fulfilled_at = CASE WHEN n % 4 = 1 THEN timestamptz '2026-11-28 12:00+00' END,
      appraiser_id = CASE WHEN n % 2 = 0 THEN ${demo.users.appraiser.id}::uuid END,
      offer_expires_at = CASE WHEN n % 5 = 2 THEN timestamptz '2026-11-25 12:00+00' END,
      status = (ARRAY['Unassigned', 'Assigned', 'Pending assignment', 'Completed'])[1 + n % 4],
      revised = n % 6 = 0
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM orders WHERE company_id = ${demo.company_id}) numbered
     WHERE orders.id = numbered.id`.execute(t.db);
  await sql`SELECT order_counts_rebuild()`.execute(t.db);
});

async function list(query: string, key = demo.users.staff.api_key) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders?${query}`,
    headers: { 'X-Api-Key': key },
  });
  return { status: response.statusCode, body: response.json<ListBody & Record<string, unknown>>() };
}

/** Every page by number, then every page by cursor from the first: the answers, whole. */
async function walk(search: string, perPage: number, key = demo.users.staff.api_key) {
  const byPage: ListBody[] = [];
  for (let page = 1; ; page += 1) {
    const { status, body } = await list(`${search}&per_page=${perPage}&page=${page}`, key);
    expect(status).toBe(200);
    byPage.push(body);
    if (!body.pagination.has_next_page) break;
  }
  const byCursor: ListBody[] = [];
  let after: string | null = null;
  do {
    const query: string = `${search}&per_page=${perPage}${after === null ? '' : `&after=${after}`}`;
    const { status, body } = await list(query, key);
    expect(status).toBe(200);
    byCursor.push(body);
    after = body.pagination.next_cursor;
  } while (after !== null && byCursor.length < 50);
  return { byPage, byCursor };
}

const sortNames = Object.keys(ORDER_ATTRIBUTES).flatMap((name) => [`${name} asc`, `${name} desc`]);

describe('GET /api/v1/orders?after= (keyset paging)', () => {
  it('without q[s]: the same pages as page numbers, with the same paging figures', async () => {
    const { byPage, byCursor } = await walk('', 7);
    expect(byPage).toHaveLength(4);
    expect(byCursor).toEqual(byPage);
    expect(byPage.flatMap((b) => b.data.map((o) => o.id)).sort()).toEqual([...demoIds].sort());
    expect(byCursor.at(-1)!.pagination).toMatchObject({
      current_page: 4,
      total_pages: 4,
      total_count: 25,
      has_next_page: false,
      has_prev_page: true,
      next_cursor: null,
    });
  });

  it.each(sortNames)('q[s]=%s: walking by cursor gives the rows of walking by page', async (sort) => {
    const { byPage, byCursor } = await walk(`q[s]=${encodeURIComponent(sort)}`, 6);
    const ids = (bodies: ListBody[]) => bodies.flatMap((b) => b.data.map((o) => o.id));
    expect(ids(byCursor)).toEqual(ids(byPage));
    expect(new Set(ids(byPage)).size).toBe(25);
    expect(byCursor).toEqual(byPage);
  });

  it.each([
    [
      'two sorts and a counted filter',
      'q[s][]=loan_type%20asc&q[s][]=vendor_due_date%20desc&q[address_city_in][]=Austin&q[address_city_in][]=Waco',
    ],
    [
      'a status filter (running totals) and a sort on a nullable key',
      'q[status_name_in][]=Unassigned&q[status_name_in][]=Assigned&q[s]=offer_expires_at%20asc',
    ],
    ['a text search and a sort on a subquery', 'q[keywords_cont]=main&q[s]=borrower_last_name%20desc'],
  ])('with %s', async (_, search) => {
    const { byPage, byCursor } = await walk(search, 4);
    expect(byCursor).toEqual(byPage);
    expect(byPage.flatMap((b) => b.data).length).toBe(byPage[0]!.pagination.total_count);
  });

  it('takes other filters and page sizes with a cursor, continuing after the same row', async () => {
    const sorted = (await list('q[s]=due_date%20asc&per_page=50')).body.data.map((o) => o.id);
    const fha = new Set((await list('q[loan_type_eq]=fha&per_page=50')).body.data.map((o) => o.id));
    const first = (await list('q[s]=due_date%20asc&per_page=5')).body;
    const rest = await list(
      `q[s]=due_date%20asc&q[loan_type_eq]=fha&per_page=50&after=${first.pagination.next_cursor}`,
    );
    expect(rest.status).toBe(200);
    expect(rest.body.data.map((o) => o.id)).toEqual(sorted.slice(5).filter((id) => fha.has(id)));
    expect(rest.body.pagination).toMatchObject({ current_page: 2, total_count: fha.size, next_cursor: null });
  });
});

describe('cursors that are not this list’s', () => {
  const refusal = (body: Record<string, unknown>) => {
    const error = (
      body as { error: { code: string; message: string; details: { field: string; message: string }[] } }
    ).error;
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d) => d.field)).toContain('after');
    expect(error.message).toMatch(/after/);
    return error;
  };

  it('refuses after with page, naming after', async () => {
    const cursor = (await list('per_page=5')).body.pagination.next_cursor!;
    const { status, body } = await list(`per_page=5&page=2&after=${cursor}`);
    expect(status).toBe(422);
    expect(refusal(body).details[0]).toMatchObject({
      field: 'after',
      message: expect.stringMatching(/page/),
    });
  });

  it.each([
    ['not a cursor at all', 'not-a-cursor'],
    ['characters no cursor has', '%3Cscript%3E'],
    ['a signature cut short', 'eyJzIjoiIn0.abc'],
    ['two cursors', 'a.b&after=c.d'],
    ['too long', 'a'.repeat(9000)],
  ])('refuses %s (422, naming after)', async (_, after) => {
    const { status, body } = await list(`after=${after}`);
    expect(status).toBe(422);
    refusal(body);
  });

  it('refuses a cursor whose content was changed', async () => {
    const cursor = (await list('per_page=5')).body.pagination.next_cursor!;
    const [payload, signature] = cursor.split('.') as [string, string];
    const content = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { p: number; k: string[] };
    for (const changed of [
      { ...content, p: 3 },
      // Another order's id (never the one the cursor holds: that would be no change at all).
      { ...content, k: [content.k[0], demoIds.find((id) => id !== content.k[1])] },
    ]) {
      const forged = `${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      const { status, body } = await list(`per_page=5&after=${forged}`);
      expect(status).toBe(422);
      refusal(body);
    }
    // A character inside the signature: the last one's low bits are padding, which decodes alike.
    const at = cursor.length - 5;
    const flipped = `${cursor.slice(0, at)}${cursor[at] === 'A' ? 'Q' : 'A'}${cursor.slice(at + 1)}`;
    expect((await list(`per_page=5&after=${flipped}`)).status).toBe(422);
  });

  it('refuses a cursor made for another sort', async () => {
    const cursor = (await list('per_page=5&q[s]=due_date%20asc')).body.pagination.next_cursor!;
    for (const sort of ['', '&q[s]=due_date%20desc', '&q[s]=file_number%20asc']) {
      const { status, body } = await list(`per_page=5&after=${cursor}${sort}`);
      expect(status).toBe(422);
      expect(refusal(body).message).toMatch(/another sort/);
    }
    expect((await list(`per_page=5&after=${cursor}&q[s]=due_date%20asc`)).status).toBe(200);
  });

  it("never opens another tenant's list: a cursor is sealed for the caller's scope", async () => {
    const cursor = (await list('per_page=5')).body.pagination.next_cursor!;
    for (const key of [other.users.staff.api_key, other.users.client.api_key, demo.users.client.api_key]) {
      const { status, body } = await list(`per_page=5&after=${cursor}`, key);
      expect(status).toBe(422);
      refusal(body);
    }
    // Another company's staff walks its own list by cursor and meets only its own orders.
    const { byPage, byCursor } = await walk('', 3, other.users.staff.api_key);
    expect(byCursor).toEqual(byPage);
    expect(byCursor.flatMap((b) => b.data.map((o) => o.id)).sort()).toEqual([...otherIds].sort());
    expect(JSON.stringify(byCursor)).not.toContain(demoIds[0]);
  });
});
