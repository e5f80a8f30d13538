import { SecretBox } from '../../src/auth/secret-box.ts';
import { jwtVerify, decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createClient, createCompany, createUserWithKey, createWorld } from '../helpers/factories.ts';

const t = useTestApp();
let world: Awaited<ReturnType<typeof createWorld>>;

beforeAll(async () => {
  world = await createWorld(t.db);
});

const me = (headers: Record<string, string>, url = '/api/v1/me') =>
  t.app.inject({ method: 'POST', url, headers });

function expectErrorBody(body: unknown, code: string): void {
  expect(body).toMatchObject({
    success: false,
    error: { code, message: expect.any(String), details: expect.any(Array) },
  });
  expect((body as { request_id: string }).request_id).toEqual(expect.any(String));
}

describe('API key', () => {
  it.each(['X-Api-Key', 'x-api-key', 'X-API-KEY'])('is read from the %s header', async (header) => {
    const response = await me({ [header]: world.clientUser.key });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: world.clientUser.id, email: world.clientUser.email });
  });

  it('is read from the api_key query parameter', async () => {
    const response = await me({}, `/api/v1/me?api_key=${encodeURIComponent(world.staff.key)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(world.staff.id);
  });

  it('missing answers 401 with the JSON error body', async () => {
    const response = await me({});
    expect(response.statusCode).toBe(401);
    expectErrorBody(response.json(), 'unauthenticated');
    expect(response.headers['x-request-id']).toBe(response.json().request_id);
  });

  it('wrong answers 401', async () => {
    const response = await me({ 'X-Api-Key': world.staff.key.slice(0, -2) + 'xx' });
    expect(response.statusCode).toBe(401);
    expectErrorBody(response.json(), 'unauthenticated');
  });

  it('absurdly long answers 401 without a lookup', async () => {
    const response = await me({ 'X-Api-Key': 'k'.repeat(5000) });
    expect(response.statusCode).toBe(401);
  });

  it('revoked answers 401, at once', async () => {
    const user = await createUserWithKey(t.db, 'client', world.client);
    expect((await me({ 'X-Api-Key': user.key })).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api_keys/${user.keyId}`,
      headers: { 'X-Api-Key': user.key },
    });
    expect(revoke.statusCode).toBe(200);
    const response = await me({ 'X-Api-Key': user.key });
    expect(response.statusCode).toBe(401);
    expectErrorBody(response.json(), 'unauthenticated');
    expect(response.json().error.message).toMatch(/revoked/);
  });

  it('is not stored in clear', async () => {
    const user = await createUserWithKey(t.db, 'staff', world.company);
    const rows = await t.db.selectFrom('api_keys').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows.map((r) => ({ ...r, token_hash: r.token_hash.toString('hex') })));
    expect(stored).not.toContain(user.key);
    expect(stored).not.toContain(Buffer.from(user.key).toString('hex'));
    expect(rows[0]!.token_hash).toHaveLength(32);
  });
});

describe('POST /api/v1/me', () => {
  it('answers id, name, email and a signed jwt with exp', async () => {
    const response = await me({ 'X-Api-Key': world.appraiser.key });
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['email', 'id', 'jwt', 'name']);
    expect(body.name).toMatch(/^Appraiser Tester/);
    const claims = decodeJwt(body.jwt);
    expect(claims.sub).toBe(world.appraiser.id);
    expect(claims.exp! - claims.iat!).toBe(t.config.jwtTtlSeconds);
    // The signing key is stored sealed (docs/security.md); opened, it verifies the token.
    const secret = await t.db
      .selectFrom('service_secrets')
      .select('value')
      .where('name', '=', 'jwt_signing_key')
      .executeTakeFirstOrThrow();
    expect(secret.value).toMatch(/^enc:v1:/);
    const key = await new SecretBox(t.db).open(secret.value, 'service-secret:jwt_signing_key');
    await expect(jwtVerify(body.jwt, Buffer.from(key, 'hex'))).resolves.toBeTruthy();
    await expect(jwtVerify(body.jwt, Buffer.alloc(32, 1))).rejects.toThrow();
  });
});

describe('acting for another user', () => {
  const actAs = (key: string, email: string, header = 'X-Api-Email') =>
    me({ 'X-Api-Key': key, [header]: email });

  it('an operator acts for anyone', async () => {
    const response = await actAs(world.operator.key, world.appraiser.email);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(world.appraiser.id);
  });

  it('staff act for users of their company and of the clients it serves (X-User-Email too)', async () => {
    expect((await actAs(world.staff.key, world.appraiser.email)).json().id).toBe(world.appraiser.id);
    const viaUserEmail = await actAs(world.staff.key, world.clientUser.email.toUpperCase(), 'X-USER-EMAIL');
    expect(viaUserEmail.statusCode).toBe(200);
    expect(viaUserEmail.json().id).toBe(world.clientUser.id);
  });

  it('a client admin acts for users of its own client', async () => {
    const response = await actAs(world.clientAdmin.key, world.clientUser.email);
    expect(response.json().id).toBe(world.clientUser.id);
  });

  it('a user names themselves freely', async () => {
    expect((await actAs(world.clientUser.key, world.clientUser.email)).statusCode).toBe(200);
  });

  it.each([
    ['a client user who is not an admin', 'clientUser', 'clientAdmin'],
    ['an appraiser', 'appraiser', 'staff'],
    ['staff, for an operator', 'staff', 'operator'],
    ['a client admin, for the company staff', 'clientAdmin', 'staff'],
    ['a non-admin, for an admin', 'clientUser', 'clientAdmin'],
  ] as const)('is refused with 403 for %s', async (_label, actor, target) => {
    const response = await actAs(world[actor].key, world[target].email);
    expect(response.statusCode).toBe(403);
    expectErrorBody(response.json(), 'cannot_act_as');
  });

  it('is refused for users of another company and of a client the company does not serve', async () => {
    const otherCompany = await createCompany(t.db);
    const otherStaff = await createUserWithKey(t.db, 'staff', otherCompany);
    const unservedClient = await createClient(t.db);
    const unservedUser = await createUserWithKey(t.db, 'client', unservedClient);
    expect((await actAs(world.staff.key, otherStaff.email)).statusCode).toBe(403);
    expect((await actAs(world.staff.key, unservedUser.email)).statusCode).toBe(403);
  });

  it('an unknown email answers exactly like a user one may not act for', async () => {
    const unknown = await actAs(world.staff.key, 'nobody@nowhere.example');
    const refused = await actAs(world.appraiser.key, world.staff.email);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().error.code).toBe(refused.json().error.code);
  });
});
