import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { placeOrder } from '../helpers/orders.ts';

const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;
const ids: Record<string, string> = {};

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
  const orders = [
    {
      key: 'austin',
      borrower: 'Adams',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      loan_type: 'fha',
      due: '2037-12-10T12:00',
      loan_number: 'LN-001',
    },
    {
      key: 'dallas',
      borrower: 'Baker',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
      loan_type: 'conventional',
      due: '2037-12-31T20:00',
      loan_number: 'LN-002',
    },
    {
      key: 'chicago',
      borrower: 'Clark',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      loan_type: 'usda',
      due: '2038-01-05T09:00',
      loan_number: 'LN-003',
    },
  ];
  for (const o of orders) {
    const created = await placeOrder(t.app, t.db, demo, {
      address: { street_1: '1 Main St', city: o.city, state: o.state, zip: o.zip },
      borrower: { first_name: 'Pat', last_name: o.borrower },
      loan_type: o.loan_type,
      due_date: o.due,
      loan_number: o.loan_number,
      transaction_type: o.key === 'chicago' ? 'refinance' : 'purchase',
    });
    ids[o.key] = created.id;
  }
  await placeOrder(t.app, t.db, other);
  await t.db
    .updateTable('orders')
    .set({ status: 'Assigned', appraiser_id: demo.users.appraiser.id })
    .where('id', '=', ids.dallas!)
    .execute();
});

