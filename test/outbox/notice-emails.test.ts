import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import type { OutboxWorker } from '../../src/outbox/worker.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';
import { payByCard } from '../helpers/payments.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * The notices each side expects, over real SMTP: the lender of a report to review, of
 * information asked of it, of a declined or cancelled order; the company of new orders (to
 * those who asked), reports, the lender's requests and answers, payments; the appraiser of an
 * offer that timed out, a condition refused, an order taken off them. Each links to its page,
 * and none tells one side the other's terms or reasons.
 */
const BASE = 'https://app.example.com';
const t = useTestApp({ PUBLIC_BASE_URL: BASE, TIME_ZONE: 'America/Chicago' });
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

let seen = 0;
async function newEmails(): Promise<ParsedMail[]> {
  for (let i = 0; i < 5; i++) await worker.runOnce();
  const fresh = smtp.messages.slice(seen);
  seen = smtp.messages.length;
  return fresh;
}
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a!.text).join(',');
const emailsTo = (mails: ParsedMail[], address: string) => mails.filter((m) => to(m) === address);
/** The one email of `mails` to `address` with this subject; fails when there is none. */
function theEmail(mails: ParsedMail[], address: string, subject: string): ParsedMail {
  const found = emailsTo(mails, address).filter((m) => m.subject === subject);
  expect(
    found.map((m) => m.subject),
    `${subject} to ${address}, among ${mails.map((m) => `${to(m)}: ${m.subject}`).join('; ')}`,
  ).toEqual([subject]);
  return found[0]!;
}
/** The email links to `path` in both parts, and says none of `secrets`. */
function expectLinkAndSilence(mail: ParsedMail, path: string, secrets: string[] = []) {
  expect(mail.text).toContain(`${BASE}${path}`);
  expect(mail.html).toContain(`href="${BASE}${path}"`);
  for (const secret of secrets) {
    expect(mail.text).not.toContain(secret);
    expect(mail.html).not.toContain(secret);
  }
}

const settings = (key: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'PATCH' : 'GET',
    url: '/api/v1/me/notification_settings',
    headers: { 'X-Api-Key': key },
    ...(payload ? { payload } : {}),
  });

const companyClient = (set: { client_review_required?: boolean; lender_requests_reviewed?: boolean }) =>
  t.db.updateTable('company_clients').set(set).where('client_id', '=', world.demo.client_id).execute();

