import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import {
  createClient,
  createCompany,
  createUserWithKey,
  type Org,
  type UserWithKey,
} from '../helpers/factories.ts';
import { findClientTypeId } from '../../src/organizations/organization.repository.ts';

const t = useTestApp();
let company: Org;
let staff: UserWithKey;
let operator: UserWithKey;
let clientUser: UserWithKey;
let appraiser: UserWithKey;
let bankTypeId: string;
let served: Org[];

beforeAll(async () => {
  company = await createCompany(t.db);
  staff = await createUserWithKey(t.db, 'staff', company);
  appraiser = await createUserWithKey(t.db, 'appraiser', company);
  operator = await createUserWithKey(t.db, 'operator', null);
  bankTypeId = (await findClientTypeId(t.db, 'Bank'))!;
  served = [];
  for (const name of ['Alpha Bank', 'Beta Credit Union', 'Gamma Bank', 'Delta Mortgage', 'Epsilon Bank']) {
    served.push(await createClient(t.db, { servedBy: company, name }));
  }
  await t.db
    .updateTable('organizations')
    .set({ client_type_id: bankTypeId })
    .where('name', 'like', '% Bank')
    .execute();
  await createClient(t.db, { name: 'Unserved Bank' });
  clientUser = await createUserWithKey(t.db, 'client', served[0]!);
});

const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: { 'X-Api-Key': key } });
const names = (response: { json: () => { name: string }[] }) => response.json().map((c) => c.name);