const list = async (query = '', key = demo.users.client.api_key) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/orders${query}`,
    headers: { 'X-Api-Key': key },
  });
  return { status: response.statusCode, body: response.json() };
};
const cities = (body: { data: { full_address: string }[] }) =>
  body.data.map((o) => o.full_address.split(', ')[1]);

describe('GET /api/v1/orders', () => {
  it('answers {data, pagination} with the list representation, newest first', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(cities(body)).toEqual(['Chicago', 'Dallas', 'Austin']);
    // The interface's fields, the pipeline's (who has it, when an offer times out) and the
    // columns people choose (test/orders/list-columns.test.ts).
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'appraiser',
      'appraiser_fee',
      'borrower_name',
      'client',
      'created_at',
      'due_date',
      'file_number',
      'full_address',
      'id',
      'inspection_completed_at',
      'inspection_scheduled_at',
      'loan_number',
      'loan_type',
      'offer_expires_at',
      'products',
      'status',
      'status_changed_at',
      'total_fee',
      'transaction_type',
    ]);
    expect(body.data[0]).toMatchObject({
      id: ids.chicago,
      appraiser: null,
      offer_expires_at: null,
      due_date: '01/05/2038',
      loan_type: 'usda',
      transaction_type: 'refinance',
      status: { id: 'unassigned', name: 'Unassigned', category: 'not_started' },
    });
    expect(body.pagination).toEqual({
      current_page: 1,
      total_pages: 1,
      total_count: 3,
      total_count_is_estimate: false,
      per_page: 25,
      has_next_page: false,
      has_prev_page: false,
      next_cursor: null,
    });
  });

  it('pages', async () => {
    const page2 = (await list('?per_page=2&page=2')).body;
    expect(cities(page2)).toEqual(['Austin']);
    expect(page2.pagination).toEqual({
      current_page: 2,
      total_pages: 2,
      total_count: 3,
      total_count_is_estimate: false,
      per_page: 2,
      has_next_page: false,
      has_prev_page: true,
      next_cursor: null,
    });
    // Past the end: no row to carry the total, which is then asked for on its own.
    const past = (await list('?page=9&q[loan_type_eq]=fha')).body;
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ current_page: 9, total_count: 1, total_pages: 1 });
    expect((await list('?per_page=1000')).body.pagination.per_page).toBe(100);
    expect((await list('?page=0')).status).toBe(422);
  });

  it("shows each role its own orders: staff the company's, the appraiser those assigned to them", async () => {
    expect((await list('', demo.users.staff.api_key)).body.pagination.total_count).toBe(3);
    expect(cities((await list('', demo.users.appraiser.api_key)).body)).toEqual(['Dallas']);
    expect((await list('', other.users.client.api_key)).body.pagination.total_count).toBe(1);
  });

  it.each([
    ['?q[status_name_eq]=Assigned', ['Dallas']],
    ['?q[status_name_not_eq]=Assigned', ['Chicago', 'Austin']],
    ['?q[loan_type_in][]=fha&q[loan_type_in][]=usda', ['Chicago', 'Austin']],
    ['?q[transaction_type_eq]=refinance', ['Chicago']],
    ['?q[loan_number_eq]=LN-002', ['Dallas']],
    ['?q[borrower_last_name_cont]=ark', ['Chicago']],
    ['?q[borrower_name_start]=pat%20b', ['Dallas']],
    ['?q[address_city_eq]=Austin', ['Austin']],
    ['?q[address_state_eq]=TX', ['Dallas', 'Austin']],
    ['?q[address_state_eq]=Illinois', ['Chicago']],
    ['?q[address_zip_start]=75', ['Dallas']],
    ['?q[due_date_lteq]=2037-12-31', ['Dallas', 'Austin']],
    ['?q[due_date_gt]=2037-12-31', ['Chicago']],
    ['?q[due_date_lt]=2037-12-31', ['Austin']],
    ['?q[created_at_gteq]=2000-01-01', ['Chicago', 'Dallas', 'Austin']],
    ['?q[appraiser_id_null]=false', ['Dallas']],
    ['?q[s]=due_date%20asc', ['Austin', 'Dallas', 'Chicago']],
    ['?q[s]=borrower_last_name%20desc', ['Chicago', 'Dallas', 'Austin']],
    ['?q[address_state_eq]=TX&q[s]=address_city%20desc', ['Dallas', 'Austin']],
  ])('searches %s', async (query, expected) => {
    const { status, body } = await list(query);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(cities(body)).toEqual(expected);
    expect(body.pagination.total_count).toBe(expected.length);
  });

  it('searches by file number and by client id', async () => {
    const { body } = await list();
    const fileNumber: string = body.data[1].file_number;
    expect(cities((await list(`?q[file_number_cont]=${fileNumber.slice(-4)}`)).body)).toContain('Dallas');
    expect((await list(`?q[client_id_eq]=${demo.client_id}`)).body.pagination.total_count).toBe(3);
    expect((await list(`?q[client_id_eq]=${other.client_id}`)).body.pagination.total_count).toBe(0);
  });

  it.each([
    ['q[colour_eq]=red', 'q[colour_eq]'],
    ['q[status_name_eq]=Sleeping', 'q[status_name_eq]'],
    ['q[due_date_lteq]=tomorrow', 'q[due_date_lteq]'],
    ['q[loan_type_in][]=spaceship', 'q[loan_type_in]'],
    ['q[client_id_eq]=42', 'q[client_id_eq]'],
    ['q[address_state_eq]=Atlantis', 'q[address_state_eq]'],
    ['q[s]=secret%20asc', 'q[s]'],
  ])('answers 422 for %s', async (query, field) => {
    const { status, body } = await list(`?${query}`);
    expect(status).toBe(422);
    expect(body.error.details[0].field).toBe(field);
  });
});

describe('exact totals from running counts', () => {
  it('match a row count for every role and status search, before and after a rebuild', async () => {
    const { sql } = await import('kysely');
    // Moves that change status, appraiser and tenant-visible counts.
    await t.db.updateTable('orders').set({ status: 'On hold' }).where('id', '=', ids.austin!).execute();
    await t.db
      .updateTable('orders')
      .set({ appraiser_id: null, status: 'Unassigned' })
      .where('id', '=', ids.dallas!)
      .execute();
    await t.db
      .updateTable('orders')
      .set({ status: 'Assigned', appraiser_id: demo.users.appraiser.id })
      .where('id', '=', ids.dallas!)
      .execute();
    const check = async () => {
      for (const [key, column, value] of [
        [demo.users.client.api_key, 'client_id', demo.client_id],
        [demo.users.staff.api_key, 'company_id', demo.company_id],
        [demo.users.appraiser.api_key, 'appraiser_id', demo.users.appraiser.id],
      ] as const) {
        for (const query of [
          '',
          '?q[status_name_eq]=Assigned',
          '?q[status_name_in][]=On%20hold&q[status_name_in][]=Unassigned',
        ]) {
          const statuses = query.includes('Assigned')
            ? ['Assigned']
            : query
              ? ['On hold', 'Unassigned']
              : null;
          let rows = t.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where(column, '=', value);
          if (statuses) rows = rows.where('status', 'in', statuses);
          const expected = Number((await rows.executeTakeFirstOrThrow()).n);
          expect((await list(query, key)).body.pagination.total_count, `${column} ${query}`).toBe(expected);
        }
      }
    };
    await check();
    await sql`SELECT order_counts_rebuild()`.execute(t.db);
    await check();
  });
});
