import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import type { OutboxWorker } from '../../src/outbox/worker.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { act, placeOrder } from '../helpers/orders.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * Status notices by email, over real SMTP: who gets which, what they say and where they link,
 * how a user turns a kind off, and that a change that did not happen notifies no one.
 */
const t = useTestApp({ PUBLIC_BASE_URL: 'https://app.example.com', TIME_ZONE: 'America/Chicago' });
const world = useDemoWorld(t);
const { step } = world;
let smtp: TestSmtpServer;
let worker: OutboxWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  worker = emailWorker(t.db, t.config, smtp);
});
afterAll(async () => {
  await worker.stop();
  await smtp.stop();
});

/** Delivers what is due and answers the emails that arrived since the last call. */
let seen = 0;
async function newEmails(): Promise<ParsedMail[]> {
  for (let i = 0; i < 5; i++) await worker.runOnce();
  const fresh = smtp.messages.slice(seen);
  seen = smtp.messages.length;
  return fresh;
}
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a!.text).join(',');
const emailsTo = (mails: ParsedMail[], address: string) => mails.filter((m) => to(m) === address);

const notificationSettings = (key: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'PATCH' : 'GET',
    url: '/api/v1/me/notification_settings',
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });

describe('status notices', () => {
  it('tell the appraiser of an offer, the lender of the appraiser and inspection, staff of a condition', async () => {
    const appraiser = world.demo.users.appraiser.email;
    const lender = world.demo.users.client.email;
    const staff = world.demo.users.staff.email;
    const order = await placeOrder(t.app, t.db, world.demo);
    await newEmails();

    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
      fee: '325',
    });
    const [offer] = emailsTo(await newEmails(), appraiser);
    expect(offer!.subject).toBe(`New offer: order ${order.file_number}, Austin`);
    expect(offer!.text).toContain('Your fee: $325.00.');
    expect(offer!.text).toMatch(/Answer by \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M CST/);
    // The offer's button opens the offers inbox on it, where it is answered.
    expect(offer!.text).toContain(`https://app.example.com/offers?order=${order.id}`);
    expect(offer!.html).toContain(`href="https://app.example.com/offers?order=${order.id}"`);

    await step(world.appraiser, order.id, 'accept_assignment', 'Assignment accepted with condition', {
      due_date_condition: '12/28/2037',
    });
    const [condition] = emailsTo(await newEmails(), staff);
    expect(condition!.subject).toBe(`Condition to decide: order ${order.file_number}`);
    expect(condition!.text).toContain('Due date asked: 12/28/2037.');

    await step(world.staff, order.id, 'approve_assignment_condition', 'Under negotiation');
    const [decide] = emailsTo(await newEmails(), lender);
    expect(decide!.subject).toBe(`Your decision: new terms for order ${order.file_number}`);
    expect(decide!.text).toContain('Due date: 12/28/2037 (now 12/15/2037).');

    await step(world.client, order.id, 'approve_negotiation', 'Assigned');
    const afterApproval = await newEmails();
    expect(emailsTo(afterApproval, lender).map((m) => m.subject)).toEqual([
      `Appraiser assigned: order ${order.file_number}`,
    ]);
    expect(emailsTo(afterApproval, staff).map((m) => m.subject)).toEqual([
      `Terms answered: order ${order.file_number}`,
    ]);

    await step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: '2037-12-01T10:00',
    });
    const [inspection] = emailsTo(await newEmails(), lender);
    expect(inspection!.text).toContain('is scheduled for 12/01/2037 10:00 AM CST');

    // The named loan officer hears of it too: the lender's people on the order.
    const officer = await t.db
      .selectFrom('users')
      .select('email')
      .where('organization_id', '=', world.demo.client_id)
      .where('title', '=', 'Loan Officer')
      .executeTakeFirstOrThrow();
    await step(world.client, order.id, 'hold', 'On hold', { reason: 'Borrower travelling' });
    const onHold = await newEmails();
    expect(emailsTo(onHold, appraiser).map((m) => m.subject)).toEqual([
      `On hold: order ${order.file_number}`,
    ]);
    expect(emailsTo(onHold, appraiser)[0]!.text).toContain('Reason: Borrower travelling');
    await step(world.client, order.id, 'resume', 'Inspection scheduled');
    await step(world.appraiser, order.id, 'complete_inspection', 'Inspection completed');
    await step(world.appraiser, order.id, 'request_submission', 'In review');
    await step(world.staff, order.id, 'request_completion', 'Completed');
    const delivered = await newEmails();
    expect(emailsTo(delivered, officer.email).map((m) => m.subject)).toContain(
      `Report ready: order ${order.file_number}`,
    );
    expect(emailsTo(delivered, appraiser).map((m) => m.subject)).toContain(
      `Resumed: order ${order.file_number}`,
    );
  });

  it('lists the kinds of the caller’s role and turns them off and on', async () => {
    const listed = (await notificationSettings(world.appraiser)).json();
    expect(listed.map((s: { kind: string }) => s.kind)).toEqual([
      'new_offer',
      'revision_requested',
      'order_on_hold',
      'order_resumed',
      'order_cancelled',
      'appraiser_removed',
      'condition_rejected',
      'offer_timed_out',
      'milestone_reminder',
    ]);
    expect(listed.every((s: { enabled: boolean }) => s.enabled)).toBe(true);

    const off = await notificationSettings(world.appraiser, { new_offer: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().find((s: { kind: string }) => s.kind === 'new_offer').enabled).toBe(false);

    const order = await placeOrder(t.app, t.db, world.demo);
    await newEmails();
    await step(world.staff, order.id, 'assign', 'Pending assignment', {
      appraiser_id: world.demo.users.appraiser.id,
    });
    expect(emailsTo(await newEmails(), world.demo.users.appraiser.email)).toEqual([]);

    await notificationSettings(world.appraiser, { new_offer: true });
    await step(world.staff, order.id, 'cancel', 'Cancelled', { reason: 'Loan withdrawn' });
    expect(emailsTo(await newEmails(), world.demo.users.appraiser.email).map((m) => m.subject)).toEqual([
      `Cancelled: order ${order.file_number}`,
    ]);
  });

  it("refuses a kind that is not the caller's, an unknown kind and a value that is not a boolean", async () => {
    const foreign = await notificationSettings(world.appraiser, { negotiation_to_decide: false });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.details).toEqual([
      { field: 'negotiation_to_decide', message: 'is a notice for lenders, not for your role' },
    ]);
    const unknown = await notificationSettings(world.appraiser, { weekly_digest: false });
    expect(unknown.json().error.details).toEqual([
      { field: 'weekly_digest', message: 'is not a known field' },
    ]);
    const notBoolean = await notificationSettings(world.appraiser, { new_offer: 'sometimes' });
    expect(notBoolean.statusCode).toBe(422);
    expect(notBoolean.json().error.details[0].field).toBe('new_offer');
  });

  it('a change that did not happen notifies no one', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await newEmails();
    const notices = async () =>
      (await t.db.selectFrom('outbox_messages').select('id').where('kind', '=', 'notice').execute()).length;
    const before = await notices();
    // Not allowed from Unassigned (409), and an invalid assignment (422): nothing recorded, nothing sent.
    expect((await act(t.app, world.client, order.id, 'approve_negotiation')).statusCode).toBe(409);
    expect((await act(t.app, world.staff, order.id, 'assign', { appraiser_id: 'nobody' })).statusCode).toBe(
      422,
    );
    expect(await notices()).toBe(before);
    expect(await newEmails()).toEqual([]);
  });
});
