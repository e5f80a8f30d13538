import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { createUserWithKey } from '../helpers/factories.ts';
import { REPORT_PDF, REPORT_XML, sendMultipart } from '../helpers/multipart.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';
import { payByCard } from '../helpers/payments.ts';
import { issueApiKey } from '../../src/api-keys/api-key.service.ts';

/**
 * Appraiser independence (Dodd-Frank §129E, Regulation Z §1026.42), each way round the rules
 * that was reproduced on a running instance, as a test through HTTP:
 * - a single-sign-on session opened while acting for a lender keeps the limits of acting;
 * - staff acting for an appraiser may help with logistics, never do what the appraiser
 *   commits to or certifies;
 * - notes have an audience, and a lender's request reaches the appraiser through the company;
 * - the lender gets the report only once the company released it (and paid, where asked);
 * - a negotiation leaks nothing of the appraiser's terms, and asks the lender what the
 *   company decides;
 * - a client's users see the orders their client lets them see.
 * docs/security.md has the rules.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

type Answer = Awaited<ReturnType<typeof t.app.inject>>;
const cookieOf = (answer: Answer) => {
  const header = answer.headers['set-cookie'];
  return ((Array.isArray(header) ? header[0] : header) ?? '').split(';')[0]!;
};

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const detail = async (key: string, orderId: string, headers: Record<string, string> = {}) =>
  (await get(`/api/v1/orders/${orderId}`, { 'X-Api-Key': key, ...headers })).json<Record<string, any>>();
const historyOf = async (key: string, orderId: string) =>
  (await get(`/api/v1/orders/${orderId}/history`, { 'X-Api-Key': key })).json<
    {
      action: string;
      reason: string | null;
      details: Record<string, unknown>;
      by: unknown;
      acting_for: unknown;
    }[]
  >();
const notesOf = async (key: string, orderId: string) =>
  (await get(`/api/v1/orders/${orderId}/notes`, { 'X-Api-Key': key })).json<
    { id: string; content: string; audience: string; author_name: string }[]
  >();
const filesOf = async (key: string, orderId: string) =>
  (await get(`/api/v1/orders/${orderId}/files`, { 'X-Api-Key': key })).json<
    { id: string; filename: string; file_type: { slug: string } }[]
  >();

/** An order offered to the demo appraiser at a fee, who accepts it with a condition. */
async function conditionToDecide() {
  const order = await placeOrder(t.app, t.db, world.demo);
  await step(world.staff, order.id, 'assign', 'Pending assignment', {
    appraiser_id: world.demo.users.appraiser.id,
    fee: '300',
    due_date: '12/10/2037',
  });
  await step(world.appraiser, order.id, 'accept_assignment', 'Assignment accepted with condition', {
    fee_condition: '450',
    due_date_condition: '12/20/2037',
    comments: 'need $450, lender wants 460k anyway',
  });
  return order;
}