describe('GET /api/v1/clients', () => {
  it('shows staff the clients their company serves, as a bare array of {id, name}', async () => {
    const response = await get(staff.key, '/api/v1/clients');
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual([
      'Alpha Bank',
      'Beta Credit Union',
      'Delta Mortgage',
      'Epsilon Bank',
      'Gamma Bank',
    ]);
    for (const client of response.json()) expect(Object.keys(client).sort()).toEqual(['id', 'name']);
  });

  it('shows a client user only their own client, operators every client, appraisers nothing (403)', async () => {
    expect(names(await get(clientUser.key, '/api/v1/clients'))).toEqual(['Alpha Bank']);
    expect(names(await get(operator.key, '/api/v1/clients?per_page=100'))).toContain('Unserved Bank');
    expect((await get(appraiser.key, '/api/v1/clients')).statusCode).toBe(403);
  });

  it('pages with page and per_page; per_page above 100 reads as 100', async () => {
    expect(names(await get(staff.key, '/api/v1/clients?per_page=2'))).toEqual([
      'Alpha Bank',
      'Beta Credit Union',
    ]);
    expect(names(await get(staff.key, '/api/v1/clients?per_page=2&page=3'))).toEqual(['Gamma Bank']);
    expect(names(await get(staff.key, '/api/v1/clients?per_page=2&page=4'))).toEqual([]);
    expect((await get(staff.key, '/api/v1/clients?per_page=500')).statusCode).toBe(200);
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'per_page=0', 'per_page=1.5'])(
    'answers 422 for %s',
    async (query) => {
      const response = await get(staff.key, `/api/v1/clients?${query}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details[0].field).toBe(query.split('=')[0]);
    },
  );

  it('searches with q: name_cont, name_eq, name_start, client_type_id_eq, in, and sorts with q[s]', async () => {
    expect(names(await get(staff.key, '/api/v1/clients?q[name_cont]=bank'))).toEqual([
      'Alpha Bank',
      'Epsilon Bank',
      'Gamma Bank',
    ]);
    expect(names(await get(staff.key, '/api/v1/clients?q[name_eq]=Gamma%20Bank'))).toEqual(['Gamma Bank']);
    expect(names(await get(staff.key, '/api/v1/clients?q[name_start]=D'))).toEqual(['Delta Mortgage']);
    expect(names(await get(staff.key, `/api/v1/clients?q[client_type_id_eq]=${bankTypeId}`))).toEqual([
      'Alpha Bank',
      'Epsilon Bank',
      'Gamma Bank',
    ]);
    expect(names(await get(staff.key, '/api/v1/clients?q[client_type_id_null]=true'))).toEqual([
      'Beta Credit Union',
      'Delta Mortgage',
    ]);
    const inQuery = `q[id_in][]=${served[1]!.id}&q[id_in][]=${served[3]!.id}`;
    expect(names(await get(staff.key, `/api/v1/clients?${inQuery}`))).toEqual([
      'Beta Credit Union',
      'Delta Mortgage',
    ]);
    expect(names(await get(staff.key, '/api/v1/clients?q[s]=name%20desc&per_page=2'))).toEqual([
      'Gamma Bank',
      'Epsilon Bank',
    ]);
    expect(names(await get(staff.key, '/api/v1/clients?q[name_cont]=%25'))).toEqual([]);
    // A blank value is ignored, as Ransack does.
    expect(names(await get(staff.key, '/api/v1/clients?q[name_cont]='))).toHaveLength(5);
  });

  it.each([
    ['an unknown attribute', 'q[secret_eq]=1', 'q[secret_eq]'],
    ['an unknown predicate', 'q[name_like]=a', 'q[name_like]'],
    ['a malformed id', 'q[client_type_id_eq]=nope', 'q[client_type_id_eq]'],
    ['a text predicate on an id', 'q[id_cont]=a', 'q[id_cont]'],
    ['a bad sort', 'q[s]=password asc', 'q[s]'],
    ['a bad sort direction', 'q[s]=name sideways', 'q[s]'],
    ['a bad null flag', 'q[name_null]=maybe', 'q[name_null]'],
    ['a nested object', 'q[name_eq][a]=b', 'q[name_eq][a]'],
  ])('answers 422 for %s, naming it', async (_label, query, field) => {
    const response = await get(staff.key, `/api/v1/clients?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', details: [{ field }] });
  });
});

describe('GET /api/v1/client_types', () => {
  it('lists client types with paging, q and sorting, to any user', async () => {
    const all = await get(appraiser.key, '/api/v1/client_types');
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(expect.arrayContaining(['Bank', 'Credit Union', 'Mortgage Lender']));
    for (const type of all.json()) expect(Object.keys(type).sort()).toEqual(['id', 'name']);
    expect(names(await get(staff.key, '/api/v1/client_types?q[name_cont]=credit'))).toEqual(['Credit Union']);
    expect(names(await get(staff.key, '/api/v1/client_types?q[s]=name desc&per_page=1'))).toEqual([
      'Private Lender',
    ]);
    expect(names(await get(staff.key, '/api/v1/client_types?per_page=2&page=2'))).toEqual([
      'Credit Union',
      'Mortgage Broker',
    ]);
    expect((await get(staff.key, '/api/v1/client_types?q[color_eq]=red')).statusCode).toBe(422);
  });
});

describe('POST /api/v1/clients', () => {
  const validBody = () => ({
    organization: {
      name: 'Harbor Savings',
      client_type_id: bankTypeId,
      add_all_products: true,
      address_attributes: {
        address_one: '1 Harbor Way',
        address_two: 'Suite 5',
        city: 'Boston',
        state: 'MA',
        zip: '02110',
      },
      contacts_attributes: [
        {
          name: 'Hank Harbor',
          emails: ['hank@harbor.example'],
          phones_attributes: [{ phone_number: '617-555-0100', phone_type: 'work' }],
        },
      ],
    },
  });
  const post = (key: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/clients',
      headers: { 'X-Api-Key': key },
      payload: payload as object,
    });
  const clientCount = async () =>
    (await t.db.selectFrom('organizations').select('id').where('kind', '=', 'client').execute()).length;

  it("creates a client served by the staff member's company, with address, contacts and all products", async () => {
    const product = await t.db
      .insertInto('products')
      .values({ company_id: company.id, name: 'Full Appraisal', fee_cents: 45000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await post(staff.key, validBody());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ success: true, client: { id: expect.any(String), name: 'Harbor Savings' } });
    const id = body.client.id;
    expect(
      await t.db.selectFrom('company_clients').selectAll().where('client_id', '=', id).execute(),
    ).toHaveLength(1);
    expect(
      await t.db.selectFrom('client_products').select('product_id').where('client_id', '=', id).execute(),
    ).toEqual([{ product_id: product.id }]);
    expect(
      await t.db
        .selectFrom('organization_addresses')
        .selectAll()
        .where('organization_id', '=', id)
        .executeTakeFirst(),
    ).toMatchObject({ city: 'Boston', state: 'MA', zip: '02110' });
    const contacts = await t.db
      .selectFrom('contacts')
      .innerJoin('contact_phones', 'contact_phones.contact_id', 'contacts.id')
      .selectAll()
      .where('organization_id', '=', id)
      .execute();
    expect(contacts).toEqual([
      expect.objectContaining({
        name: 'Hank Harbor',
        emails: ['hank@harbor.example'],
        phone_number: '617-555-0100',
        phone_type: 'work',
      }),
    ]);
    expect(names(await get(staff.key, '/api/v1/clients?q[name_eq]=Harbor Savings'))).toEqual([
      'Harbor Savings',
    ]);
  });

  it('without add_all_products attaches no product; the state may be a full name', async () => {
    const body = validBody();
    body.organization.add_all_products = false;
    body.organization.name = 'Quiet Lender';
    body.organization.address_attributes.state = 'massachusetts';
    const response = await post(staff.key, body);
    expect(response.statusCode).toBe(201);
    expect(
      await t.db
        .selectFrom('client_products')
        .select('product_id')
        .where('client_id', '=', response.json().client.id)
        .execute(),
    ).toEqual([]);
  });

  const requiredFields: [string, (body: ReturnType<typeof validBody>) => void][] = [
    ['organization', (b) => delete (b as Partial<typeof b>).organization],
    ['organization.name', (b) => delete (b.organization as Partial<typeof b.organization>).name],
    [
      'organization.client_type_id',
      (b) => delete (b.organization as Partial<typeof b.organization>).client_type_id,
    ],
    [
      'organization.add_all_products',
      (b) => delete (b.organization as Partial<typeof b.organization>).add_all_products,
    ],
    [
      'organization.address_attributes',
      (b) => delete (b.organization as Partial<typeof b.organization>).address_attributes,
    ],
    [
      'organization.contacts_attributes',
      (b) => delete (b.organization as Partial<typeof b.organization>).contacts_attributes,
    ],
    [
      'organization.address_attributes.address_one',
      (b) =>
        delete (b.organization.address_attributes as Partial<typeof b.organization.address_attributes>)
          .address_one,
    ],
    [
      'organization.address_attributes.city',
      (b) =>
        delete (b.organization.address_attributes as Partial<typeof b.organization.address_attributes>).city,
    ],
    [
      'organization.address_attributes.state',
      (b) =>
        delete (b.organization.address_attributes as Partial<typeof b.organization.address_attributes>).state,
    ],
    [
      'organization.address_attributes.zip',
      (b) =>
        delete (b.organization.address_attributes as Partial<typeof b.organization.address_attributes>).zip,
    ],
    [
      'organization.contacts_attributes[0].name',
      (b) =>
        delete (
          b.organization.contacts_attributes[0] as Partial<(typeof b.organization.contacts_attributes)[0]>
        ).name,
    ],
  ];

  it.each(requiredFields)('without %s answers 422 naming it and stores nothing', async (field, remove) => {
    const before = await clientCount();
    const body = validBody();
    remove(body);
    const response = await post(staff.key, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toContainEqual({ field, message: 'is required' });
    expect(await clientCount()).toBe(before);
  });

  it.each([
    [
      'an unknown client_type_id',
      (b: ReturnType<typeof validBody>) =>
        (b.organization.client_type_id = '00000000-0000-0000-0000-000000000000'),
      'organization.client_type_id',
    ],
    [
      'a malformed client_type_id',
      (b: ReturnType<typeof validBody>) => (b.organization.client_type_id = 'bank'),
      'organization.client_type_id',
    ],
    [
      'an unknown state',
      (b: ReturnType<typeof validBody>) => (b.organization.address_attributes.state = 'ZZ'),
      'organization.address_attributes.state',
    ],
    [
      'a bad zip',
      (b: ReturnType<typeof validBody>) => (b.organization.address_attributes.zip = '1234'),
      'organization.address_attributes.zip',
    ],
    ['a blank name', (b: ReturnType<typeof validBody>) => (b.organization.name = '   '), 'organization.name'],
    [
      'a bad contact email',
      (b: ReturnType<typeof validBody>) => (b.organization.contacts_attributes[0]!.emails = ['nope']),
      'organization.contacts_attributes[0].emails[0]',
    ],
    [
      'a bad phone type',
      (b: ReturnType<typeof validBody>) =>
        (b.organization.contacts_attributes[0]!.phones_attributes[0]!.phone_type = 'pager'),
      'organization.contacts_attributes[0].phones_attributes[0].phone_type',
    ],
    [
      'add_all_products not a boolean',
      (b: ReturnType<typeof validBody>) =>
        ((b.organization as Record<string, unknown>).add_all_products = 'sometimes'),
      'organization.add_all_products',
    ],
  ])('with %s answers 422 naming the field and stores nothing', async (_label, change, field) => {
    const before = await clientCount();
    const body = validBody();
    change(body);
    const response = await post(staff.key, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await clientCount()).toBe(before);
  });

  it('is refused to client users and appraisers (403), and lets operators name the company', async () => {
    expect((await post(clientUser.key, validBody())).statusCode).toBe(403);
    expect((await post(appraiser.key, validBody())).statusCode).toBe(403);
    const body = validBody();
    body.organization.name = 'Operator Made';
    (body.organization as Record<string, unknown>).company_id = company.id;
    const response = await post(operator.key, body);
    expect(response.statusCode).toBe(201);
    expect(names(await get(staff.key, '/api/v1/clients?q[name_eq]=Operator Made'))).toEqual([
      'Operator Made',
    ]);
    (body.organization as Record<string, unknown>).company_id = served[0]!.id;
    const notACompany = await post(operator.key, body);
    expect(notACompany.statusCode).toBe(422);
    expect(notACompany.json().error.details[0].field).toBe('organization.company_id');
  });
});
