import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createClient } from '../helpers/factories.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';

const t = useTestApp({ FILE_NUMBER_PREFIX: 'TST', TIME_ZONE: 'America/Chicago' });
let demo: DemoWorld;
let other: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
});

const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: { 'X-Api-Key': key } });
const post = (key: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { 'X-Api-Key': key },
    payload: payload as object,
  });
const orderCount = async () => (await t.db.selectFrom('orders').select('id').execute()).length;

const MMDDYYYY = /^\d{2}\/\d{2}\/\d{4}$/;

describe('POST /api/v1/orders and GET /api/v1/orders/{id}', () => {
  it('creates the order and reads back every field in its format', async () => {
    const body = await orderBody(t.db, demo, {
      address: {
        street_1: '1100 Congress Ave',
        street_2: 'Unit 4',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
      borrower: {
        first_name: 'Bea',
        last_name: 'Borrower',
        email: 'Bea@Borrower.example',
        phone: '512-555-0101',
        co_first_name: 'Cody',
        co_last_name: 'Borrower',
      },
      green_certified: 'true',
      fha_case_number: '123-4567890',
      loan_type: 'fha',
      loan_number: 'LN-778',
      occupancy_type: 'primary_residence',
      estate_held_type: 'lease_hold',
      complex_property: false,
      special_instructions:
        '<p>Call <b>first</b></p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">link</a>',
      closing_date: '2038-01-15',
      due_date: '2037-12-15T23:30',
    });
    const created = await post(demo.users.client.api_key, body);
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c.status).toEqual({ id: 'unassigned', name: 'Unassigned', category: 'not_started' });
    expect(c.allowed_transitions).toEqual(expect.arrayContaining(['hold', 'request_cancel']));
    expect(c.borrower).toMatchObject({
      first_name: 'Bea',
      last_name: 'Borrower',
      co_first_name: 'Cody',
      co_last_name: 'Borrower',
    });
    expect(c.point_of_contact).toMatchObject({
      name: 'Otto Occupant',
      email: ['otto@occupant.example'],
      emails: ['otto@occupant.example'],
    });

    const detail = (await get(demo.users.staff.api_key, `/api/v1/orders/${c.id}`)).json();
    expect(detail.allowed_transitions).toEqual(expect.arrayContaining(['assign', 'hold', 'cancel']));
    expect(detail.allowed_transitions).not.toContain('request_cancel');
    expect(detail.id).toBe(c.id);
    expect(detail.file_number).toMatch(/^TST-\d{8}$/);
    expect(detail.address).toEqual({
      address_one: '1100 Congress Ave',
      address_two: 'Unit 4',
      city: 'Austin',
      county_id: '48453',
      county: 'Travis County',
      state_id: '48',
      state: 'TX',
      zip: '78701',
      latitude: null,
      longitude: null,
    });
    expect(detail.full_address).toBe('1100 Congress Ave, Unit 4, Austin, TX 78701');
    expect(detail.borrower).toEqual({
      id: expect.any(String),
      email: 'bea@borrower.example',
      first_name: 'Bea',
      last_name: 'Borrower',
      phone: '512-555-0101',
    });
    expect(detail.co_borrowers).toEqual([
      { id: expect.any(String), first_name: 'Cody', last_name: 'Borrower', email: null, phone: null },
    ]);
    expect(detail.client).toEqual({ id: demo.client_id, name: expect.stringMatching(/^Demo Lender/) });
    expect(detail.lender).toEqual(detail.client);
    expect(detail.company).toEqual({
      id: demo.company_id,
      name: expect.stringMatching(/^Demo Appraisal Co/),
    });
    expect(detail.client_emails).toEqual([expect.stringMatching(/^lou\.officer/)]);
    expect(detail.complex_property).toBe(false);
    expect(detail.contract_price).toBe(420000);
    expect(detail.total_fee).toMatch(/^\d+\.\d{2}$/);
    expect(detail.decimal_balance).toBe(detail.total_fee);
    expect(detail.loan_amount).toBe('350000.00');
    expect(detail.loan_number).toBe('LN-778');
    expect(detail.loan_type).toBe('fha');
    expect(detail.fha_case_number).toBe('123-4567890');
    expect(detail.transaction_type).toBe('purchase');
    expect(detail.occupancy_type).toBe('primary_residence');
    expect(detail.estate_held_type).toBe('leasehold');
    expect(detail.green_certified).toBe(true);
    expect(detail.invoice_strategy).toBe('invoice_client');
    expect(detail.special_instructions).toBe('<p>Call <b>first</b></p><a>link</a>');
    expect(detail.products).toEqual([{ id: body.product_ids[0], name: expect.any(String) }]);
    expect(detail.property_type).toEqual({
      id: body.property_type_id,
      name: 'Single Family',
      slug: 'single_family',
    });
    expect(detail.status).toEqual({ id: 'unassigned', name: 'Unassigned', category: 'not_started' });
    // 23:30 in Chicago on the 15th is the 16th in UTC: the date shows in the deployment's zone.
    expect(detail.due_date).toBe('12/15/2037');
    expect(detail.original_due_date).toBe('12/15/2037');
    expect(detail.closing_date).toBe('01/15/2038');
    expect(detail.created_at).toMatch(MMDDYYYY);
    expect(detail.updated_at).toMatch(MMDDYYYY);
    for (const field of [
      'vendor_due_date',
      'assigned_at',
      'inspection_scheduled_at',
      'inspection_completed_at',
      'submitted_at',
      'completed_at',
      'fulfilled_at',
    ]) {
      expect(detail[field], field).toBeNull();
    }
    expect(detail.appraiser).toBeNull();

    // Roles answer as named (the client user's title), with a normalised key beside them.
    const roles = detail.parties.map((p: { role: string; role_key: string }) => `${p.role}:${p.role_key}`);
    expect(roles.sort()).toEqual([
      'Loan Officer:loan_officer',
      'borrower:borrower',
      'co_borrower:co_borrower',
      'other:other',
    ]);
    for (const party of detail.parties) {
      expect(Object.keys(party).sort()).toEqual([
        'email',
        'emails',
        'id',
        'name',
        'phone',
        'phones',
        'poc',
        'role',
        'role_key',
      ]);
      expect(party.email).toBe(party.emails[0] ?? null);
    }
    expect(detail.points_of_contact).toEqual([
      {
        id: expect.any(String),
        emails: ['otto@occupant.example'],
        first_name: 'Otto',
        last_name: 'Occupant',
        name: 'Otto Occupant',
        phone: '512-555-0102',
      },
    ]);
    expect(detail.point_of_contact).toEqual(detail.points_of_contact[0]);
  });

  it('answers the create with the order exactly as a read of it gives, for clients and staff', async () => {
    const products = await t.db
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', demo.company_id)
      .where('follow_up', '=', false)
      .orderBy('name', 'desc')
      .execute();
    const clientUsers = await t.db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', demo.client_id)
      .where('role', '=', 'client')
      .orderBy('last_name')
      .execute();
    const lender = await createClient(t.db, {
      name: 'Second Lender',
      servedBy: { id: demo.company_id, name: 'Demo company' },
    });
    const rich = (override: Record<string, unknown>) =>
      orderBody(t.db, demo, {
        product_ids: products.slice(0, 3).map((p) => p.id),
        client_user_ids: clientUsers.map((u) => u.id),
        borrower: {
          first_name: 'Bea',
          last_name: 'Borrower',
          email: 'Bea@Borrower.example',
          phone: '512-555-0101',
          co_first_name: 'Cody',
          co_last_name: 'Borrower',
        },
        point_of_contact: {
          name: 'Otto  Van Occupant',
          phone: '512-555-0102',
          emails: ['Otto@Occupant.example', 'otto2@occupant.example'],
        },
        address: {
          street_1: '1100 Congress Ave',
          street_2: 'Unit 4',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          county: 'Travis',
        },
        closing_date: '01/15/2038',
        due_date: '12/15/2037 17:30',
        special_instructions: '<p>Call <b>first</b></p>',
        occupancy_type: 'primary_residence',
        estate_held_type: 'leasehold',
        fha_case_number: '123-4567890',
        loan_number: 'LN-EQUAL',
        green_certified: true,
        complex_property: true,
        ...override,
      });
    const cases: [string, Record<string, unknown>][] = [
      [demo.users.client.api_key, { requested_by: { client_id: demo.client_id, lender_id: lender.id } }],
      [demo.users.staff.api_key, { draft: true, property_type_id: null, payment_method: 'credit_card' }],
      [
        demo.users.client.api_key,
        { point_of_contact: undefined, client_user_ids: [], product_ids: [products[0]!.id] },
      ],
    ];
    for (const [key, override] of cases) {
      const created = await post(key, await rich(override));
      expect(created.statusCode, created.body).toBe(201);
      const answer = created.json();
      const read = await get(key, `/api/v1/orders/${answer.id}`);
      expect(read.statusCode).toBe(200);
      const detail = read.json();
      // What the create answers besides the detail (createResponse in order.create.ts).
      const body = (await rich(override)) as { borrower: { co_first_name?: string; co_last_name?: string } };
      expect(answer).toStrictEqual({
        ...detail,
        borrower: {
          ...detail.borrower,
          co_first_name: body.borrower.co_first_name ?? null,
          co_last_name: body.borrower.co_last_name ?? null,
        },
        point_of_contact: detail.point_of_contact
          ? { ...detail.point_of_contact, email: detail.point_of_contact.emails }
          : null,
      });
    }
  });

  it('takes a null or empty property_type_id as no property type', async () => {
    for (const property_type_id of [null, '']) {
      const created = await post(
        demo.users.client.api_key,
        await orderBody(t.db, demo, { property_type_id }),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().property_type).toBeNull();
    }
  });

  it('keeps a null contract price as none, not $0, and a price sent as text as the number', async () => {
    const none = await post(demo.users.client.api_key, await orderBody(t.db, demo, { contract_price: null }));
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().contract_price).toBeNull();
    const text = await post(demo.users.client.api_key, await orderBody(t.db, demo, { contract_price: '0' }));
    expect(text.json().contract_price).toBe(0);
    const bad = await post(demo.users.client.api_key, await orderBody(t.db, demo, { contract_price: -5 }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual(['contract_price']);
  });

  it('numbers orders with the prefix and a unique, increasing eight-digit sequence', async () => {
    const a = await placeOrder(t.app, t.db, demo);
    const b = await placeOrder(t.app, t.db, demo);
    const n = (fileNumber: string) => Number(fileNumber.slice(4));
    expect(n(b.file_number)).toBe(n(a.file_number) + 1);
  });

  it('lets staff place orders for a client their company serves', async () => {
    const order = await placeOrder(t.app, t.db, demo, {}, demo.users.staff.api_key);
    expect(order.status.name).toBe('Unassigned');
    const wrongClient = await post(
      demo.users.staff.api_key,
      await orderBody(t.db, demo, { requested_by: { client_id: other.client_id } }),
    );
    expect(wrongClient.statusCode).toBe(422);
    expect(wrongClient.json().error.details[0].field).toBe('requested_by.client_id');
  });

  it('refuses appraisers and operators (403)', async () => {
    expect((await post(demo.users.appraiser.api_key, await orderBody(t.db, demo))).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's order and for unknown ids", async () => {
    const order = await placeOrder(t.app, t.db, demo);
    for (const key of [other.users.client.api_key, other.users.staff.api_key, demo.users.appraiser.api_key]) {
      expect((await get(key, `/api/v1/orders/${order.id}`)).statusCode).toBe(404);
    }
    expect(
      (await get(demo.users.client.api_key, '/api/v1/orders/00000000-0000-0000-0000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect((await get(demo.users.client.api_key, '/api/v1/orders/nope')).statusCode).toBe(404);
  });

  const required = [
    'address',
    'borrower',
    'due_date',
    'green_certified',
    'loan_type',
    'transaction_type',
    'payment_method',
    'product_ids',
  ];
  it.each(required)('without %s answers 422 naming it and stores nothing', async (field) => {
    const before = await orderCount();
    const body: Record<string, unknown> = await orderBody(t.db, demo);
    delete body[field];
    const response = await post(demo.users.client.api_key, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toContainEqual({ field, message: 'is required' });
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['address.street_1', { address: { city: 'Austin', state: 'TX', zip: '78701' } }],
    ['address.state', { address: { street_1: '1 Main', city: 'Austin', state: 'Texaz', zip: '78701' } }],
    ['address.zip', { address: { street_1: '1 Main', city: 'Austin', state: 'TX', zip: '787' } }],
    [
      'address.county',
      { address: { street_1: '1 Main', city: 'Austin', state: 'TX', zip: '78701', county: 'Cook' } },
    ],
    ['borrower.last_name', { borrower: { first_name: 'Bea' } }],
    ['due_date', { due_date: '02/30/2037' }],
    ['due_date', { due_date: '2026/12/15' }],
    ['due_date', { due_date: '2026-02-30T10:00' }],
    ['green_certified', { green_certified: 'maybe' }],
    ['loan_type', { loan_type: 'va' }],
    ['transaction_type', { transaction_type: 'liquidation' }],
    ['payment_method', { payment_method: 'cash' }],
    ['estate_held_type', { estate_held_type: 'rented' }],
    ['occupancy_type', { occupancy_type: 'vacation' }],
    ['product_ids', { product_ids: [] }],
    ['product_ids[0]', { product_ids: ['00000000-0000-0000-0000-000000000000'] }],
    ['client_user_ids[0]', { client_user_ids: ['not-a-user'] }],
    ['property_type_id', { property_type_id: '00000000-0000-0000-0000-000000000000' }],
    ['company_id', { company_id: '00000000-0000-0000-0000-000000000000' }],
    [
      'requested_by.client_id',
      { requested_by: { client_id: '00000000-0000-0000-0000-000000000000', lender_id: null } },
    ],
    ['requested_by.lender_id', { requested_by: { lender_id: '00000000-0000-0000-0000-000000000000' } }],
    ['loan_amount', { loan_amount: 'lots' }],
    ['point_of_contact.emails[0]', { point_of_contact: { name: 'A B', emails: ['nope'] } }],
  ])('with a bad %s answers 422 naming it and stores nothing', async (field, override) => {
    const before = await orderCount();
    const response = await post(demo.users.client.api_key, await orderBody(t.db, demo, override));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await orderCount()).toBe(before);
  });

  it("takes another client's product or user as invalid", async () => {
    const foreign = await orderBody(t.db, other);
    const response = await post(
      demo.users.client.api_key,
      await orderBody(t.db, demo, {
        product_ids: foreign.product_ids,
        client_user_ids: foreign.client_user_ids,
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['product_ids[0]', 'client_user_ids[0]']),
    );
  });
});

describe('PUT /api/v1/orders/{id}/subject_address', () => {
  it('changes any field, derives the county, takes coordinates as numbers or numeric strings', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    const put = (key: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.id}/subject_address`,
        headers: { 'X-Api-Key': key },
        payload,
      });
    expect(
      (
        await put(demo.users.client.api_key, {
          address_one: '500 W 2nd St',
          zip: '60601',
          state: 'IL',
          city: 'Chicago',
          latitude: 41.88,
          longitude: '-87.63',
        })
      ).json(),
    ).toEqual({ success: true });
    const detail = (await get(demo.users.client.api_key, `/api/v1/orders/${order.id}`)).json();
    expect(detail.address).toMatchObject({
      address_one: '500 W 2nd St',
      city: 'Chicago',
      state: 'IL',
      state_id: '17',
      county_id: '17031',
      zip: '60601',
      latitude: 41.88,
      longitude: -87.63,
    });
    expect(detail.full_address).toBe('500 W 2nd St, Chicago, IL 60601');

    expect((await put(demo.users.staff.api_key, { county: 'DuPage' })).statusCode).toBe(200);
    expect(
      (await get(demo.users.client.api_key, `/api/v1/orders/${order.id}`)).json().address.county_id,
    ).toBe('17043');

    for (const [payload, field] of [
      [{ state: 'Atlantis' }, 'state'],
      [{ county: 'Travis' }, 'county'],
      [{ latitude: 123 }, 'latitude'],
      [{ latitude: 'north' }, 'latitude'],
      [{ zip: 'abc' }, 'zip'],
    ] as const) {
      const response = await put(demo.users.client.api_key, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(
      (await get(demo.users.client.api_key, `/api/v1/orders/${order.id}`)).json().address.county_id,
    ).toBe('17043');
    expect((await put(other.users.client.api_key, { city: 'X' })).statusCode).toBe(404);
    const history = await t.db
      .selectFrom('order_history')
      .select('action')
      .where('order_id', '=', order.id)
      .execute();
    expect(history.filter((h) => h.action === 'update_subject_address')).toHaveLength(2);
  });
});