describe('a single-sign-on session opened while acting for a lender keeps the limits of acting', () => {
  it('refuses the lender’s money decisions and keys in the session, and names the staff member in the history', async () => {
    const order = await conditionToDecide();
    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation', {
      client_total_fee: '9999',
    });
    // Staff mint a token acting for the lender's user, and open a session with it.
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: { 'X-Api-Key': world.staff, 'X-Api-Email': world.demo.users.client.email },
    });
    expect(me.statusCode, me.body).toBe(200);
    const landed = await get(`/sso?token=${me.json<{ jwt: string }>().jwt}`, {});
    expect(landed.statusCode).toBe(303);
    const cookie = cookieOf(landed);
    const session = await get('/auth/session', { cookie });
    expect(session.json()).toMatchObject({
      user: { email: world.demo.users.client.email },
      actor: { id: world.demo.users.staff.id, name: 'Sam Staffer' },
    });
    const headers = { cookie, 'x-csrf-token': session.json<{ csrf_token: string }>().csrf_token };

    // allowed_transitions leave out what the session may not do for the lender.
    const seen = await get(`/api/v1/orders/${order.id}`, headers);
    expect(seen.json<{ allowed_transitions: string[] }>().allowed_transitions).not.toContain(
      'approve_negotiation',
    );
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/orders/${order.id}/approve_negotiation`, {}],
      ['PUT', `/api/v1/orders/${order.id}/refuse_negotiation`, {}],
      ['PATCH', `/api/v1/orders/${order.id}/update_payment_method`, { payment_method: 'credit_card' }],
      ['POST', '/api/v1/api_keys', { label: 'lasting' }],
      ['PUT', '/auth/password', { current_password: '', password: 'a brand new password' }],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers, payload });
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(403);
      expect(answer.json().error.code).toBe('cannot_act_as');
    }
    expect((await detail(world.staff, order.id)).status.name).toBe('Under negotiation');
    expect(await t.db.selectFrom('api_keys').select('id').where('label', '=', 'lasting').execute()).toEqual(
      [],
    );

    // What the session may do for the lender is recorded as done by the staff member, for the lender.
    const held = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/hold`,
      headers,
      payload: { reason: 'Waiting for the borrower' },
    });
    expect(held.statusCode, held.body).toBe(200);
    const hold = (await historyOf(world.staff, order.id)).find((entry) => entry.action === 'hold')!;
    expect(hold.by).toEqual({ id: world.demo.users.staff.id, name: 'Sam Staffer' });
    expect(hold.acting_for).toMatchObject({ id: world.demo.users.client.id });
  });

  it('signs a user in as themselves with a link their own organization minted for them (an integration’s sign-on)', async () => {
    const officer = await createUserWithKey(t.db, 'client', { id: world.demo.client_id, name: 'Demo' });
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me',
      headers: { 'X-Api-Key': world.client, 'X-Api-Email': officer.email },
    });
    const landed = await get(`/sso?token=${me.json<{ jwt: string }>().jwt}`, {});
    const session = await get('/auth/session', { cookie: cookieOf(landed) });
    expect(session.json()).toMatchObject({ user: { id: officer.id }, actor: null });
  });

  it('leaves the money decisions out of allowed_transitions for staff acting with X-Api-Email too', async () => {
    const order = await conditionToDecide();
    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation');
    const asLender = await detail(world.staff, order.id, { 'X-Api-Email': world.demo.users.client.email });
    expect(asLender.allowed_transitions).not.toContain('approve_negotiation');
    expect(asLender.allowed_transitions).not.toContain('refuse_negotiation');
    expect((await detail(world.client, order.id)).allowed_transitions).toEqual(
      expect.arrayContaining(['approve_negotiation', 'refuse_negotiation']),
    );
  });
});

