import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestDatabase } from '../helpers/database.ts';
import { orderBody } from '../helpers/orders.ts';
import type { ServerProcess } from '../helpers/processes.ts';
import {
  HttpClient,
  halfChangedOrders,
  killAll,
  outboxIdOf,
  sleep,
  startService,
  waitUntilDrained,
  waitForOrphanedStatements,
  type Service,
} from '../helpers/reliability.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/**
 * A real service process under load over HTTP (orders created, notes with additional_emails,
 * workflow actions) is SIGKILLed while requests are in flight, then started again on the same
 * database, several times. After each restart: everything the service answered 2xx for is in
 * the database, no order is half-changed, and every outbox message committed before the kill
 * is delivered (emails to a real SMTP server, at least once; redeliveries are counted).
 */
const t = useTestDatabase();
let demo: DemoWorld;
let smtp: TestSmtpServer;
let dataDir: string;
let baseOrder: Record<string, unknown>;
const running: ServerProcess[] = [];

const KILLS = 3;
const LOOPS = { create: 2, note: 2, act: 3 };
const MAX_REQUESTS_PER_LOOP = 400;
/** Notes are paced so that the emails waiting at each kill stay a few dozen. */
const NOTE_PAUSE_MS = 25;
/** Each cycle runs until it fired this many requests (and a random 0.8–1.4 s passed), at most MAX_LOAD_MS. */
const MIN_REQUESTS_PER_CYCLE = 150;
const MAX_LOAD_MS = 5_000;
/** The outbox fails the test only when it delivered nothing for this long. */
const STALL_MS = 30_000;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  smtp = await startSmtpServer();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'aoms-reliability-crash-'));
  baseOrder = await orderBody(t.db, demo);
});
afterAll(async () => {
  await killAll(running);
  await smtp?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const start = () =>
  startService(
    {
      DATABASE_URL: t.url,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      OUTBOX_POLL_INTERVAL_MS: '50',
      OUTBOX_RETRY_BASE_MS: '200',
      DATABASE_POOL_SIZE: '8',
    },
    running,
  );

/** The messages left, first few in full, and what the service last logged: why they wait. */
function stuck(left: unknown[], service: Service): string {
  return `${JSON.stringify(left.slice(0, 5))}\nservice output:\n${service.server.output().slice(-3000)}`;
}

/** What the service answered 2xx for: each must be in the database after any crash. */
interface Ledger {
  orders: { id: string; file_number: string; loan_number: string }[];
  notes: { id: string; order_id: string; subject: string }[];
  actions: { order_id: string; action: string; to: string }[];
  /** Answers that are neither 2xx nor a request cut off by the kill. */
  unexpected: string[];
  /** Requests cut off by a kill (no complete answer): their outcome is unknown. */
  cutOff: number;
}

/** An order being moved along the workflow by one actor loop at a time. */
interface Work {
  id: string;
  status: string;
  held: boolean;
  /** The last request on it got no answer: read its status again before acting. */
  stale: boolean;
}

interface Step {
  key: string;
  action: string;
  body?: Record<string, unknown>;
}

function nextStep(work: Work): Step | null {
  const staff = demo.users.staff.api_key;
  const appraiser = demo.users.appraiser.api_key;
  switch (work.status) {
    case 'Unassigned':
      return { key: staff, action: 'assign', body: { appraiser_id: demo.users.appraiser.id, fee: '300.00' } };
    case 'Pending assignment':
      return { key: appraiser, action: 'accept_assignment' };
    case 'Assigned':
      return {
        key: appraiser,
        action: 'schedule_inspection',
        body: { inspection_scheduled_at: '2037-12-20T10:00:00-06:00' },
      };
    case 'Inspection scheduled':
      return work.held
        ? { key: appraiser, action: 'complete_inspection' }
        : { key: staff, action: 'hold', body: { reason: 'Borrower travelling' } };
    case 'On hold':
      return { key: staff, action: 'resume' };
    default:
      return null; // Inspection completed: this order is done.
  }
}

/** Runs the load loops against one process until it dies (or the loops' bounds are reached). */
function runLoad(service: Service, http: HttpClient, ledger: Ledger, cycle: number, queue: Work[]) {
  let halted = false;
  const deadline = Date.now() + 10_000;
  const api = service.api;
  const going = (i: number) => !halted && i < MAX_REQUESTS_PER_LOOP && Date.now() < deadline;
  const orderIds = () => ledger.orders.map((o) => o.id);
  const unexpected = (what: string, answer: { status: number; body: unknown }) =>
    ledger.unexpected.push(`cycle ${cycle} ${what}: ${answer.status} ${JSON.stringify(answer.body)}`);

  const creator = async (loop: number) => {
    for (let i = 0; going(i); i++) {
      const loanNumber = `crash-${cycle}-${loop}-${i}`;
      const key = i % 2 === 0 ? demo.users.client.api_key : demo.users.staff.api_key;
      const answer = await http.request(`${api}/orders`, key, 'POST', {
        ...baseOrder,
        loan_number: loanNumber,
      });
      if (answer.status === 0) return void ledger.cutOff++;
      if (answer.status !== 201) {
        unexpected(`create ${loanNumber}`, answer);
        continue;
      }
      ledger.orders.push({
        id: answer.body.id,
        file_number: answer.body.file_number,
        loan_number: loanNumber,
      });
      queue.push({ id: answer.body.id, status: answer.body.status.name, held: false, stale: false });
    }
  };

  const noter = async (loop: number) => {
    for (let i = 0; going(i);) {
      const ids = orderIds();
      if (ids.length === 0) {
        await sleep(10);
        continue;
      }
      i++;
      const orderId = ids[Math.floor(Math.random() * ids.length)]!;
      const subject = `note-${cycle}-${loop}-${i}`;
      const answer = await http.request(`${api}/orders/${orderId}/notes`, demo.users.client.api_key, 'POST', {
        content: `<p>Crash test note <b>${subject}</b></p>`,
        subject,
        additional_emails: [`watcher+${subject}@example.com`],
      });
      if (answer.status === 0) return void ledger.cutOff++;
      if (answer.status !== 201) {
        unexpected(`note ${subject}`, answer);
        continue;
      }
      ledger.notes.push({ id: answer.body.id, order_id: orderId, subject });
      await sleep(NOTE_PAUSE_MS);
    }
  };

  const actor = async () => {
    for (let i = 0; going(i);) {
      const work = queue.shift();
      if (!work) {
        await sleep(10);
        continue;
      }
      i++;
      if (work.stale) {
        const read = await http.request(`${api}/orders/${work.id}`, demo.users.staff.api_key, 'GET');
        if (read.status === 0) {
          queue.push(work);
          return void ledger.cutOff++;
        }
        if (read.status !== 200) {
          unexpected(`read ${work.id}`, read);
          continue;
        }
        work.status = read.body.status.name;
        work.stale = false;
        queue.push(work);
        continue;
      }
      const step = nextStep(work);
      if (!step) continue;
      const answer = await http.request(
        `${api}/orders/${work.id}/${step.action}`,
        step.key,
        'PUT',
        step.body ?? undefined,
      );
      if (answer.status === 0) {
        work.stale = true;
        queue.push(work);
        return void ledger.cutOff++;
      }
      if (answer.status !== 200) {
        unexpected(`${step.action} ${work.id} (${work.status})`, answer);
        work.stale = true;
        queue.push(work);
        continue;
      }
      ledger.actions.push({ order_id: work.id, action: step.action, to: answer.body.status.name });
      work.status = answer.body.status.name;
      if (step.action === 'hold') work.held = true;
      queue.push(work);
    }
  };

  const loops = [
    ...Array.from({ length: LOOPS.create }, (_, i) => creator(i)),
    ...Array.from({ length: LOOPS.note }, (_, i) => noter(i)),
    ...Array.from({ length: LOOPS.act }, () => actor()),
  ];
  return {
    halt: () => (halted = true),
    done: Promise.all(loops),
  };
}

/** Every 2xx of the ledger that is not in the database. */
async function lostWrites(ledger: Ledger): Promise<string[]> {
  const lost: string[] = [];
  const orders = new Map(
    (await t.db.selectFrom('orders').select(['id', 'file_number', 'loan_number']).execute()).map((o) => [
      o.id,
      o,
    ]),
  );
  for (const order of ledger.orders) {
    const row = orders.get(order.id);
    if (!row || row.file_number !== order.file_number || row.loan_number !== order.loan_number)
      lost.push(`order ${order.loan_number} ${order.id}`);
  }
  const notes = new Map(
    (await t.db.selectFrom('notes').select(['id', 'order_id', 'subject']).execute()).map((n) => [n.id, n]),
  );
  for (const note of ledger.notes) {
    const row = notes.get(note.id);
    if (!row || row.order_id !== note.order_id || row.subject !== note.subject)
      lost.push(`note ${note.subject}`);
  }
  const history = await t.db
    .selectFrom('order_history')
    .select(['order_id', 'action', 'to_status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy(['order_id', 'action', 'to_status'])
    .execute();
  const recorded = new Map(history.map((h) => [`${h.order_id} ${h.action} ${h.to_status}`, Number(h.n)]));
  const answered = new Map<string, number>();
  for (const a of ledger.actions) {
    const k = `${a.order_id} ${a.action} ${a.to}`;
    answered.set(k, (answered.get(k) ?? 0) + 1);
  }
  for (const [k, n] of answered) {
    if ((recorded.get(k) ?? 0) < n)
      lost.push(`action ${k}: answered 200 ${n}×, recorded ${recorded.get(k) ?? 0}×`);
  }
  return lost;
}

/**
 * Notes and their emails are written together: each note (answered or not) has exactly one
 * email in the outbox, and each email belongs to a note.
 */
async function notesWithoutTheirEmail(): Promise<string[]> {
  const notes = await t.db.selectFrom('notes').select(['id', 'subject']).execute();
  const emails = await sql<{ subject: string }>`
    SELECT payload->>'subject' AS subject FROM outbox_messages WHERE kind = 'email'`.execute(t.db);
  const perNote = new Map<string, number>();
  for (const { subject } of emails.rows) {
    // Status notices' emails come from the notices the actions raised (outbox kind notice),
    // whose delivery is checked with every other committed message.
    const tag = /: (note-\d+-\d+-\d+)$/.exec(subject)?.[1];
    if (tag) perNote.set(tag, (perNote.get(tag) ?? 0) + 1);
  }
  const problems = notes
    .filter((n) => perNote.get(n.subject ?? '') !== 1)
    .map((n) => `note ${n.subject}: ${perNote.get(n.subject ?? '') ?? 0} emails`);
  const subjects = new Set(notes.map((n) => n.subject));
  for (const tag of perNote.keys()) if (!subjects.has(tag)) problems.push(`email ${tag} without its note`);
  return problems;
}

it('loses no answered write and leaves nothing half-changed when killed under load, and delivers every committed email', async () => {
  const ledger: Ledger = { orders: [], notes: [], actions: [], unexpected: [], cutOff: 0 };
  const http = new HttpClient();
  const queue: Work[] = [];
  let inFlightAtKills = 0;
  let strandedLeases = 0;
  let service = await start();

  for (let kill = 1; kill <= KILLS; kill++) {
    for (const work of queue) work.stale = true;
    const firedBefore = http.fired;
    const loadStart = Date.now();
    const load = runLoad(service, http, ledger, kill, queue);
    // Kill at a random moment once the cycle has fired enough requests (bounded in time, for a
    // slow or busy machine).
    const killAfterMs = 800 + Math.random() * 600;
    while (
      Date.now() - loadStart < MAX_LOAD_MS &&
      (Date.now() - loadStart < killAfterMs || http.fired - firedBefore < MIN_REQUESTS_PER_CYCLE)
    )
      await sleep(5);
    // Kill while requests are in flight (with seven loops there nearly always are).
    const until = Date.now() + 1000;
    while (http.inFlight === 0 && Date.now() < until) await sleep(1);
    expect(http.inFlight, 'requests in flight at the kill').toBeGreaterThan(0);
    inFlightAtKills += http.inFlight;
    service.server.child.kill('SIGKILL');
    await service.server.exited;
    load.halt();
    await load.done;
    await waitForOrphanedStatements(t.db);

    // What committed before the kill: every one of these messages must be delivered after it.
    const committed = await t.db.selectFrom('outbox_messages').select(['id', 'kind', 'status']).execute();
    // The killed worker's leases would expire after 60 s; move its clock on rather than wait.
    const stranded = await t.db
      .updateTable('outbox_messages')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('status', '=', 'pending')
      .where('locked_until', '>', sql<Date>`now()`)
      .returning('id')
      .execute();
    strandedLeases += stranded.length;

    service = await start();

    expect(await lostWrites(ledger), `kill ${kill}: answered 2xx but not in the database`).toEqual([]);
    expect(await halfChangedOrders(t.db), `kill ${kill}: half-changed orders`).toEqual([]);
    expect(await notesWithoutTheirEmail(), `kill ${kill}: notes and emails out of step`).toEqual([]);

    const received = () => new Set(smtp.messages.map((m) => outboxIdOf(m.messageId)));
    const undelivered = async () => {
      if (committed.length === 0) return [];
      const rows = await t.db
        .selectFrom('outbox_messages')
        .select(['id', 'kind', 'status', 'attempts', 'last_error'])
        .where(
          'id',
          'in',
          committed.map((c) => c.id),
        )
        .execute();
      const got = received();
      return rows.filter((r) => r.status !== 'delivered' || (r.kind === 'email' && !got.has(r.id)));
    };
    // A backlog of a few hundred messages, delivered one at a time over SMTP, can take tens of
    // seconds while the rest of the suite loads the machine: the bound is on progress.
    await waitUntilDrained(
      undelivered,
      STALL_MS,
      (left) => `kill ${kill}: not delivered after the restart: ${stuck(left, service)}`,
    );
  }

  expect(ledger.unexpected, 'answers other than 2xx from a live process').toEqual([]);
  // Notices delivered after the last restart fan out into new emails: let the worker send them.
  const pendingNow = () =>
    t.db
      .selectFrom('outbox_messages')
      .select(['id', 'kind', 'status', 'attempts', 'last_error', 'next_attempt_at', 'locked_until'])
      .where('status', '=', 'pending')
      .execute();
  await waitUntilDrained(pendingNow, STALL_MS, (left) => `still pending at the end: ${stuck(left, service)}`);
  // A graceful stop of the last process still works after all this.
  service.server.child.kill('SIGTERM');
  expect(await service.server.exited).toBe(0);

  // Every email in the outbox reached the SMTP server: once, or more when a kill came between
  // the send and the marking as delivered (at least once; the Message-ID shows the repeat).
  const emails = await t.db
    .selectFrom('outbox_messages')
    .select(['id', 'status'])
    .where('kind', '=', 'email')
    .execute();
  const perMessage = new Map<string, number>();
  for (const m of smtp.messages) {
    const id = outboxIdOf(m.messageId);
    expect(id, `Message-ID ${m.messageId}`).not.toBeNull();
    perMessage.set(id!, (perMessage.get(id!) ?? 0) + 1);
  }
  expect(emails.filter((e) => e.status !== 'delivered' || !perMessage.has(e.id))).toEqual([]);
  expect([...perMessage.keys()].filter((id) => !emails.some((e) => e.id === id))).toEqual([]);
  const subjects = new Set(smtp.messages.map((m) => /: (note-\d+-\d+-\d+)$/.exec(m.subject ?? '')?.[1]));
  expect(ledger.notes.filter((n) => !subjects.has(n.subject)).map((n) => n.subject)).toEqual([]);
  const redelivered = smtp.messages.length - perMessage.size;

  const finalLost = await lostWrites(ledger);
  const finalHalf = await halfChangedOrders(t.db);
  expect(finalLost).toEqual([]);
  expect(finalHalf).toEqual([]);
  expect(ledger.orders.length).toBeGreaterThan(0);
  expect(ledger.notes.length).toBeGreaterThan(0);
  expect(ledger.actions.length).toBeGreaterThan(0);

  console.log(
    `crash: ${http.fired} requests fired, ${KILLS} kills survived, ${finalLost.length} lost, ${finalHalf.length} half-changed` +
      ` (2xx: ${ledger.orders.length} orders, ${ledger.notes.length} notes, ${ledger.actions.length} actions;` +
      ` ${inFlightAtKills} in flight at the kills, ${ledger.cutOff} cut off;` +
      ` ${emails.length} emails delivered (notes and status notices), ${redelivered} redelivered after a kill, ${strandedLeases} stranded leases)`,
  );
}, 240_000);
