import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';
import { loadConfig } from '../../src/config/config.ts';
import type { OutboxWorker } from '../../src/outbox/worker.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * Signing in to the web application, through the HTTP routes as a browser would: a password
 * chosen through an invitation's link, sessions in a cookie that also authenticate /api/v1
 * (with the CSRF token on changes), sign-out, password change and reset, single sign-on with
 * the jwt of POST /api/v1/me, one-time links, expiry, and limits on attempts.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const PASSWORD = 'correct horse battery staple';

type Answer = Awaited<ReturnType<typeof t.app.inject>>;
const cookieOf = (answer: Answer) => {
  const header = answer.headers['set-cookie'];
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  return value.split(';')[0]!;
};

let smtp: TestSmtpServer;
let mail: OutboxWorker;
beforeAll(async () => {
  smtp = await startSmtpServer();
  mail = emailWorker(t.db, t.config, smtp);
});
afterAll(async () => {
  await mail.stop();
  await smtp.stop();
});

/** The emails sent to an address so far (the outbox delivered over SMTP first). */
async function mailTo(email: string) {
  await mail.runOnce();
  return smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
}

/** The token of the newest email link sent to an address (delivered over SMTP). */
async function linkTokenSentTo(email: string, path: string): Promise<string> {
  for (const message of (await mailTo(email)).reverse()) {
    const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(message.text ?? '');
    if (match) return match[1]!;
  }
  throw new Error(`no ${path} link was sent to ${email}`);
}

/** Invites a client user with the demo client admin's key and has them choose a password. */
async function invitedUserWithPassword(password = PASSWORD) {
  const email = `processor-${Math.random().toString(36).slice(2, 8)}@lender.example`;
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me',
    headers: {
      'x-api-key': world.client,
      'x-api-email': email,
      'x-api-first-name': 'Pat',
      'x-api-last-name': 'Processor',
    },
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const token = await linkTokenSentTo(email, '/set-password');
  const set = await t.app.inject({
    method: 'POST',
    url: '/auth/password/reset',
    payload: { token, password },
  });
  expect(set.statusCode, set.body).toBe(200);
  return { email, token, cookie: cookieOf(set), csrf: set.json<{ csrf_token: string }>().csrf_token };
}

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password } });

