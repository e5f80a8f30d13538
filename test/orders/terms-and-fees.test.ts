import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer.ts';
import { createNoticeHandler } from '../../src/orders/order.notice-delivery.ts';
import { OutboxWorker } from '../../src/outbox/worker.ts';
import { createWebhookHandler } from '../../src/webhooks/delivery.ts';
import { SecretBox } from '../../src/auth/secret-box.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { act, placeOrder } from '../helpers/orders.ts';
import { startReceiver, type TestReceiver } from '../helpers/receiver.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * Who sees which fee, in every place a fee appears (detail, history, webhooks, emails); the
 * open terms of an order shown to whoever decides on them; one money format; and what a key
 * of another organization acting for a client user may not decide.
 */
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', PUBLIC_BASE_URL: 'https://orders.example.com' });
const world = useDemoWorld(t);
const { step } = world;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let lenderHooks: TestReceiver;
let companyHooks: TestReceiver;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [lenderHooks, companyHooks] = await Promise.all([startReceiver(), startReceiver()]);
  const mailer = createMailer({ ...t.config, smtpUrl: smtp.url });
  worker = new OutboxWorker({
    db: t.db,
    pollIntervalMs: 50,
    retryBaseMs: 50,
    handlers: {
      email: (payload, id) => mailer.send(payload, id),
      notice: createNoticeHandler(t.db, t.config),
      webhook: createWebhookHandler(t.db, t.config, new SecretBox(t.db, t.config.secretEncryption)),
    },
  });
  for (const [key, receiver] of [
    [world.client, lenderHooks],
    [world.staff, companyHooks],
  ] as const) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { 'X-Api-Key': key },
      payload: { url: receiver.url },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(async () => {
  await worker.stop();
  await smtp.stop();
  await Promise.all([lenderHooks.close(), companyHooks.close()]);
});

async function drain(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await worker.runOnce();
    const pending = await t.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    if (pending.length === 0) return;
  }
}

const detail = async (key: string, orderId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: { 'X-Api-Key': key } })
  ).json<Record<string, any>>();
const history = async (key: string, orderId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/history`,
      headers: { 'X-Api-Key': key },
    })
  ).json<{ action: string; details: Record<string, unknown> }[]>();
const entry = (entries: { action: string; details: Record<string, unknown> }[], action: string) =>
  entries.find((e) => e.action === action)!;

describe('the open terms of an order and who sees which fee', () => {
  it('shows a condition to staff and its appraiser, then the negotiation to the client, with one money format', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    const clientFee = (await detail(world.client, order.id)).total_fee as string;
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
      fee: '300',
      due_date: '12/10/2037',
    });
    await step(world.appraiser, order.id, 'accept_assignment', 'Assignment accepted with condition', {
      fee_condition: '450',
      due_date_condition: '12/20/2037',
      comments: 'Rural property, long drive',
    });

    // Staff decide on the condition and see it whole; the appraiser sees their own; the client nothing of it.
    const forStaff = await detail(world.staff, order.id);
    expect(forStaff.assignment_condition).toEqual({
      appraiser_fee: '450.00',
      current_appraiser_fee: '300.00',
      due_date: '12/20/2037',
      current_due_date: '12/10/2037',
      comments: 'Rural property, long drive',
      proposed_by: { id: world.demo.users.appraiser.id, name: 'Avery Appraiser' },
      proposed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(forStaff.appraiser_fee).toBe('300.00');
    expect(forStaff.total_fee).toBe(clientFee);
    const forAppraiser = await detail(world.appraiser, order.id);
    expect(forAppraiser.assignment_condition.appraiser_fee).toBe('450.00');
    expect(forAppraiser.appraiser_fee).toBe('300.00');
    expect(forAppraiser.total_fee).toBeNull();
    expect(forAppraiser.decimal_balance).toBeNull();
    const forClient = await detail(world.client, order.id);
    expect(forClient.assignment_condition).toBeNull();
    expect(forClient.appraiser_fee).toBeNull();

    // Approving it, staff pass the higher fee on: the client decides on the new total and due
    // date, and never reads the appraiser's comments.
    const proposed = (Number(clientFee) + 150).toFixed(2);
    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation', {
      client_total_fee: proposed,
    });
    const negotiation = (await detail(world.client, order.id)).negotiation;
    expect(negotiation).toEqual({
      total_fee: proposed,
      current_total_fee: clientFee,
      due_date: '12/20/2037',
      current_due_date: '12/15/2037',
      comments: null,
      proposed_by: { id: world.demo.users.staff.id, name: 'Sam Staffer' },
      proposed_at: expect.any(String),
    });
    expect((await detail(world.staff, order.id)).negotiation.total_fee).toBe(proposed);
    expect((await detail(world.appraiser, order.id)).negotiation).toBeNull();

    // The history carries the terms, money as decimal strings, each fee only to those who see it.
    const staffHistory = await history(world.staff, order.id);
    expect(entry(staffHistory, 'assign').details).toMatchObject({ appraiser_fee: '300.00' });
    expect(entry(staffHistory, 'accept_assignment').details).toMatchObject({
      appraiser_fee_condition: '450.00',
    });
    expect(entry(staffHistory, 'approve_assignment_condition').details).toMatchObject({
      appraiser_fee: '450.00',
      total_fee: proposed,
      client_comments: null,
    });
    // The lender sees that the order moved, not the dealings with the appraiser.
    const clientHistory = await history(world.client, order.id);
    expect(JSON.stringify(clientHistory)).not.toMatch(/appraiser_fee|Rural property|450\.00/);
    expect(entry(clientHistory, 'approve_assignment_condition').details).toEqual({});
    const appraiserHistory = await history(world.appraiser, order.id);
    expect(JSON.stringify(appraiserHistory)).not.toMatch(/total_fee/);

    await step(world.client, order.id, 'approve_negotiation', 'Assigned');
    const approved = entry(await history(world.client, order.id), 'approve_negotiation');
    expect(approved.details).toEqual({ total_fee: proposed, due_date: expect.stringMatching(/^2037-12-2/) });
    const after = await detail(world.client, order.id);
    expect(after).toMatchObject({ total_fee: proposed, due_date: '12/20/2037', negotiation: null });

    // Webhooks: the lender's subscription never receives the appraiser's fee; the company's does.
    await drain();
    const typed = (receiver: TestReceiver, type: string) =>
      receiver.received.map((r) => r.json).filter((e) => e.type === type && e.data.order_id === order.id);
    expect(typed(companyHooks, 'order.assigned')[0]!.data).toMatchObject({ appraiser_fee: '300.00' });
    expect(typed(lenderHooks, 'order.assigned')).toEqual([]);
    expect(typed(lenderHooks, 'order.negotiation_opened')[0]!.data).toMatchObject({
      total_fee: proposed,
      comments: null,
    });
    expect(typed(lenderHooks, 'order.offer_answered')).toEqual([]);
    expect(typed(companyHooks, 'order.offer_answered')[0]!.data).toMatchObject({
      appraiser_fee_condition: '450.00',
    });
    expect(JSON.stringify(lenderHooks.received.map((r) => r.json))).not.toMatch(
      /appraiser_fee|Rural property|"450\.00"/,
    );

    // Emails: the appraiser's offer shows their fee and not the client's; the lender's notices never the appraiser's.
    const offer = smtp.messages.find((m) => m.subject?.startsWith(`New offer: order ${order.file_number}`))!;
    expect(offer.text).toContain('Your fee: $300.00');
    expect(offer.text).not.toContain(Number(clientFee).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    // The offer's link opens the appraiser's offers inbox on this offer.
    expect(offer.text).toContain(`https://orders.example.com/offers?order=${order.id}`);
    const toLender = smtp.messages.filter(
      (m) => m.to && JSON.stringify(m.to).includes(world.demo.users.client.email.split('+')[0]!),
    );
    for (const message of toLender) expect(message.text).not.toMatch(/\$300\.00|\$450\.00/);
  });

  it('keeps the negotiation of a working order, with its comments, for the client', async () => {
    const order = await world.toInReview();
    await step(world.staff, order.id, 'require_action', 'Action required', { reason: 'Fix comparable 2' });
    const again = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, again.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    await step(world.appraiser, again.id, 'accept_assignment', 'Assigned');
    await step(world.staff, again.id, 'request_negotiation', 'Under negotiation', {
      fee: '1,200.50',
      reason: 'The property is a duplex',
    });
    expect((await detail(world.client, again.id)).negotiation).toMatchObject({
      total_fee: '1200.50',
      due_date: null,
      comments: 'The property is a duplex',
      proposed_by: { id: world.demo.users.staff.id },
    });
    await step(world.client, again.id, 'refuse_negotiation', 'Refused negotiation', {
      reason: 'Too expensive',
    });
    expect((await detail(world.client, again.id)).negotiation).toBeNull();
  });
});