describe('staff acting for an appraiser help with logistics, never with what the appraiser commits to', () => {
  const asAppraiser = () => ({ 'X-Api-Email': world.demo.users.appraiser.email });

  it('may not accept an offer, complete the inspection or submit the report; may record an inspection time', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    const accept = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/accept_assignment`,
      headers: { 'X-Api-Key': world.staff, ...asAppraiser() },
      payload: { fee_condition: '450' },
    });
    expect(accept.statusCode, accept.body).toBe(403);
    expect(accept.json().error.code).toBe('cannot_act_as');
    expect((await detail(world.staff, order.id, asAppraiser())).allowed_transitions).toEqual([
      'reject_assignment',
    ]);

    await step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
    // The appraiser phoned in the inspection time: staff record it for them.
    const scheduled = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/schedule_inspection`,
      headers: { 'X-Api-Key': world.staff, ...asAppraiser() },
      payload: { inspection_scheduled_at: '2037-12-02T10:00' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const entry = (await historyOf(world.staff, order.id)).find((e) => e.action === 'schedule_inspection')!;
    expect(entry.by).toEqual({ id: world.demo.users.staff.id, name: 'Sam Staffer' });
    expect(entry.acting_for).toMatchObject({ id: world.demo.users.appraiser.id });

    const complete = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.id}/complete_inspection`,
      headers: { 'X-Api-Key': world.staff, ...asAppraiser() },
    });
    expect(complete.statusCode).toBe(403);
    await step(world.appraiser, order.id, 'complete_inspection', 'Inspection completed');
    const submit = await sendMultipart(
      t.app,
      'PUT',
      `/api/v1/orders/${order.id}/request_submission`,
      world.staff,
      [
        ['files[][attachment]', REPORT_PDF],
        ['files[][file_type]', 'appraisal_pdf'],
      ],
      asAppraiser(),
    );
    expect(submit.statusCode, submit.body).toBe(403);
    expect((await detail(world.staff, order.id)).status.name).toBe('Inspection completed');
  });
});

describe('notes have an audience, and a lender’s request reaches the appraiser through the company', () => {
  it('keeps a lender’s note from the appraiser, an internal note from both, and lets staff forward', async () => {
    const order = await world.toInReview();
    const lenderNote = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes`,
      headers: { 'X-Api-Key': world.client },
      payload: { content: 'we need at least 460k to close' },
    });
    expect(lenderNote.statusCode, lenderNote.body).toBe(201);
    expect(lenderNote.json().audience).toBe('client');
    const internal = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes`,
      headers: { 'X-Api-Key': world.staff },
      payload: { content: 'Lender pressing on value: watch this one', audience: 'internal' },
    });
    expect(internal.json().audience).toBe('internal');

    const forAppraiser = JSON.stringify(await notesOf(world.appraiser, order.id));
    expect(forAppraiser).not.toContain('460k');
    expect(forAppraiser).not.toContain('pressing on value');
    expect(JSON.stringify(await notesOf(world.client, order.id))).not.toContain('pressing on value');
    expect(JSON.stringify(await notesOf(world.staff, order.id))).toContain('460k');

    // A lender may not write to the appraiser directly, nor mail its note to them.
    const direct = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes`,
      headers: { 'X-Api-Key': world.client },
      payload: { content: 'hello appraiser', audience: 'everyone' },
    });
    expect(direct.statusCode).toBe(422);
    expect(direct.json().error.details[0].field).toBe('audience');
    const mailed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes`,
      headers: { 'X-Api-Key': world.client },
      payload: { content: 'see this', additional_emails: [world.demo.users.appraiser.email] },
    });
    expect(mailed.statusCode).toBe(422);
    expect(mailed.json().error.details[0].field).toBe('additional_emails[0]');

    // Staff forward what the appraiser should have, in their words.
    const forwarded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/notes/${lenderNote.json<{ id: string }>().id}/forward`,
      headers: { 'X-Api-Key': world.staff },
      payload: { content: '<p>The lender asks when the report will be ready.</p>' },
    });
    expect(forwarded.statusCode, forwarded.body).toBe(201);
    expect(forwarded.json()).toMatchObject({ audience: 'appraiser', author_name: 'Sam Staffer' });
    const appraiserNotes = await notesOf(world.appraiser, order.id);
    expect(appraiserNotes.map((n) => n.content)).toContain(
      '<p>The lender asks when the report will be ready.</p>',
    );
    expect(JSON.stringify(appraiserNotes)).not.toContain('460k');
  });

  it('holds a revision request for the company’s review: the appraiser sees nothing of it until forwarded', async () => {
    const order = await world.toInReview();
    await step(world.client, order.id, 'request_revision', 'Client request', {
      comments: 'Value must reach 460k or the deal dies',
    });
    expect(JSON.stringify(await notesOf(world.appraiser, order.id))).not.toContain('460k');
    expect(JSON.stringify(await historyOf(world.appraiser, order.id))).not.toContain('460k');
    expect((await detail(world.appraiser, order.id)).allowed_transitions).toEqual([]);
    const queue = await detail(world.staff, order.id);
    expect(queue.allowed_transitions).toEqual(expect.arrayContaining(['forward_request', 'answer_request']));
    expect(queue.client_request).toMatchObject({ returns_to: 'In review' });

    await step(world.staff, order.id, 'forward_request', 'Action required', {
      comments: 'Please double-check the gross living area against the sketch.',
    });
    const appraiserNotes = JSON.stringify(await notesOf(world.appraiser, order.id));
    expect(appraiserNotes).toContain('gross living area');
    expect(appraiserNotes).not.toContain('460k');
    const appraiserHistory = JSON.stringify(await historyOf(world.appraiser, order.id));
    expect(appraiserHistory).toContain('gross living area');
    expect(appraiserHistory).not.toContain('460k');
    // The lender does not read the company's words to the appraiser either.
    expect(JSON.stringify(await historyOf(world.client, order.id))).not.toContain('gross living area');
  });
});

