import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createClient, createUserWithKey, createWorld, type UserWithKey } from '../helpers/factories.ts';

/**
 * Inviting through POST /api/v1/me must not tell a caller whether an email exists in another
 * tenant: an email in use elsewhere answers exactly like a user the caller may not act for, the
 * invitation's own checks answer the same whether or not the email exists, and no second user
 * is ever created for an email in use.
 */
const t = useTestApp();
let world: Awaited<ReturnType<typeof createWorld>>;
let elsewhere: UserWithKey;

beforeAll(async () => {
  world = await createWorld(t.db);
  elsewhere = await createUserWithKey(t.db, 'client', await createClient(t.db), {
    email: 'taken@other-lender.example',
  });
});

const invite = (key: string, email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/me',
    headers: {
      'X-Api-Key': key,
      'X-Api-Email': email,
      'X-Api-First-Name': 'Sam',
      'X-Api-Last-Name': 'Taken',
      ...headers,
    },
  });

/** The answer without what differs between any two requests. */
function shape(response: Awaited<ReturnType<typeof invite>>, email: string) {
  const body = response.json<{ request_id?: string; error?: { message: string } }>();
  delete body.request_id;
  if (body.error) body.error.message = body.error.message.replaceAll(email, '<email>');
  return { status: response.statusCode, body };
}

const counts = async () => ({
  users: (await t.db.selectFrom('users').select('id').execute()).length,
  outbox: (await t.db.selectFrom('outbox_messages').select('id').execute()).length,
});

describe('inviting an email that exists in another tenant', () => {
  it('answers exactly like a user the caller may not act for, and creates nothing', async () => {
    const before = await counts();
    const taken = await invite(world.clientAdmin.key, elsewhere.email);
    // A user the client admin sees but may not act for: the company's staff.
    const notAdministered = await invite(world.clientAdmin.key, world.staff.email);
    expect(taken.statusCode).toBe(403);
    expect(shape(taken, elsewhere.email)).toEqual(shape(notAdministered, world.staff.email));
    expect(taken.json().error).toMatchObject({
      code: 'cannot_act_as',
      message: expect.stringMatching(/operator can move an existing user/),
      details: [{ field: 'X-Api-Email', message: expect.any(String) }],
    });
    expect(await counts()).toEqual(before);
    const still = await t.db
      .selectFrom('users')
      .select(['organization_id'])
      .where('email', '=', elsewhere.email)
      .execute();
    expect(still).toHaveLength(1);
  });

  it('answers a bad invitation the same whether or not the email exists', async () => {
    const before = await counts();
    const badInvitations: Record<string, string>[] = [
      { 'X-Api-Last-Name': '' },
      { 'X-Api-Role': 'staff' },
      { 'X-Api-First-Name': 'x'.repeat(101) },
    ];
    for (const headers of badInvitations) {
      const taken = await invite(world.clientAdmin.key, elsewhere.email, headers);
      const unknown = await invite(world.clientAdmin.key, 'nobody.yet@new-lender.example', headers);
      expect(taken.statusCode, JSON.stringify(headers)).toBe(422);
      expect(shape(taken, elsewhere.email)).toEqual(shape(unknown, 'nobody.yet@new-lender.example'));
    }
    expect(await counts()).toEqual(before);
  });

  it('answers someone who may not invite the same whether or not the email exists', async () => {
    const before = await counts();
    for (const caller of [world.clientUser, world.appraiser]) {
      const taken = await invite(caller.key, elsewhere.email);
      const unknown = await invite(caller.key, 'nobody.yet@new-lender.example');
      expect(taken.statusCode).toBe(403);
      expect(shape(taken, elsewhere.email)).toEqual(shape(unknown, 'nobody.yet@new-lender.example'));
    }
    expect(await counts()).toEqual(before);
  });

  it('still invites a new email, and acts for a user the caller administers', async () => {
    const invited = await invite(world.clientAdmin.key, 'new.officer@lender.example');
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ email: 'new.officer@lender.example', name: 'Sam Taken' });
    const colleague = await invite(world.clientAdmin.key, world.clientUser.email);
    expect(colleague.statusCode).toBe(200);
    expect(colleague.json().id).toBe(world.clientUser.id);
    // A second invitation of the same email, now in use in the caller's own organization.
    const again = await invite(world.staff.key, 'new.officer@lender.example', {
      'X-Api-Email': 'NEW.OFFICER@lender.example',
    });
    expect(again.statusCode).toBe(200);
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'new.officer@lender.example').execute(),
    ).toHaveLength(1);
  });
});
