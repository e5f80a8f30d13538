import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { placeOrder } from '../helpers/orders.ts';

/** The administration of users: GET /users, POST /users (invite), PATCH /users/{id}. */
const t = useTestApp();
let demo: DemoWorld;
let other: DemoWorld;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  other = await seedDemo(t.db);
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, key: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });
const staffKey = () => demo.users.staff.api_key;
type User = {
  id: string;
  email: string;
  role: string;
  is_admin: boolean;
  active: boolean;
  organization: { id: string; kind: string };
};

describe('the users an administrator sees', () => {
  it("lists the company's users and those of its clients, not another company's", async () => {
    const response = await call('GET', '/users', staffKey());
    expect(response.statusCode).toBe(200);
    const users = response.json<User[]>();
    const emails = users.map((u) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining([demo.users.staff.email, demo.users.appraiser.email, demo.users.client.email]),
    );
    expect(emails).not.toContain(other.users.staff.email);
    expect(users[0]!.organization.kind).toBe('company');
    const clientOnly = await call('GET', `/users?organization_id=${demo.client_id}`, staffKey());
    expect(clientOnly.json<User[]>().map((u) => u.email)).toContain(demo.users.client.email);
    expect(clientOnly.json<User[]>().every((u) => u.organization.id === demo.client_id)).toBe(true);
    expect((await call('GET', `/users?organization_id=${other.client_id}`, staffKey())).statusCode).toBe(404);
    expect((await call('GET', '/users?organization_id=nope', staffKey())).statusCode).toBe(422);
    const client = await call('GET', '/users', demo.users.client.api_key);
    expect(client.json<User[]>().every((u) => u.organization.id === demo.client_id)).toBe(true);
  });
});

describe('inviting', () => {
  it('invites into the company, or into a client it serves, emailing the invitation', async () => {
    const response = await call('POST', '/users', staffKey(), {
      email: 'Nora.New@Lender.example',
      first_name: 'Nora',
      last_name: 'New',
      organization_id: demo.client_id,
      is_admin: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'nora.new@lender.example',
      role: 'client',
      is_admin: true,
      active: true,
      invitation_pending: true,
      organization: { id: demo.client_id, kind: 'client' },
    });
    const mail = await t.db
      .selectFrom('outbox_messages')
      .select('payload')
      .where('kind', '=', 'email')
      .execute();
    expect(JSON.stringify(mail)).toContain('nora.new@lender.example');
    const appraiser = await call('POST', '/users', staffKey(), {
      email: 'ana.appraiser@co.example',
      first_name: 'Ana',
      last_name: 'Appraiser',
      role: 'appraiser',
    });
    expect(appraiser.json()).toMatchObject({
      role: 'appraiser',
      organization: { id: demo.company_id },
    });
  });

  it('refuses bad input with 422 naming each field, and changes nothing', async () => {
    const before = await t.db.selectFrom('users').select('id').execute();
    const response = await call('POST', '/users', staffKey(), {
      email: 'not-an-email',
      first_name: '',
      last_name: 'X',
      role: 'client',
    });
    expect(response.statusCode).toBe(422);
    const fields = response
      .json<{ error: { details: { field: string }[] } }>()
      .error.details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'first_name', 'role']));
    expect((await call('POST', '/users', staffKey(), { first_name: 'A' })).statusCode).toBe(422);
    expect(
      (
        await call('POST', '/users', staffKey(), {
          email: 'x@y.example',
          first_name: 'A',
          last_name: 'B',
          organization_id: other.client_id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/users', staffKey(), {
          email: demo.users.client.email,
          first_name: 'A',
          last_name: 'B',
        })
      ).statusCode,
    ).toBe(403);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });
});

describe('changing a user', () => {
  it('makes an admin, changes the role, and refuses what may not change', async () => {
    const user = await createUserWithKey(t.db, 'staff', { id: demo.company_id, name: 'Demo company' }, {});
    const admin = await call('PATCH', `/users/${user.id}`, staffKey(), { is_admin: true, role: 'appraiser' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ is_admin: true, role: 'appraiser' });
    expect(
      (await call('PATCH', `/users/${demo.users.client.id}`, staffKey(), { role: 'staff' })).statusCode,
    ).toBe(422);
    expect((await call('PATCH', `/users/${user.id}`, staffKey(), {})).statusCode).toBe(422);
    expect((await call('PATCH', `/users/${user.id}`, staffKey(), { active: 'no' })).statusCode).toBe(422);
    expect(
      (await call('PATCH', `/users/${demo.users.staff.id}`, staffKey(), { is_admin: false })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/users/${other.users.staff.id}`, staffKey(), { is_admin: false })).statusCode,
    ).toBe(404);
    // Not an admin: may look, may not change.
    const plain = await createUserWithKey(t.db, 'staff', { id: demo.company_id, name: 'Demo company' }, {});
    expect((await call('PATCH', `/users/${user.id}`, plain.key, { is_admin: false })).statusCode).toBe(403);
  });

  it('keeps an appraiser with open orders until they are reassigned', async () => {
    const order = await placeOrder(t.app, t.db, demo);
    await t.db
      .updateTable('orders')
      .set({ status: 'Assigned', appraiser_id: demo.users.appraiser.id })
      .where('id', '=', order.id)
      .execute();
    const response = await call('PATCH', `/users/${demo.users.appraiser.id}`, staffKey(), { role: 'staff' });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/1 open order/);
  });

  it('deactivates: their keys stop working and acting for them is refused; reactivates', async () => {
    const user = await createUserWithKey(
      t.db,
      'client',
      { id: demo.client_id, name: 'Demo client' },
      { email: 'leaving@lender.example' },
    );
    expect((await call('GET', '/users', user.key)).statusCode).toBe(200);
    const off = await call('PATCH', `/users/${user.id}`, staffKey(), { active: false });
    expect(off.json()).toMatchObject({ active: false });
    expect((await call('GET', '/users', user.key)).statusCode).toBe(401);
    const actingFor = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: { 'X-Api-Key': staffKey(), 'X-Api-Email': 'leaving@lender.example' },
    });
    expect(actingFor.statusCode).toBe(403);
    const on = await call('PATCH', `/users/${user.id}`, staffKey(), { active: true });
    expect(on.json()).toMatchObject({ active: true });
    // The keys revoked stay revoked: a reactivated user issues new ones.
    expect((await call('GET', '/users', user.key)).statusCode).toBe(401);
  });
});