describe('the lender gets the report once the company has checked and released it', () => {
  const pay = async (orderId: string) => expect(await payByCard(t.app, world.client, orderId)).toBe(200);

  it('lists no report file to the lender in review, nor in Completion payment hold; lists it once released', async () => {
    const order = await world.toInReview({ payment_method: 'payment_link' });
    expect(await filesOf(world.client, order.id)).toEqual([]);
    expect((await filesOf(world.staff, order.id)).map((f) => f.file_type.slug)).toEqual(['appraisal_pdf']);
    expect((await detail(world.client, order.id)).report).toBeNull();

    await step(world.staff, order.id, 'request_completion', 'Completion payment hold');
    expect(await filesOf(world.client, order.id)).toEqual([]);
    await pay(order.id);
    expect((await detail(world.staff, order.id)).status.name).toBe('Completed');
    expect((await filesOf(world.client, order.id)).map((f) => f.file_type.slug)).toEqual(['appraisal_pdf']);
    expect((await detail(world.client, order.id)).report).toEqual({
      latest_submission: null,
      released_submission: 1,
      release_after_payment: null,
    });
  });

  it('keeps a version sent back before release from the lender, and waits for payment where the company asks', async () => {
    await t.db
      .updateTable('company_clients')
      .set({ report_release_after_payment: true })
      .where('client_id', '=', world.demo.client_id)
      .execute();
    try {
      const order = await world.toInReview();
      await step(world.staff, order.id, 'require_action', 'Action required', { reason: 'Fix comparable 2' });
      const second = await sendMultipart(
        t.app,
        'PUT',
        `/api/v1/orders/${order.id}/request_submission`,
        world.appraiser,
        [
          ['files[][attachment]', { ...REPORT_PDF, filename: 'report-v2.pdf' }],
          ['files[][file_type]', 'appraisal_pdf'],
          ['files[][attachment]', REPORT_XML],
          ['files[][file_type]', 'appraisal_xml'],
        ],
      );
      expect(second.statusCode, second.body).toBe(200);
      // Invoiced: completion does not wait for the money, but the company's release does.
      await step(world.staff, order.id, 'request_completion', 'Completed');
      expect(await filesOf(world.client, order.id)).toEqual([]);
      expect((await detail(world.staff, order.id)).report).toEqual({
        latest_submission: 2,
        released_submission: null,
        release_after_payment: true,
      });
      await pay(order.id);
      const released = await filesOf(world.client, order.id);
      expect(released.map((f) => f.filename).sort()).toEqual(['report-v2.pdf', 'report.xml']);
      // The first version, sent back before release, stays with the company and the appraiser.
      expect((await filesOf(world.appraiser, order.id)).map((f) => f.filename)).toContain('report.pdf');
      const lenderHistory = await historyOf(world.client, order.id);
      expect(lenderHistory.find((e) => e.action === 'release_report')!.details).toMatchObject({
        submission: 2,
      });
      expect(JSON.stringify(lenderHistory)).not.toContain('Fix comparable 2');
    } finally {
      await t.db
        .updateTable('company_clients')
        .set({ report_release_after_payment: false })
        .where('client_id', '=', world.demo.client_id)
        .execute();
    }
  });
});