describe('web sessions', () => {
  it('an invitation leads to a password; signing in opens a session in an HttpOnly, SameSite=Lax cookie', async () => {
    const { email, token } = await invitedUserWithPassword();
    // The invitation's link worked once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/password/reset',
      payload: { token, password: PASSWORD },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.details).toEqual([
      { field: 'token', message: 'is not valid, used already, or expired' },
    ]);

    const answer = await signIn(email.toUpperCase(), PASSWORD);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['set-cookie']).toMatch(
      /^aoms_session=[A-Za-z0-9_%-]+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const session = answer.json();
    expect(session.user).toMatchObject({ email, role: 'client', name: 'Pat Processor' });
    const current = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { cookie: cookieOf(answer) },
    });
    expect(current.json()).toEqual(session);
    // The database keeps neither the password nor the cookie's value.
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(stored.password_hash).not.toContain(PASSWORD);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const { email } = await invitedUserWithPassword();
    const wrong = await signIn(email, 'not the password at all');
    const unknown = await signIn('nobody@nowhere.example', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const { request_id: _a, ...wrongBody } = wrong.json();
    const { request_id: _b, ...unknownBody } = unknown.json();
    expect(wrongBody).toEqual(unknownBody);
    expect(wrongBody.error.code).toBe('invalid_credentials');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses bad input with 422 naming the field, and a password refused leaves the link usable', async () => {
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().error.details[0].field).toBe('email');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      payload: { email: 'a@b.example' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details[0].field).toBe('password');

    for (const [url, method, payload, field] of [
      ['/auth/password/forgot', 'POST', { email: 'nope' }, 'email'],
      ['/auth/password/reset', 'POST', { password: PASSWORD }, 'token'],
      ['/auth/password/reset', 'POST', { token: 'x', password: PASSWORD, admin: true }, 'admin'],
    ] as const) {
      const refused = await t.app.inject({ method, url, payload });
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json().error.details[0].field).toBe(field);
    }
    const email = `short-${Math.random().toString(36).slice(2, 8)}@lender.example`;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: {
        'x-api-key': world.client,
        'x-api-email': email,
        'x-api-first-name': 'S',
        'x-api-last-name': 'Hort',
      },
    });
    const token = await linkTokenSentTo(email, '/set-password');
    for (const [password, message] of [
      ['short', 'must be at least 12 characters'],
      ['aaaaaaaaaaaaaaaa', 'must not repeat a few characters'],
      [email, 'must not be your email address'],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/auth/password/reset',
        payload: { token, password },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.details).toEqual([{ field: 'password', message }]);
    }
    const set = await t.app.inject({
      method: 'POST',
      url: '/auth/password/reset',
      payload: { token, password: PASSWORD },
    });
    expect(set.statusCode).toBe(200);
  });

  it('authenticates /api/v1 with the cookie; a change needs the CSRF token (a cross-site form post is refused)', async () => {
    const { cookie, csrf } = await invitedUserWithPassword();
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const order = await placeOrder(t.app, t.db, world.demo);
    // What a form on another site would send: the cookie, a form body, no token.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes`,
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: 'content=pay+me',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_failed');
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes`,
      headers: { cookie, 'x-csrf-token': 'guess' },
      payload: { content: 'hello' },
    });
    expect(wrongToken.statusCode).toBe(403);
    const notes = await t.db.selectFrom('notes').select('id').where('order_id', '=', order.id).execute();
    expect(notes).toEqual([]);
    const allowed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes`,
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { content: 'From the web application' },
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('signs out; a password change ends every other session of the user', async () => {
    const { email } = await invitedUserWithPassword();
    const first = await signIn(email, PASSWORD);
    const second = await signIn(email, PASSWORD);
    const a = { cookie: cookieOf(first), 'x-csrf-token': first.json<{ csrf_token: string }>().csrf_token };
    const b = { cookie: cookieOf(second) };
    const wrongCurrent = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: a,
      payload: { current_password: 'not it at all', password: 'a brand new passphrase' },
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json().error.details[0].field).toBe('current_password');
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: { cookie: a.cookie },
      payload: { current_password: PASSWORD, password: 'a brand new passphrase' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/auth/password',
      headers: a,
      payload: { current_password: PASSWORD, password: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/auth/session', headers: b })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: b })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: a.cookie } })).statusCode,
    ).toBe(200);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);

    const out = await t.app.inject({ method: 'POST', url: '/auth/sign_out', headers: a });
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']).toMatch(/^aoms_session=; .*Max-Age=0/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: a.cookie } })).statusCode,
    ).toBe(401);
  });

  it('ends a session idle too long, and one past its absolute expiry', async () => {
    const { email } = await invitedUserWithPassword();
    const idle = cookieOf(await signIn(email, PASSWORD));
    const old = cookieOf(await signIn(email, PASSWORD));
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const sessions = await t.db
      .selectFrom('web_sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    const [idleId, oldId] = sessions.slice(-2).map((s) => s.id);
    await t.db
      .updateTable('web_sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '61 minutes'` })
      .where('id', '=', idleId!)
      .execute();
    await t.db
      .updateTable('web_sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', oldId!)
      .execute();
    for (const cookie of [idle, old]) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/v1/orders', headers: { cookie } });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.message).toBe('Your session has ended: sign in again');
    }
  });

  it('resets a forgotten password by a link that works once; an unknown email is answered alike and sent nothing', async () => {
    const { email } = await invitedUserWithPassword();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/password/forgot',
      payload: { email: 'ghost@nowhere.example' },
    });
    const known = await t.app.inject({ method: 'POST', url: '/auth/password/forgot', payload: { email } });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const token = await linkTokenSentTo(email, '/reset-password');
    expect(await mailTo('ghost@nowhere.example')).toEqual([]);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/password/reset',
      payload: { token, password: 'my new long passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, 'my new long passphrase')).statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/auth/password/reset',
      payload: { token, password: 'yet another passphrase' },
    });
    expect(reused.statusCode).toBe(422);
    // An expired link does not work either.
    await t.app.inject({ method: 'POST', url: '/auth/password/forgot', payload: { email } });
    const expired = await linkTokenSentTo(email, '/reset-password');
    await t.db
      .updateTable('sign_in_links')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('used_at', 'is', null)
      .execute();
    const late = await t.app.inject({
      method: 'POST',
      url: '/auth/password/reset',
      payload: { token: expired, password: 'yet another passphrase' },
    });
    expect(late.statusCode).toBe(422);
  });

  it('opens a session with the jwt of POST /api/v1/me once, landing on a path of this site only', async () => {
    const jwtOf = async () =>
      (
        await t.app.inject({ method: 'POST', url: '/api/v1/me', headers: { 'x-api-key': world.staff } })
      ).json<{ jwt: string }>().jwt;
    const jwt = await jwtOf();
    const first = await t.app.inject({
      method: 'GET',
      url: `/sso?token=${jwt}&return_to=${encodeURIComponent('/orders?status=Assigned')}`,
    });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/orders?status=Assigned');
    const session = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { cookie: cookieOf(first) },
    });
    expect(session.json().user.email).toBe(world.demo.users.staff.email);
    const again = await t.app.inject({ method: 'GET', url: `/sso?token=${jwt}` });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/sign-in?error=link');
    expect(again.headers['set-cookie']).toBeUndefined();
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/sso?token=${await jwtOf()}&return_to=${encodeURIComponent(elsewhere)}`,
      });
      expect(answer.headers.location, elsewhere).toBe('/');
    }
    const forged = await t.app.inject({ method: 'GET', url: `/sso?token=${jwt.slice(0, -4)}AAAA` });
    expect(forged.headers.location).toBe('/sign-in?error=link');
    const none = await t.app.inject({ method: 'GET', url: '/sso' });
    expect(none.statusCode).toBe(422);
  });

  it('limits sign-in attempts per email and per address', async () => {
    const limited = await buildTestApp({
      config: loadConfig({
        DATABASE_URL: t.url,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_SIGN_IN_PER_EMAIL_PER_MINUTE: '3',
        RATE_LIMIT_SIGN_IN_PER_ADDRESS_PER_MINUTE: '5',
      }),
      db: t.db,
      logger: false,
    });
    try {
      const attempt = (email: string, remoteAddress = '203.0.113.7') =>
        limited.inject({
          method: 'POST',
          url: '/auth/sign_in',
          remoteAddress,
          payload: { email, password: 'guess guess guess' },
        });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await attempt('target@lender.example')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Another address, same email: still limited (per email).
      expect((await attempt('target@lender.example', '198.51.100.9')).statusCode).toBe(429);
      // The first address, other emails: one more is allowed, then the address is spent.
      expect((await attempt('other@lender.example')).statusCode).toBe(401);
      const spent = await attempt('third@lender.example');
      expect(spent.statusCode).toBe(429);
      expect(spent.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
