import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey, createWorld, type UserWithKey } from '../helpers/factories.ts';

const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
let world: Awaited<ReturnType<typeof createWorld>>;
let otherStaff: UserWithKey;
let otherAppraiser: UserWithKey;

beforeAll(async () => {
  world = await createWorld(t.db);
  otherAppraiser = await createUserWithKey(t.db, 'appraiser', world.company);
  otherStaff = (await createWorld(t.db)).staff;
});

const call = async (
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  key: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => {
  const response = await t.app.inject({
    method,
    url: `/api/v1/appraisers/${path}`,
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

/** A day `days` from today, YYYY-MM-DD (UTC: far enough from the edges that the zone does not matter). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const texas = {
  number: 'TX-1380423-R',
  level: 'certified_residential',
  issued_on: '2019-04-01',
  expires_on: day(400),
};
const policy = {
  carrier: 'Liberty Mutual',
  policy_number: 'EO-55-2031',
  per_claim: '1,000,000.00',
  expires_on: day(200),
};

async function changes(appraiserId: string) {
  const { body } = await call('GET', `${appraiserId}/credential_changes`, world.staff.key);
  return body as { change: string; by: { id: string } | null; before: unknown; after: unknown }[];
}

describe('an appraiser records their licenses and the company verifies them', () => {
  beforeEach(async () => {
    await t.db.deleteFrom('appraiser_licenses').execute();
    await t.db.deleteFrom('appraiser_credential_changes').execute();
  });

  it('records a license per state, answers it with its standing, and keeps the change', async () => {
    const put = await call('PUT', `${world.appraiser.id}/licenses/tx`, world.appraiser.key, texas);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      state: 'TX',
      state_id: '48',
      number: 'TX-1380423-R',
      level: 'certified_residential',
      issued_on: '2019-04-01',
      expires_on: texas.expires_on,
      standing: 'active',
      verified_at: null,
      verified_by: null,
    });
    const got = await call('GET', `${world.appraiser.id}/credentials`, world.staff.key);
    expect(got.status).toBe(200);
    expect(got.body.licenses).toEqual([put.body]);
    expect(got.body).toMatchObject({ eo_policy: null, fha_roster: false, w9_on_file: false, capacity: null });
    const [change] = await changes(world.appraiser.id);
    expect(change).toMatchObject({
      change: 'license_recorded',
      by: { id: world.appraiser.id },
      before: null,
      after: { state_id: '48', number: 'TX-1380423-R', level: 'certified_residential' },
    });
  });

  it('says expiring within 60 days and expired the day after the last valid day', async () => {
    await call('PUT', `${world.appraiser.id}/licenses/OK`, world.appraiser.key, {
      ...texas,
      expires_on: day(30),
    });
    await call('PUT', `${world.appraiser.id}/licenses/Louisiana`, world.appraiser.key, {
      ...texas,
      issued_on: null,
      expires_on: day(-2),
    });
    const { body } = await call('GET', `${world.appraiser.id}/credentials`, world.appraiser.key);
    const standing = Object.fromEntries(
      (body.licenses as { state: string; standing: string }[]).map((l) => [l.state, l.standing]),
    );
    expect(standing).toEqual({ LA: 'expired', OK: 'expiring' });
  });

  it("lets the company's staff verify, and clears the verification when the license changes", async () => {
    await call('PUT', `${world.appraiser.id}/licenses/TX`, world.appraiser.key, texas);
    const verified = await call('PUT', `${world.appraiser.id}/licenses/TX/verification`, world.staff.key);
    expect(verified.status).toBe(200);
    expect(verified.body.verified_by).toEqual({ id: world.staff.id, name: expect.any(String) });
    expect(Date.parse(verified.body.verified_at)).toBeGreaterThan(Date.now() - 60_000);

    // The same license sent again changes nothing, and keeps the verification.
    const again = await call('PUT', `${world.appraiser.id}/licenses/TX`, world.appraiser.key, texas);
    expect(again.body.verified_at).toBe(verified.body.verified_at);

    const upgraded = await call('PUT', `${world.appraiser.id}/licenses/TX`, world.appraiser.key, {
      ...texas,
      level: 'certified_general',
    });
    expect(upgraded.body).toMatchObject({ level: 'certified_general', verified_at: null, verified_by: null });
    expect((await changes(world.appraiser.id)).map((c) => c.change)).toEqual([
      'license_recorded',
      'license_verified',
      'license_recorded',
    ]);
  });

  it('refuses verification by the appraiser, and by staff of another company as if there were no appraiser', async () => {
    await call('PUT', `${world.appraiser.id}/licenses/TX`, world.appraiser.key, texas);
    const own = await call('PUT', `${world.appraiser.id}/licenses/TX/verification`, world.appraiser.key);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('forbidden');
    const foreign = await call('PUT', `${world.appraiser.id}/licenses/TX/verification`, otherStaff.key);
    expect(foreign.status).toBe(404);
    const none = await call('PUT', `${world.appraiser.id}/licenses/CA/verification`, world.staff.key);
    expect(none.status).toBe(404);
    const license = await t.db
      .selectFrom('appraiser_licenses')
      .select('verified_at')
      .executeTakeFirstOrThrow();
    expect(license.verified_at).toBeNull();
  });

  it('removes a license and keeps what it was', async () => {
    await call('PUT', `${world.appraiser.id}/licenses/TX`, world.staff.key, texas);
    const removed = await call('DELETE', `${world.appraiser.id}/licenses/TX`, world.staff.key);
    expect(removed).toEqual({ status: 200, body: { success: true } });
    expect((await call('DELETE', `${world.appraiser.id}/licenses/TX`, world.staff.key)).status).toBe(404);
    const [last] = await changes(world.appraiser.id);
    expect(last).toMatchObject({ change: 'license_removed', by: { id: world.staff.id }, after: null });
    expect(last!.before).toMatchObject({ number: 'TX-1380423-R' });
  });

  it('answers 422 naming the field for bad input, and records nothing', async () => {
    const cases: [unknown, string, string?][] = [
      [{ ...texas, level: 'master' }, 'level'],
      [{ ...texas, expires_on: '06/30/2027' }, 'expires_on'],
      [{ ...texas, expires_on: '2027-02-30' }, 'expires_on'],
      [{ ...texas, issued_on: '2030-01-01', expires_on: '2029-01-01' }, 'issued_on'],
      [{ ...texas, issued_on: day(10) }, 'issued_on'],
      [{ ...texas, number: '   ' }, 'number'],
      [{ ...texas, number: undefined }, 'number'],
      [{ ...texas, salary: 1 }, 'salary'],
      [texas, 'state', 'XX'],
      [texas, 'state', '48'],
    ];
    for (const [body, field, state = 'TX'] of cases) {
      const answer = await call('PUT', `${world.appraiser.id}/licenses/${state}`, world.appraiser.key, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(fields(answer.body)).toContain(field);
      expect(JSON.stringify(answer.body.error.details)).not.toMatch(/pattern|\^/);
    }
    expect(await t.db.selectFrom('appraiser_licenses').selectAll().execute()).toEqual([]);
    expect(await changes(world.appraiser.id)).toEqual([]);
  });
});

describe('who reaches an appraiser’s credentials', () => {
  it('answers the appraiser, their staff and operators; 404 for another appraiser or company; 403 for lenders', async () => {
    const path = `${world.appraiser.id}/credentials`;
    expect((await call('GET', path, world.appraiser.key)).status).toBe(200);
    expect((await call('GET', path, world.staff.key)).status).toBe(200);
    expect((await call('GET', path, world.operator.key)).status).toBe(200);
    expect((await call('GET', path, otherAppraiser.key)).status).toBe(404);
    expect((await call('GET', path, otherStaff.key)).status).toBe(404);
    expect((await call('GET', path, world.clientAdmin.key)).status).toBe(403);
    // A staff user's id, a malformed id and an unknown one are no appraiser.
    expect((await call('GET', `${world.staff.id}/credentials`, world.staff.key)).status).toBe(404);
    expect((await call('GET', 'not-a-uuid/credentials', world.staff.key)).status).toBe(404);
    expect((await call('GET', `${crypto.randomUUID()}/credentials`, world.operator.key)).status).toBe(404);
  });

  it('lets nobody acting for the appraiser change their credentials', async () => {
    const acting = await call('PUT', `${world.appraiser.id}/licenses/TX`, world.staff.key, texas, {
      'X-Api-Email': world.appraiser.email,
    });
    expect(acting.status).toBe(403);
    expect(acting.body.error.code).toBe('cannot_act_as');
    expect(fields(acting.body)).toEqual(['X-Api-Email']);
    expect(await t.db.selectFrom('appraiser_licenses').selectAll().execute()).toEqual([]);
  });
});

describe('the errors-and-omissions policy', () => {
  it('records, verifies, renews (clearing the verification) and removes it', async () => {
    const put = await call('PUT', `${world.appraiser.id}/eo_policy`, world.appraiser.key, policy);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      carrier: 'Liberty Mutual',
      per_claim: '1000000.00',
      aggregate: null,
      standing: 'active',
      verified_at: null,
    });
    const verified = await call('PUT', `${world.appraiser.id}/eo_policy/verification`, world.staff.key);
    expect(verified.body.verified_by.id).toBe(world.staff.id);
    const renewed = await call('PUT', `${world.appraiser.id}/eo_policy`, world.appraiser.key, {
      ...policy,
      aggregate: '2000000',
      expires_on: day(565),
    });
    expect(renewed.body).toMatchObject({ aggregate: '2000000.00', verified_at: null });
    expect((await call('GET', `${world.appraiser.id}/credentials`, world.staff.key)).body.eo_policy).toEqual(
      renewed.body,
    );
    expect((await call('DELETE', `${world.appraiser.id}/eo_policy`, world.appraiser.key)).status).toBe(200);
    expect((await call('DELETE', `${world.appraiser.id}/eo_policy`, world.appraiser.key)).status).toBe(404);
    expect((await call('PUT', `${world.appraiser.id}/eo_policy/verification`, world.staff.key)).status).toBe(
      404,
    );
  });

  it('answers 422 naming the field for an amount that is none, zero, or an aggregate under the per-claim', async () => {
    const cases: [unknown, string][] = [
      [{ ...policy, per_claim: 'a million' }, 'per_claim'],
      [{ ...policy, per_claim: '0.00' }, 'per_claim'],
      [{ ...policy, aggregate: '500000' }, 'aggregate'],
      [{ ...policy, carrier: '' }, 'carrier'],
      [{ ...policy, expires_on: 'soon' }, 'expires_on'],
    ];
    await t.db.deleteFrom('appraiser_eo_policies').execute();
    for (const [body, field] of cases) {
      const answer = await call('PUT', `${world.appraiser.id}/eo_policy`, world.appraiser.key, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(fields(answer.body)).toContain(field);
    }
    expect(await t.db.selectFrom('appraiser_eo_policies').selectAll().execute()).toEqual([]);
  });
});

describe('what the company confirms, and the capacity', () => {
  it('lets staff confirm the FHA roster and the W-9; the appraiser sets only the capacity', async () => {
    const byStaff = await call('PATCH', `${world.appraiser.id}/profile`, world.staff.key, {
      fha_roster: true,
      w9_on_file: true,
    });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body).toMatchObject({ fha_roster: true, w9_on_file: true, capacity: null });
    const capacity = await call('PATCH', `${world.appraiser.id}/profile`, world.appraiser.key, {
      capacity: 12,
    });
    expect(capacity.body).toMatchObject({ fha_roster: true, w9_on_file: true, capacity: 12 });
    const roster = await call('PATCH', `${world.appraiser.id}/profile`, world.appraiser.key, {
      fha_roster: false,
      capacity: 3,
    });
    expect(roster.status).toBe(403);
    expect(fields(roster.body)).toEqual(['fha_roster']);
    const bad = await call('PATCH', `${world.appraiser.id}/profile`, world.appraiser.key, { capacity: -1 });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['capacity']);
    const { body } = await call('GET', `${world.appraiser.id}/credentials`, world.appraiser.key);
    expect(body).toMatchObject({ fha_roster: true, capacity: 12 });
    const profileChanges = (await changes(world.appraiser.id)).filter((c) => c.change === 'profile_changed');
    expect(profileChanges.map((c) => c.after)).toEqual([
      { fha_roster: true, w9_on_file: true, capacity: 12 },
      { fha_roster: true, w9_on_file: true, capacity: null },
    ]);
  });
});