describe('a negotiation leaks nothing of the appraiser’s terms, and asks the lender what the company decides', () => {
  it('shows the lender neither the appraiser’s comment, due date, id nor offer, and lets staff absorb the increase', async () => {
    const order = await conditionToDecide();
    const before = (await detail(world.client, order.id)).total_fee as string;
    const forLender = JSON.stringify([
      await detail(world.client, order.id),
      await historyOf(world.client, order.id),
    ]);
    for (const leak of ['need $450', '460k', world.demo.users.appraiser.id, '450.00', 'offer_expires_at":"2'])
      expect(forLender).not.toContain(leak);

    // The company absorbs the increase: the lender is asked nothing, its fee stays.
    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation', {
      client_total_fee: before,
      client_comments: 'The appraiser needs until the 20th',
    });
    const lender = await detail(world.client, order.id);
    expect(lender.negotiation).toMatchObject({
      total_fee: null,
      due_date: '12/20/2037',
      comments: 'The appraiser needs until the 20th',
    });
    expect(lender.total_fee).toBe(before);
    expect(lender.margin).toBeNull();
    expect(lender.vendor_due_date).toBeNull();
    const staff = await detail(world.staff, order.id);
    expect(staff.appraiser_fee).toBe('450.00');
    expect(staff.margin).toBe((Number(before) - 450).toFixed(2));
    expect((await detail(world.appraiser, order.id)).margin).toBeNull();
    const lenderHistory = JSON.stringify(await historyOf(world.client, order.id));
    for (const leak of ['need $450', '450.00', world.demo.users.appraiser.id, 'vendor_due_date'])
      expect(lenderHistory).not.toContain(leak);
  });

  it('keeps the lender’s fee when staff name no amount: it never follows the appraiser’s by itself', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    // No fee was offered: all the appraiser asks would be an "increase".
    await step(world.appraiser, order.id, 'accept_assignment', 'Assignment accepted with condition', {
      fee_condition: '623.94',
    });
    const before = (await detail(world.client, order.id)).total_fee as string;
    await step(world.staff, order.id, 'approve_assignment_condition', 'Assigned');
    expect((await detail(world.client, order.id)).total_fee).toBe(before);
    expect((await detail(world.staff, order.id)).appraiser_fee).toBe('623.94');
    const payments = await get(`/api/v1/orders/${order.id}/payments`, { 'X-Api-Key': world.client });
    expect(payments.body).not.toContain('623.94');
  });

  it('asks the lender another amount than the appraiser’s increase when staff decide so', async () => {
    const order = await conditionToDecide();
    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation', {
      client_total_fee: '575.25',
      client_due_date: '12/15/2037',
    });
    expect((await detail(world.client, order.id)).negotiation).toMatchObject({
      total_fee: '575.25',
      due_date: null,
      comments: null,
    });
    await step(world.client, order.id, 'approve_negotiation', 'Assigned');
    expect((await detail(world.client, order.id)).total_fee).toBe('575.25');
    expect((await detail(world.appraiser, order.id)).appraiser_fee).toBe('450.00');
  });

  it('sends the lender’s subscriptions no offer and no answer of the appraiser’s', async () => {
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { 'X-Api-Key': world.client },
      payload: { url: 'https://hooks.example.com/lender' },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const order = await conditionToDecide();
    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation');
    const deliveries = await get(
      `/api/v1/webhooks/${hook.json<{ id: string }>().id}/deliveries?per_page=100`,
      {
        'X-Api-Key': world.client,
      },
    );
    const types = deliveries.json<{ event_type: string }[]>().map((d) => d.event_type);
    expect(types).toContain('order.negotiation_opened');
    expect(types).not.toContain('order.offer_answered');
    expect(types).not.toContain('order.assigned');
    const events = await t.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .select(['e.type', 'e.data'])
      .where('d.subscription_id', '=', hook.json<{ id: string }>().id)
      .execute();
    expect(events.length).toBeGreaterThan(0);
    await t.db.deleteFrom('webhook_subscriptions').where('id', '=', hook.json<{ id: string }>().id).execute();
  });
});