describe('notices each side expects', () => {
  it('new orders reach the staff who turned them on, and only them', async () => {
    const staff = world.demo.users.staff.email;
    const listed = (await settings(world.staff)).json<{ kind: string; enabled: boolean }[]>();
    expect(listed.find((s) => s.kind === 'new_order')).toMatchObject({ enabled: false });
    const quiet = await placeOrder(t.app, t.db, world.demo);
    expect(emailsTo(await newEmails(), staff).map((m) => m.subject)).not.toContain(
      `New order: ${quiet.file_number}, Austin`,
    );

    const on = await settings(world.staff, { new_order: true });
    expect(on.json().find((s: { kind: string }) => s.kind === 'new_order').enabled).toBe(true);
    const order = await placeOrder(t.app, t.db, world.demo);
    const mail = theEmail(await newEmails(), staff, `New order: ${order.file_number}, Austin`);
    expectLinkAndSilence(mail, `/orders/${order.id}`);
    expect(mail.text).toContain('you turned this kind of notice on');

    // A draft is no new order yet; placed, it is one, to accept or decline.
    const draft = await placeOrder(t.app, t.db, world.demo, { draft: true });
    expect(emailsTo(await newEmails(), staff)).toEqual([]);
    await step(world.client, draft.id, 'place', 'Pending');
    const placed = theEmail(await newEmails(), staff, `New order: ${draft.file_number}, Austin`);
    expect(placed.text).toContain('Accept or decline it');

    // Declined: the lender hears of it, with the company's reason.
    await step(world.staff, draft.id, 'decline_order', 'Cancelled', { reason: 'Outside our coverage area' });
    const declined = theEmail(
      await newEmails(),
      world.demo.users.client.email,
      `Order declined: ${draft.file_number}`,
    );
    expectLinkAndSilence(declined, `/orders/${draft.id}`);
    expect(declined.text).toContain('Reason: Outside our coverage area');
    await settings(world.staff, { new_order: false });
  });

  it('a report to review, information asked and given, a payment due and received, a request sent on', async () => {
    const lender = world.demo.users.client.email;
    const staff = world.demo.users.staff.email;
    const appraiser = world.demo.users.appraiser.email;
    await companyClient({ client_review_required: true, lender_requests_reviewed: false });
    try {
      const order = await placeOrder(t.app, t.db, world.demo, { payment_method: 'payment_link' });
      await newEmails();

      await step(world.staff, order.id, 'request_info', 'Waiting info from client', {
        reason: 'The HOA contact, please',
      });
      const asked = theEmail(await newEmails(), lender, `Information needed: order ${order.file_number}`);
      expectLinkAndSilence(asked, `/orders/${order.id}`);
      expect(asked.text).toContain('What is needed: The HOA contact, please');

      await step(world.client, order.id, 'provide_info', 'Unassigned', { comments: 'HOA: 512-555-0100' });
      const given = theEmail(await newEmails(), staff, `Information provided: order ${order.file_number}`);
      expectLinkAndSilence(given, `/orders/${order.id}`);
      expect(given.text).toContain('Their answer: HOA: 512-555-0100');

      await step(world.staff, order.id, 'assign', 'Pending assignment', {
        appraiser_id: world.demo.users.appraiser.id,
        fee: '325',
      });
      await step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
      await step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
        inspection_scheduled_at: '2037-12-01T10:00',
      });
      await step(world.appraiser, order.id, 'complete_inspection', 'Inspection completed');
      await newEmails();
      await step(world.appraiser, order.id, 'request_submission', 'In review');
      const submitted = theEmail(await newEmails(), staff, `Report submitted: order ${order.file_number}`);
      expectLinkAndSilence(submitted, `/orders/${order.id}`);

      await step(world.staff, order.id, 'request_completion', 'Client quality assurance');
      const review = await newEmails();
      const toReview = theEmail(review, lender, `Report to review: order ${order.file_number}`);
      // The lender never reads the appraiser's fee ($325.00, 325.00: bare digits also occur in
      // the order's id); a report to review is not yet a report ready.
      expectLinkAndSilence(toReview, `/orders/${order.id}`, ['$325', '325.00', 'Report ready']);
      expect(emailsTo(review, lender).map((m) => m.subject)).not.toContain(
        `Report ready: order ${order.file_number}`,
      );

      await step(world.client, order.id, 'approve_report', 'Completion payment hold');
      const due = theEmail(await newEmails(), lender, `Payment due: order ${order.file_number}`);
      expectLinkAndSilence(due, `/orders/${order.id}`, ['$325', '325.00']);

      expect(await payByCard(t.app, world.client, order.id)).toBe(200);
      const paid = await newEmails();
      const received = theEmail(paid, staff, `Payment received: order ${order.file_number}`);
      expectLinkAndSilence(received, `/orders/${order.id}`);
      expect(received.text).toMatch(/A payment of \$[\d,]+\.\d{2} was received/);
      expect(received.text).toContain('Balance now: $0.00.');

      await step(world.client, order.id, 'request_revision', 'Client request', {
        comments: 'Add a third comparable sale',
      });
      const revision = await newEmails();
      const sent = theEmail(
        revision,
        staff,
        `Lender request sent to the appraiser: order ${order.file_number}`,
      );
      expect(sent.text).toContain('What they ask: Add a third comparable sale');
      theEmail(revision, appraiser, `Changes requested: order ${order.file_number}`);
    } finally {
      await companyClient({ client_review_required: false, lender_requests_reviewed: true });
    }
  });

  it('a cancellation asked for reaches the company; a cancellation made reaches the lender', async () => {
    const order = await placeOrder(t.app, t.db, world.demo);
    await newEmails();
    await step(world.client, order.id, 'request_cancel', 'Cancel requested', { reason: 'Loan withdrawn' });
    const asked = theEmail(
      await newEmails(),
      world.demo.users.staff.email,
      `Cancellation requested: order ${order.file_number}`,
    );
    expectLinkAndSilence(asked, `/orders/${order.id}`);
    expect(asked.text).toContain('Reason: Loan withdrawn');

    await step(world.staff, order.id, 'cancel', 'Cancelled', { reason: 'As the lender asked' });
    const cancelled = theEmail(
      await newEmails(),
      world.demo.users.client.email,
      `Order cancelled: ${order.file_number}`,
    );
    expectLinkAndSilence(cancelled, `/orders/${order.id}`);
    expect(cancelled.text).toContain('Reason: As the lender asked');
  });

  it('the appraiser hears of an offer timed out, a condition refused, an order taken off them', async () => {
    const appraiser = world.demo.users.appraiser.email;
    const assign = (orderId: string) =>
      step(world.staff, orderId, 'assign', 'Pending assignment', {
        appraiser_id: world.demo.users.appraiser.id,
        fee: '300',
      });

    const timedOut = await placeOrder(t.app, t.db, world.demo);
    await assign(timedOut.id);
    await newEmails();
    await t.db
      .updateTable('orders')
      .set({ offer_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', timedOut.id)
      .execute();
    await new WorkflowTimers(t.db, t.config).runOnce();
    const expired = theEmail(await newEmails(), appraiser, `Offer expired: order ${timedOut.file_number}`);
    expectLinkAndSilence(expired, `/offers?order=${timedOut.id}`);

    const refused = await placeOrder(t.app, t.db, world.demo);
    await assign(refused.id);
    await step(world.appraiser, refused.id, 'accept_assignment', 'Assignment accepted with condition', {
      fee_condition: '410',
    });
    await newEmails();
    await step(world.staff, refused.id, 'reject_assignment_condition', 'Assignment rejected');
    const rejected = theEmail(
      await newEmails(),
      appraiser,
      `Condition refused: order ${refused.file_number}`,
    );
    expectLinkAndSilence(rejected, `/offers?order=${refused.id}`);

    // Terms the lender refuses take the order off the appraiser: told so, without the lender's
    // reason or fee.
    const removed = await placeOrder(t.app, t.db, world.demo);
    await assign(removed.id);
    await step(world.appraiser, removed.id, 'accept_assignment', 'Assignment accepted with condition', {
      fee_condition: '410',
    });
    await step(world.staff, removed.id, 'approve_assignment_condition', 'Under negotiation', {
      client_total_fee: '987.65',
    });
    await newEmails();
    await step(world.client, removed.id, 'refuse_negotiation', 'Refused negotiation', {
      reason: 'Borrower will not pay more',
    });
    const dropped = theEmail(await newEmails(), appraiser, `No longer yours: order ${removed.file_number}`);
    // The fee as any amount would show it ("987.65", "987,65"): bare digits also occur in the order's id.
    expectLinkAndSilence(dropped, `/offers?order=${removed.id}`, [
      'Borrower will not pay more',
      '987.65',
      '987,65',
    ]);

    const kinds = (await settings(world.appraiser)).json<{ kind: string }[]>().map((s) => s.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['offer_timed_out', 'condition_rejected', 'appraiser_removed']),
    );
    // Each turns off like any other.
    await settings(world.appraiser, { offer_timed_out: false });
    const again = await placeOrder(t.app, t.db, world.demo);
    await assign(again.id);
    await newEmails();
    await t.db
      .updateTable('orders')
      .set({ offer_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', again.id)
      .execute();
    await new WorkflowTimers(t.db, t.config).runOnce();
    expect(emailsTo(await newEmails(), appraiser)).toEqual([]);
    await settings(world.appraiser, { offer_timed_out: true });
  });
});