describe('acting for a client user from another organization', () => {
  const asClientUser = (key: string) => ({ 'X-Api-Key': key, 'X-Api-Email': world.demo.users.client.email });

  async function negotiating() {
    const order = await placeOrder(t.app, t.db, world.demo);
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    await step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
    await step(world.staff, order.id, 'request_negotiation', 'Under negotiation', { fee: '9000' });
    return order;
  }

  it('may not approve or refuse a negotiation, ask for payment, change the payment method, or issue keys', async () => {
    const order = await negotiating();
    const before = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/orders/${order.id}/approve_negotiation`, undefined],
      ['PUT', `/api/v1/orders/${order.id}/refuse_negotiation`, { reason: 'no' }],
      ['POST', `/api/v1/orders/${order.id}/send_payment_link`, { emails: ['payer@example.com'] }],
      ['PATCH', `/api/v1/orders/${order.id}/update_payment_method`, { payment_method: 'credit_card' }],
      ['POST', '/api/v1/api_keys', { label: 'for the lender' }],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: asClientUser(world.staff),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'cannot_act_as',
        details: [{ field: 'X-Api-Email' }],
      });
    }
    expect(
      await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow(),
    ).toEqual(before);
    const keys = await t.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', world.demo.users.client.id)
      .where('label', '=', 'for the lender')
      .execute();
    expect(keys).toEqual([]);
    // Acting for the client user still reads the order: the work goes on, the decision is theirs.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.id}`,
      headers: asClientUser(world.staff),
    });
    expect(read.statusCode).toBe(200);
    // The client decides with its own key.
    await step(world.client, order.id, 'approve_negotiation', 'Assigned');
  });

  it('lets an admin of the same client decide for one of its users', async () => {
    const order = await negotiating();
    const officer = await t.db
      .selectFrom('users')
      .select('email')
      .where('organization_id', '=', world.demo.client_id)
      .where('title', '=', 'Loan Officer')
      .executeTakeFirstOrThrow();
    const response = await act(t.app, world.client, order.id, 'approve_negotiation');
    expect(response.statusCode).toBe(200);
    const sameOrg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api_keys',
      headers: { 'X-Api-Key': world.client, 'X-Api-Email': officer.email },
      payload: { label: 'officer key' },
    });
    expect(sameOrg.statusCode).toBe(201);
  });
});