describe('a client’s users see the orders their client lets them see', () => {
  it('scopes a loan officer who is not an admin to their own orders, or their branch’s', async () => {
    const client = { id: world.demo.client_id, name: 'Demo client' };
    const officer = await createUserWithKey(t.db, 'client', client);
    const colleague = await createUserWithKey(t.db, 'client', client);
    const branch = await t.db
      .selectFrom('branches')
      .select('id')
      .where('client_id', '=', world.demo.client_id)
      .executeTakeFirstOrThrow();
    const mine = await placeOrder(t.app, t.db, world.demo, { client_user_ids: [officer.id] }, officer.key);
    const theirs = await placeOrder(
      t.app,
      t.db,
      world.demo,
      { client_user_ids: [colleague.id] },
      colleague.key,
    );
    const branchOrder = await placeOrder(t.app, t.db, world.demo, { branch_id: branch.id });

    const listed = async (key: string) =>
      (await get('/api/v1/orders?per_page=100', { 'X-Api-Key': key })).json<{
        data: { id: string }[];
        pagination: { total_count: number };
      }>();
    const ids = async (key: string) => (await listed(key)).data.map((o) => o.id);
    // Today's default: every client user sees every order of the client.
    expect(await ids(officer.key)).toEqual(expect.arrayContaining([mine.id, theirs.id, branchOrder.id]));

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/clients/${world.demo.client_id}/access`,
      headers: { 'X-Api-Key': world.client },
      payload: { order_visibility: 'own' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The key cache keeps a user's settings for up to 5 s: a fresh key reads them now.
    const fresh = async (user: { id: string }) => (await issueApiKey(t.db, user.id)).api_key;
    const officerKey = await fresh(officer);
    expect(await ids(officerKey)).toEqual([mine.id]);
    expect((await listed(officerKey)).pagination.total_count).toBe(1);
    expect((await get(`/api/v1/orders/${theirs.id}`, { 'X-Api-Key': officerKey })).statusCode).toBe(404);
    // The client's admin still sees all.
    expect(await ids(world.client)).toEqual(expect.arrayContaining([mine.id, theirs.id, branchOrder.id]));

    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${officer.id}`,
      headers: { 'X-Api-Key': world.client },
      payload: { branch_id: branch.id },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/clients/${world.demo.client_id}/access`,
      headers: { 'X-Api-Key': world.client },
      payload: { order_visibility: 'branch' },
    });
    const branchKey = await fresh(officer);
    expect((await ids(branchKey)).sort()).toEqual([mine.id, branchOrder.id].sort());
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/clients/${world.demo.client_id}/access`,
      headers: { 'X-Api-Key': world.client },
      payload: { order_visibility: 'all' },
    });
  });
});

