import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey, createWorld, type UserWithKey } from '../helpers/factories.ts';

/**
 * An appraiser's coverage (counties, ZIP codes, home and radius, products) and time off, and the
 * company's rules for the engine: who reads and changes them, what is kept, and bad input
 * answered 422 naming the entry, changing nothing.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
let world: Awaited<ReturnType<typeof createWorld>>;
let other: Awaited<ReturnType<typeof createWorld>>;
let otherAppraiser: UserWithKey;
let admin: UserWithKey;
let productId: string;
let foreignProductId: string;

const product = async (companyId: string, name: string) =>
  (
    await t.db
      .insertInto('products')
      .values({ company_id: companyId, name, fee_cents: 45_000 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  world = await createWorld(t.db);
  other = await createWorld(t.db);
  otherAppraiser = await createUserWithKey(t.db, 'appraiser', world.company);
  admin = await createUserWithKey(t.db, 'staff', world.company, { admin: true });
  productId = await product(world.company.id, 'Full Appraisal (1004)');
  foreignProductId = await product(other.company.id, 'Desktop Appraisal');
});

const call = async (
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  key: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => {
  const response = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: {
      'X-Api-Key': key,
      ...headers,
      ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
  return { status: response.statusCode, body: response.json() };
};
const fields = (body: { error: { details: { field: string }[] } }) => body.error.details.map((d) => d.field);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const austin = {
  counties: ['48453', '48491'],
  zips: ['78610'],
  home: { latitude: 30.2672, longitude: -97.7431 },
  radius_miles: 40,
};

describe("an appraiser's coverage", () => {
  it('is recorded by the appraiser, read by staff, kept in the changes, and sent again changes nothing', async () => {
    const path = `appraisers/${world.appraiser.id}/coverage`;
    const empty = await call('GET', path, world.staff.key);
    expect(empty).toEqual({
      status: 200,
      body: { counties: [], zips: [], home: null, radius_miles: null, products: [] },
    });
    const put = await call('PUT', path, world.appraiser.key, { ...austin, product_ids: [productId] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({
      counties: [
        { fips: '48453', name: 'Travis County', state: 'TX' },
        { fips: '48491', name: 'Williamson County', state: 'TX' },
      ],
      zips: ['78610'],
      home: { latitude: 30.2672, longitude: -97.7431 },
      radius_miles: 40,
      products: [{ id: productId, name: 'Full Appraisal (1004)' }],
    });
    expect((await call('GET', path, world.staff.key)).body).toEqual(put.body);
    // Left out, home, radius and products stay; sent again, nothing is recorded.
    expect(
      (await call('PUT', path, world.appraiser.key, { counties: austin.counties, zips: austin.zips })).body,
    ).toEqual(put.body);
    const changes = (
      await call('GET', `appraisers/${world.appraiser.id}/credential_changes`, world.staff.key)
    ).body as {
      change: string;
      after: Record<string, unknown>;
    }[];
    expect(changes.filter((c) => c.change === 'coverage_changed')).toHaveLength(1);
    expect(changes[0]!.after).toMatchObject({
      counties: ['48453', '48491'],
      radius_miles: 40,
      product_ids: [productId],
    });

    // Clearing the home clears what needs it only when the radius goes too.
    const cleared = await call('PUT', path, world.staff.key, {
      counties: [],
      zips: [],
      home: null,
      radius_miles: null,
      product_ids: [],
    });
    expect(cleared.body).toEqual({ counties: [], zips: [], home: null, radius_miles: null, products: [] });
  });

  it('answers 422 naming each bad entry, and changes nothing', async () => {
    const path = `appraisers/${world.appraiser.id}/coverage`;
    await call('PUT', path, world.appraiser.key, austin);
    const before = (await call('GET', path, world.appraiser.key)).body;
    const bad = await call('PUT', path, world.appraiser.key, {
      counties: ['48453', '99999'],
      zips: ['00000'],
      product_ids: [foreignProductId],
    });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['counties[1]', 'zips[0]', 'product_ids[0]']);
    const noHome = await call('PUT', path, world.appraiser.key, { counties: [], zips: [], home: null });
    expect(noHome.status).toBe(422);
    expect(fields(noHome.body)).toEqual(['radius_miles']);
    for (const body of [
      { counties: ['4845'], zips: [] },
      { counties: [], zips: ['7870'] },
      { counties: [], zips: [], radius_miles: 0 },
      { counties: [], zips: [], home: { latitude: 91, longitude: 0 } },
      { counties: [], zips: [], product_ids: ['not-a-uuid'] },
      { counties: [], zips: [], color: 'blue' },
      { zips: [] },
      { counties: ['48453', '48453'], zips: [] },
    ]) {
      const answer = await call('PUT', path, world.appraiser.key, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error.details.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect((await call('GET', path, world.appraiser.key)).body).toEqual(before);
  });

  it('is out of reach of lenders (403), other appraisers and companies (404), and of anyone acting for the appraiser', async () => {
    const path = `appraisers/${world.appraiser.id}/coverage`;
    expect((await call('GET', path, world.clientAdmin.key)).status).toBe(403);
    expect((await call('PUT', path, world.clientAdmin.key, austin)).status).toBe(403);
    expect((await call('GET', path, otherAppraiser.key)).status).toBe(404);
    expect((await call('GET', path, other.staff.key)).status).toBe(404);
    expect((await call('GET', 'appraisers/not-a-uuid/coverage', world.staff.key)).status).toBe(404);
    expect((await call('GET', path, world.operator.key)).status).toBe(200);
    const acting = await call('PUT', path, world.staff.key, austin, { 'X-Api-Email': world.appraiser.email });
    expect(acting.status).toBe(403);
    expect(acting.body.error.code).toBe('cannot_act_as');
  });
});

describe("a state's counties", () => {
  it('are listed by name with their FIPS codes; a state that is none is 404', async () => {
    const texas = await call('GET', 'states/TX/counties', world.appraiser.key);
    expect(texas.status).toBe(200);
    expect(texas.body).toHaveLength(254);
    expect(texas.body[0]).toEqual({ fips: '48001', name: 'Anderson County', state: 'TX' });
    expect((await call('GET', 'states/tx/counties', world.clientUser.key)).body).toEqual(texas.body);
    for (const state of ['ZZ', '48', 'Texas!'])
      expect((await call('GET', `states/${state}/counties`, world.staff.key)).status).toBe(404);
  });
});

describe("an appraiser's time off", () => {
  it('is added, listed while it lasts, and removed; bad days answer 422 naming the field', async () => {
    const path = `appraisers/${world.appraiser.id}/time_off`;
    const added = await call('POST', path, world.appraiser.key, {
      starts_on: day(3),
      ends_on: day(10),
      note: ' Family wedding ',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      starts_on: day(3),
      ends_on: day(10),
      note: 'Family wedding',
    });
    expect((await call('GET', path, world.staff.key)).body).toEqual([added.body]);

    const cases: [unknown, string][] = [
      [{ starts_on: day(5), ends_on: day(4) }, 'ends_on'],
      [{ starts_on: day(-9), ends_on: day(-2) }, 'ends_on'],
      [{ starts_on: day(1), ends_on: day(400) }, 'ends_on'],
      [{ starts_on: '2027-02-30', ends_on: '2027-03-02' }, 'starts_on'],
      [{ starts_on: '03/01/2027', ends_on: day(2) }, 'starts_on'],
      [{ ends_on: day(2) }, 'starts_on'],
    ];
    for (const [body, field] of cases) {
      const answer = await call('POST', path, world.appraiser.key, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(fields(answer.body), JSON.stringify(body)).toContain(field);
    }
    expect((await call('GET', path, world.staff.key)).body).toEqual([added.body]);

    expect(
      (await call('POST', path, world.clientAdmin.key, { starts_on: day(1), ends_on: day(2) })).status,
    ).toBe(403);
    expect((await call('DELETE', `${path}/${added.body.id}`, otherAppraiser.key)).status).toBe(404);
    expect((await call('DELETE', `${path}/not-a-uuid`, world.appraiser.key)).status).toBe(404);
    expect((await call('DELETE', `${path}/${added.body.id}`, world.staff.key)).status).toBe(200);
    expect((await call('DELETE', `${path}/${added.body.id}`, world.staff.key)).status).toBe(404);
    expect((await call('GET', path, world.appraiser.key)).body).toEqual([]);
  });
});

describe("the company's selection rules", () => {
  it('start at the defaults, are changed by its admins only, and answer 422 naming a bad value', async () => {
    const path = `companies/${world.company.id}/selection_rules`;
    const defaults = await call('GET', path, world.staff.key);
    expect(defaults).toEqual({
      status: 200,
      body: {
        company_id: world.company.id,
        weights: { distance: 3, workload: 3, turn_time: 2, on_time: 2, quality: 2, acceptance: 1, fee: 1 },
        pass_over_past_due: false,
        eo_minimum_per_claim: null,
        certified_products: [],
      },
    });
    expect((await call('PATCH', path, world.staff.key, { pass_over_past_due: true })).status).toBe(403);
    const changed = await call('PATCH', path, admin.key, {
      weights: { fee: 0, distance: 5 },
      pass_over_past_due: true,
      eo_minimum_per_claim: '1,000,000',
      certified_products: [productId],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      weights: { distance: 5, workload: 3, turn_time: 2, on_time: 2, quality: 2, acceptance: 1, fee: 0 },
      pass_over_past_due: true,
      eo_minimum_per_claim: '1000000.00',
      certified_products: [productId],
    });
    for (const [body, field] of [
      [{ weights: { fee: 11 } }, 'weights.fee'],
      [{ weights: { speed: 3 } }, 'weights'],
      [{ eo_minimum_per_claim: '0' }, 'eo_minimum_per_claim'],
      [{ eo_minimum_per_claim: 'lots' }, 'eo_minimum_per_claim'],
      [{ pass_over_past_due: 'maybe' }, 'pass_over_past_due'],
      [{ certified_products: 'all' }, 'certified_products'],
      [{ certified_products: ['not-a-uuid'] }, 'certified_products'],
      [{ certified_products: [productId, foreignProductId] }, 'certified_products[1]'],
      [{ certified_products: [productId, productId] }, 'certified_products'],
    ] as const) {
      const answer = await call('PATCH', path, admin.key, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(fields(answer.body).join(' '), JSON.stringify(body)).toContain(field.split('.')[0]);
    }
    expect((await call('GET', path, world.operator.key)).body).toEqual(changed.body);
    expect((await call('GET', path, world.clientAdmin.key)).status).toBe(403);
    expect((await call('GET', path, world.appraiser.key)).status).toBe(403);
    expect((await call('GET', path, other.staff.key)).status).toBe(404);
    expect(
      (await call('GET', `companies/${world.client.id}/selection_rules`, world.operator.key)).status,
    ).toBe(404);
    expect((await call('GET', 'companies/not-a-uuid/selection_rules', world.operator.key)).status).toBe(404);
  });
});
