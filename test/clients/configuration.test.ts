import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createClient, createCompany, createUserWithKey, type UserWithKey } from '../helpers/factories.ts';
import { linkCompanyToClient } from '../../src/organizations/organization.repository.ts';

const t = useTestApp();
let demo: DemoWorld;
let otherDemo: DemoWorld;
let operator: UserWithKey;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  otherDemo = await seedDemo(t.db);
  operator = await createUserWithKey(t.db, 'operator', null);
});

const getConfiguration = (key: string, clientId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/clients/${clientId}/configurations`,
    headers: { 'X-Api-Key': key },
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /api/v1/clients/{client_id}/configurations', () => {
  it("answers every field of the demo client's configuration", async () => {
    const response = await getConfiguration(demo.users.client.api_key, demo.client_id);
    expect(response.statusCode).toBe(200);
    const configuration = response.json();
    expect(Object.keys(configuration).sort()).toEqual([
      'branches',
      'companies',
      'id',
      'parties',
      'property_types',
    ]);
    expect(configuration.id).toBe(demo.client_id);

    expect(configuration.branches).toEqual([{ id: expect.stringMatching(UUID), name: 'Main Street Branch' }]);

    expect(configuration.companies).toHaveLength(1);
    const [company] = configuration.companies;
    expect(Object.keys(company).sort()).toEqual([
      'company_id',
      'company_name',
      'payment_methods',
      'products',
    ]);
    expect(company.company_id).toBe(demo.company_id);
    expect(company.company_name).toMatch(/^Demo Appraisal Co /);
    expect(company.payment_methods).toEqual(['payment_link', 'invoice', 'credit_card']);
    expect(company.products.length).toBeGreaterThanOrEqual(3);
    for (const product of company.products) {
      expect(Object.keys(product).sort()).toEqual(['follow_up', 'id', 'name', 'service_type']);
      expect(product.id).toMatch(UUID);
      expect(product.service_type).toBe('residential_appraisals');
      expect(typeof product.follow_up).toBe('boolean');
    }
    expect(company.products.filter((p: { follow_up: boolean }) => p.follow_up)).toHaveLength(1);

    const partyNames = configuration.parties.map((p: { name: string }) => p.name);
    expect(partyNames).toEqual(expect.arrayContaining(['Lou Officer', 'Pat Processor', 'Casey Client']));
    for (const party of configuration.parties) expect(Object.keys(party).sort()).toEqual(['id', 'name']);

    expect(configuration.property_types.length).toBeGreaterThanOrEqual(8);
    expect(configuration.property_types[0]).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Single Family',
      slug: 'single_family',
    });
    const slugs = configuration.property_types.map((p: { slug: string }) => p.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'condominium',
        'two_to_four_units',
        'manufactured_home',
        'pud',
        'co_op',
        'vacant_land',
      ]),
    );
  });

  it('is readable by staff of the serving company and by operators', async () => {
    expect((await getConfiguration(demo.users.staff.api_key, demo.client_id)).statusCode).toBe(200);
    expect((await getConfiguration(operator.key, demo.client_id)).statusCode).toBe(200);
  });

  it('shows staff only their own company among several that serve the client', async () => {
    const rival = await createCompany(t.db, 'Rival Appraisals');
    await linkCompanyToClient(t.db, rival.id, demo.client_id);
    const asStaff = (await getConfiguration(demo.users.staff.api_key, demo.client_id)).json();
    expect(asStaff.companies.map((c: { company_id: string }) => c.company_id)).toEqual([demo.company_id]);
    const asClient = (await getConfiguration(demo.users.client.api_key, demo.client_id)).json();
    expect(asClient.companies.map((c: { company_name: string }) => c.company_name)).toContain(
      'Rival Appraisals',
    );
  });

  it('answers 404 to everyone else, and for unknown ids', async () => {
    const stranger = await createUserWithKey(t.db, 'client', await createClient(t.db));
    const cases = [
      getConfiguration(otherDemo.users.client.api_key, demo.client_id),
      getConfiguration(otherDemo.users.staff.api_key, demo.client_id),
      getConfiguration(demo.users.appraiser.api_key, demo.client_id),
      getConfiguration(stranger.key, demo.client_id),
      getConfiguration(demo.users.client.api_key, '00000000-0000-0000-0000-000000000000'),
      getConfiguration(demo.users.client.api_key, 'not-a-uuid'),
      getConfiguration(operator.key, demo.company_id),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('answers 401 without a key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/clients/${demo.client_id}/configurations`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/v1/property_types', () => {
  it('answers a bare array of {id, name, slug} to any user', async () => {
    for (const key of [demo.users.client.api_key, demo.users.appraiser.api_key]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/property_types',
        headers: { 'X-Api-Key': key },
      });
      expect(response.statusCode).toBe(200);
      const types = response.json();
      expect(Array.isArray(types)).toBe(true);
      for (const type of types) expect(Object.keys(type).sort()).toEqual(['id', 'name', 'slug']);
    }
  });
});
