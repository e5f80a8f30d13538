import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { orderBody } from '../helpers/orders.ts';
import type { ServerProcess } from '../helpers/processes.ts';
import { startReceiver, type TestReceiver } from '../helpers/receiver.ts';
import {
  HttpClient,
  halfChangedOrders,
  inParallel,
  killAll,
  outboxIdOf,
  startService,
  waitFor,
  waitUntilDrained,
  type Answer,
  type Service,
} from '../helpers/reliability.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * Three service processes on one database, as behind a load balancer. Conflicting requests
 * sent to different processes at once: exactly one wins. Orders created concurrently through
 * all three: unique file numbers. The three outbox workers share the messages: each email and
 * webhook delivery is handed to one worker, sent once, and delivered at the first attempt.
 */
const t = useTestDatabase();
let demo: DemoWorld;
let smtp: TestSmtpServer;
let receiver: TestReceiver;
let dataDir: string;
let baseOrder: Record<string, unknown>;
let services: Service[] = [];
const running: ServerProcess[] = [];
const http = new HttpClient();

const ORDERS = 60;
const OFFERS = 30;
const NOTES = 60;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  smtp = await startSmtpServer();
  receiver = await startReceiver();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aoms-reliability-multi-'));
  baseOrder = await orderBody(t.db, demo);
  const env = {
    DATABASE_URL: t.url,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    OUTBOX_POLL_INTERVAL_MS: '20',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    DATABASE_POOL_SIZE: '8',
  };
  services = await Promise.all([0, 1, 2].map(() => startService(env, running)));
}, 180_000);
afterAll(async () => {
  await killAll(running);
  await smtp?.stop();
  await receiver?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const instance = (i: number) => services[i % services.length]!;
const describeAnswers = (answers: Answer[]) =>
  answers.map((a) => `${a.status} ${a.error ?? JSON.stringify(a.body)}`).join('\n');

it('three processes on one database: one winner per conflict, unique file numbers, each message delivered once', async () => {
  const staff = demo.users.staff.api_key;
  const client = demo.users.client.api_key;
  const appraiser = demo.users.appraiser.api_key;

  // Every order event goes to a webhook too, so the workers also share webhook deliveries.
  const subscribed = await http.request(`${instance(0).api}/webhooks`, client, 'POST', { url: receiver.url });
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);

  // Orders created at once through all three processes.
  const created = await inParallel(
    Array.from({ length: ORDERS }, (_, i) => i),
    15,
    (i) =>
      http.request(`${instance(i).api}/orders`, i % 2 === 0 ? client : staff, 'POST', {
        ...baseOrder,
        loan_number: `multi-${i}`,
      }),
  );
  expect(
    created.filter((a) => a.status !== 201),
    describeAnswers(created),
  ).toEqual([]);
  const fileNumbers = created.map((a) => a.body.file_number as string);
  const sequence = fileNumbers.map((f) => Number(/^AOM-(\d{8})$/.exec(f)?.[1]));
  expect(sequence.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
  const duplicateFileNumbers = fileNumbers.length - new Set(fileNumbers).size;
  expect(duplicateFileNumbers, fileNumbers.join(' ')).toBe(0);
  expect(new Set(sequence).size).toBe(ORDERS);
  const stored = await t.db.selectFrom('orders').select(['id', 'file_number']).execute();
  expect(stored).toHaveLength(ORDERS);
  expect(new Set(stored.map((o) => o.file_number)).size).toBe(ORDERS);
  const orderIds = created.map((a) => a.body.id as string);

  // Offer orders to the demo appraiser, through all three processes.
  const offered = orderIds.slice(0, OFFERS);
  const assigned = await inParallel(offered, 10, (id, i) =>
    http.request(`${instance(i).api}/orders/${id}/assign`, staff, 'PUT', {
      appraiser_id: demo.users.appraiser.id,
    }),
  );
  expect(
    assigned.filter((a) => a.status !== 200),
    describeAnswers(assigned),
  ).toEqual([]);

  // The appraiser's answers race: accept, reject and accept again, each to another process.
  let conflicting = 0;
  let doubleWins = 0;
  const answers = ['accept_assignment', 'reject_assignment', 'accept_assignment'] as const;
  const raced = await inParallel(offered, 10, async (id, i) => {
    const responses = await Promise.all(
      answers.map((action, j) =>
        http.request(
          `${instance(i + j).api}/orders/${id}/${action}`,
          appraiser,
          'PUT',
          action === 'reject_assignment' ? { reason: 'Too far away' } : undefined,
        ),
      ),
    );
    conflicting += responses.length;
    return { id, responses };
  });
  for (const { id, responses } of raced) {
    const summary = `order ${id}:\n${describeAnswers(responses)}`;
    const winners = answers.filter((_, j) => responses[j]!.status === 200);
    if (winners.length > 1) doubleWins++;
    expect(winners, summary).toHaveLength(1);
    expect(
      responses.filter((r) => r.status !== 200).map((r) => r.status),
      summary,
    ).toEqual([409, 409]);
    const expected = winners[0] === 'accept_assignment' ? 'Assigned' : 'Assignment rejected';
    expect(responses.find((r) => r.status === 200)!.body.status.name).toBe(expected);
    const history = await t.db
      .selectFrom('order_history')
      .select(['action', 'to_status'])
      .where('order_id', '=', id)
      .where('action', 'in', ['accept_assignment', 'reject_assignment'])
      .execute();
    expect(history, summary).toEqual([{ action: winners[0], to_status: expected }]);
  }

  // Staff actions that exclude each other (both only from Unassigned), to two processes at once.
  const unassigned = orderIds.slice(OFFERS);
  const staffActions = ['start_bidding', 'request_payment'] as const;
  const staffRaced = await inParallel(unassigned, 10, async (id, i) => ({
    id,
    responses: await Promise.all(
      staffActions.map((action, j) =>
        http.request(`${instance(i + j).api}/orders/${id}/${action}`, staff, 'PUT'),
      ),
    ),
  }));
  for (const { id, responses } of staffRaced) {
    conflicting += responses.length;
    const summary = `order ${id}:\n${describeAnswers(responses)}`;
    const winners = staffActions.filter((_, j) => responses[j]!.status === 200);
    if (winners.length > 1) doubleWins++;
    expect(winners, summary).toHaveLength(1);
    expect(
      responses.filter((r) => r.status !== 200).map((r) => r.status),
      summary,
    ).toEqual([409]);
  }
  expect(await halfChangedOrders(t.db)).toEqual([]);

  // Notes with additional_emails through all three processes; the three workers deliver.
  const notes = await inParallel(
    Array.from({ length: NOTES }, (_, i) => i),
    15,
    (i) =>
      http.request(`${instance(i).api}/orders/${orderIds[i % ORDERS]}/notes`, client, 'POST', {
        content: `<p>Note ${i} for the watchers</p>`,
        subject: `multi-note-${i}`,
        additional_emails: [`watcher+${i}@example.com`, `second+${i}@example.com`],
      }),
  );
  expect(
    notes.filter((a) => a.status !== 201),
    describeAnswers(notes),
  ).toEqual([]);

  const outbox = () =>
    t.db
      .selectFrom('outbox_messages')
      .select(['id', 'kind', 'status', 'attempts', 'last_error', 'payload'])
      .execute();
  const pending = async () => (await outbox()).filter((m) => m.status === 'pending');
  await waitUntilDrained(pending, 30_000, (left) => `still pending: ${JSON.stringify(left)}`);
  const messages = await outbox();
  const emails = messages.filter((m) => m.kind === 'email');
  const webhooks = messages.filter((m) => m.kind === 'webhook');
  // The notes' emails, and the status notices the offers raised (each fanned out into emails).
  const noteEmails = emails.filter((m) => (m.payload as { subject: string }).subject.includes('multi-note-'));
  expect(noteEmails).toHaveLength(NOTES);
  expect(messages.filter((m) => m.kind === 'notice').length).toBeGreaterThan(0);
  expect(webhooks.length).toBeGreaterThan(ORDERS);
  // Every row delivered at its first attempt: no worker claimed one another worker held.
  expect(messages.filter((m) => m.status !== 'delivered' || m.attempts !== 1)).toEqual([]);

  // Each email reached the SMTP server exactly once, by Message-ID <outbox-id@host>.
  await waitFor(
    () => smtp.messages.length >= emails.length,
    5_000,
    () => `${smtp.messages.length} emails`,
  );
  const perEmail = new Map<string, number>();
  for (const m of smtp.messages) {
    const id = outboxIdOf(m.messageId) ?? `(bad Message-ID ${m.messageId})`;
    perEmail.set(id, (perEmail.get(id) ?? 0) + 1);
  }
  expect([...perEmail].filter(([, n]) => n !== 1)).toEqual([]);
  expect([...perEmail.keys()].sort()).toEqual(emails.map((e) => e.id).sort());
  const noteSubjects = smtp.messages.filter((m) => m.subject?.includes('multi-note-'));
  expect(noteSubjects.map((m) => m.subject?.replace(/^Order AOM-\d+: /, '')).sort()).toEqual(
    Array.from({ length: NOTES }, (_, i) => `multi-note-${i}`).sort(),
  );

  // Each webhook event reached the receiver exactly once (webhook-id is the event id).
  const perEvent = new Map<string, number>();
  for (const r of receiver.received) {
    const id = String(r.headers['webhook-id']);
    perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
  }
  expect([...perEvent].filter(([, n]) => n !== 1)).toEqual([]);
  expect(receiver.received).toHaveLength(webhooks.length);

  // All three stop gracefully.
  for (const service of services) service.server.child.kill('SIGTERM');
  expect(await Promise.all(services.map((s) => s.server.exited))).toEqual([0, 0, 0]);

  console.log(
    `multi-instance: ${services.length} processes, ${conflicting} conflicting requests, ${doubleWins} double wins, ` +
      `${duplicateFileNumbers} duplicate file numbers, ${messages.length} messages each delivered once` +
      ` (${emails.length} emails, ${webhooks.length} webhooks; ${http.fired} requests in all)`,
  );
}, 90_000);