describe('bad input to the rules of independence gets a clear 422 and changes nothing', () => {
  const count = async () => {
    const row = await t.db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<string>().as('orders'),
        eb.selectFrom('notes').select(eb.fn.countAll<string>().as('n')).as('notes'),
        eb.selectFrom('order_history').select(eb.fn.countAll<string>().as('n')).as('history'),
      ])
      .executeTakeFirstOrThrow();
    return JSON.stringify(row);
  };
  const expect422 = (answer: Answer, field: string, message?: RegExp) => {
    expect(answer.statusCode, answer.body).toBe(422);
    const details = answer.json<{ error: { details: { field: string; message: string }[] } }>().error.details;
    expect(details.map((d) => d.field)).toContain(field);
    if (message) expect(details.find((d) => d.field === field)!.message).toMatch(message);
  };
  const send = (method: 'PUT' | 'POST' | 'PATCH', url: string, key: string, payload: object) =>
    t.app.inject({ method, url, headers: { 'X-Api-Key': key }, payload });

  it('refuses the lender-facing terms of a condition that are not an amount or a date, or a past date', async () => {
    const order = await conditionToDecide();
    const before = await count();
    const url = `/api/v1/orders/${order.id}/approve_assignment_condition`;
    expect422(
      await send('PUT', url, world.staff, { client_total_fee: 'a lot' }),
      'client_total_fee',
      /decimal amount/,
    );
    expect422(await send('PUT', url, world.staff, { client_due_date: 'soon' }), 'client_due_date');
    expect422(
      await send('PUT', url, world.staff, { client_due_date: '01/02/2020' }),
      'client_due_date',
      /past/,
    );
    expect(await count()).toBe(before);
    expect((await detail(world.staff, order.id)).status.name).toBe('Assignment accepted with condition');
  });

  it('refuses a forward without an audience for a company note, an unknown audience, or blank words', async () => {
    const order = await world.toInReview();
    const note = await send('POST', `/api/v1/orders/${order.id}/notes`, world.staff, {
      content: 'Internal: check the comparables',
      audience: 'internal',
    });
    const before = await count();
    const url = `/api/v1/orders/${order.id}/notes/${note.json<{ id: string }>().id}/forward`;
    expect422(await send('POST', url, world.staff, {}), 'audience', /required/);
    expect422(await send('POST', url, world.staff, { audience: 'the world' }), 'audience');
    expect422(await send('POST', url, world.staff, { audience: 'appraiser', content: '   ' }), 'content');
    expect422(
      await send('POST', url, world.staff, { audience: 'appraiser', content: '<script>x</script>' }),
      'content',
    );
    const unknown = await send(
      'POST',
      `/api/v1/orders/${order.id}/notes/00000000-0000-4000-8000-000000000000/forward`,
      world.staff,
      { audience: 'appraiser' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('refuses an order visibility, a branch or a file audience the service does not know', async () => {
    const before = await count();
    expect422(
      await send('PATCH', `/api/v1/clients/${world.demo.client_id}/access`, world.client, {
        order_visibility: 'everybody',
      }),
      'order_visibility',
    );
    const officer = await createUserWithKey(t.db, 'client', { id: world.demo.client_id, name: 'Demo' });
    expect422(
      await send('PATCH', `/api/v1/users/${officer.id}`, world.client, {
        branch_id: '00000000-0000-4000-8000-000000000000',
      }),
      'branch_id',
      /branches/,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { 'X-Api-Key': world.client },
      payload: {
        ...(await orderBody(t.db, world.demo)),
        branch_id: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect422(created, 'branch_id', /not a branch of the client/);
    expect(await count()).toBe(before);
    const order = await placeOrder(t.app, t.db, world.demo);
    const file = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, world.client, [
      ['attachment', REPORT_PDF],
      ['file_type', 'purchase_agreement'],
      ['audience', 'nobody'],
    ]);
    expect422(file, 'audience');
    const uploaded = await sendMultipart(t.app, 'POST', `/api/v1/orders/${order.id}/files`, world.client, [
      ['attachment', REPORT_PDF],
      ['file_type', 'purchase_agreement'],
    ]);
    const changed = await send(
      'PATCH',
      `/api/v1/orders/${order.id}/files/${uploaded.json<{ id: string }>().id}`,
      world.staff,
      { audience: 'nobody' },
    );
    expect422(changed, 'audience');
    expect((await filesOf(world.staff, order.id)).length).toBe(1);
  });
});
