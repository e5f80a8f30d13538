import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MILESTONE_IDS } from '../../src/calendar/milestones.ts';
import { EVENTS } from '../../src/events/event-types.ts';
import { parseDateTime } from '../../src/format/dates.ts';
import { WorkflowTimers } from '../../src/orders/order.timers.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { placeOrder } from '../helpers/orders.ts';
import { emailWorker, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import type { OutboxWorker } from '../../src/outbox/worker.ts';
import { atInstant } from '../helpers/fake-clock.ts';

/**
 * Milestone notices (docs/turn-times.md, "Notices"): the timers tell of a running milestone when
 * it is at risk, when it is late and a business day after, each once, on a fake clock; the
 * company works in the deployment's zone (UTC in tests), 9 to 5.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const { step } = world;

afterEach(() => vi.useRealTimers());

const instant = (moment: string) => parseDateTime(moment, t.config.timeZone)!;

const at = <T>(moment: string, act: () => Promise<T>): Promise<T> => atInstant(instant(moment), act);

const runTimers = (moment: string) => at(moment, () => new WorkflowTimers(t.db, t.config).runOnce());

/** What the order's milestone notices left: history entries, events and the notices for email. */
async function told(orderId: string) {
  const history = await t.db
    .selectFrom('order_history')
    .select(['action', 'audience', 'details'])
    .where('order_id', '=', orderId)
    .where('action', 'like', 'milestone_%')
    .orderBy('created_at')
    .execute();
  const events = await t.db
    .selectFrom('events')
    .select(['data', 'audience'])
    .where('order_id', '=', orderId)
    .where('type', '=', 'order.milestone_alert')
    .orderBy('created_at')
    .execute();
  const { rows: notices } = await sql<{ kind: string; stage: string }>`
    SELECT payload->>'kind' AS kind, payload->'details'->>'stage' AS stage FROM outbox_messages
     WHERE kind = 'notice' AND payload->>'order_id' = ${orderId} AND payload->>'kind' LIKE 'milestone_%'
     ORDER BY created_at, payload->>'kind'`.execute(t.db);
  return {
    history: history.map((entry) => `${entry.action}:${entry.audience}`),
    events: events.map((event) => `${event.data.stage as string}:${event.audience}`),
    notices: notices.map((notice) => `${notice.kind}:${notice.stage}`),
  };
}

describe('milestone notices', () => {
  it('tells of the first contact at risk, late and overdue, once each, then again for the next milestone', async () => {
    const order = await placeOrder(t.app, t.db, world.demo, { due_date: '2037-12-15T17:00' });
    const { staff, appraiser } = world;
    // Accepted on Friday 20 November 2026 at 15:00: first contact within 8 business hours, at
    // risk after 6 (Monday 13:00), late at 15:00, overdue a business day later (Tuesday 15:00).
    await at('2026-11-20T14:00', () =>
      step(staff, order.id, 'assign', 'Pending assignment', { appraiser_id: world.demo.users.appraiser.id }),
    );
    await at('2026-11-20T15:00', () => step(appraiser, order.id, 'accept_assignment', 'Assigned'));
    await t.db.updateTable('orders').set({ offer_expires_at: null }).where('id', '=', order.id).execute();

    await runTimers('2026-11-23T12:59');
    expect(await told(order.id)).toEqual({ history: [], events: [], notices: [] });

    await runTimers('2026-11-23T13:30');
    await runTimers('2026-11-23T14:00');
    expect(await told(order.id)).toEqual({
      history: ['milestone_at_risk:appraiser'],
      events: ['at_risk:appraiser'],
      notices: ['milestone_reminder:at_risk'],
    });

    await runTimers('2026-11-23T15:30');
    await runTimers('2026-11-24T15:30');
    await runTimers('2026-11-25T15:30');
    expect(await told(order.id)).toEqual({
      history: ['milestone_at_risk:appraiser', 'milestone_late:appraiser', 'milestone_overdue:appraiser'],
      events: ['at_risk:appraiser', 'late:appraiser', 'overdue:appraiser'],
      notices: [
        'milestone_reminder:at_risk',
        'milestone_late:late',
        'milestone_reminder:late',
        'milestone_late:overdue',
      ],
    });
    const entry = await t.db
      .selectFrom('order_history')
      .select(['details', 'from_status', 'to_status'])
      .where('order_id', '=', order.id)
      .where('action', '=', 'milestone_late')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      from_status: 'Assigned',
      to_status: 'Assigned',
      details: {
        milestone: 'inspection_scheduled',
        milestone_name: 'First contact: inspection scheduled',
        stage: 'late',
        started_at: instant('2026-11-20T15:00').toISOString(),
        due_at: instant('2026-11-23T15:00').toISOString(),
      },
    });

    // Scheduled on Wednesday: the inspection's milestone (24 business hours, at risk after 18)
    // starts its own notices; found first when already late, it is told late only.
    await at('2026-11-25T16:00', () =>
      step(appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
        inspection_scheduled_at: '2026-11-30T10:00',
      }),
    );
    const milestone = await t.db
      .selectFrom('orders')
      .select(['milestone', 'milestone_notice_at', 'milestone_noticed'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    // 16:00–17:00 on Wednesday, Thanksgiving closed, Friday, Monday, and Tuesday 9:00 + 1 h:
    // at risk on Tuesday 1 December at 10:00, due at 16:00, overdue on Wednesday at 16:00.
    expect(milestone).toEqual({
      milestone: 'inspection_completed',
      milestone_notice_at: instant('2026-12-01T10:00'),
      milestone_noticed: null,
    });
    await runTimers('2026-12-02T12:00');
    expect((await told(order.id)).history.slice(3)).toEqual(['milestone_late:appraiser']);
  });

  it("tells the company alone of its own milestones, and names every milestone in the event's schema", async () => {
    const order = await world.toInReview({ due_date: '2037-12-15T17:00' });
    // In review: the company's review (8 business hours); made due now.
    await t.db
      .updateTable('orders')
      .set({
        milestone_at_risk_at: new Date(Date.now() - 7_200_000),
        milestone_due_at: new Date(Date.now() - 3_600_000),
        milestone_notice_at: new Date(Date.now() - 7_200_000),
      })
      .where('id', '=', order.id)
      .execute();
    await new WorkflowTimers(t.db, t.config).runOnce();
    expect(await told(order.id)).toEqual({
      history: ['milestone_late:internal'],
      events: ['late:internal'],
      notices: ['milestone_late:late'],
    });
    expect(EVENTS['order.milestone_alert'].data.properties.milestone.enum).toEqual([...MILESTONE_IDS]);
  });

  it('emails the appraiser and the coordinator over SMTP, with the milestone and when it was due', async () => {
    const order = await world.toInspected({ due_date: '2037-12-15T17:00' });
    // The report's milestone, made due an hour ago.
    await t.db
      .updateTable('orders')
      .set({
        milestone_due_at: new Date('2026-11-24T15:00:00Z'),
        milestone_at_risk_at: new Date('2026-11-24T11:00:00Z'),
        milestone_notice_at: new Date('2026-11-24T11:00:00Z'),
      })
      .where('id', '=', order.id)
      .execute();
    await runTimers('2026-11-24T16:00');
    for (let i = 0; i < 5; i++) await worker.runOnce();
    const mails = smtp.messages.filter(
      (mail) =>
        mail.subject?.includes(order.file_number) && /^(Late|Still late|Due soon):/.test(mail.subject),
    );
    const subjects = mails.map(
      (mail) => `${(Array.isArray(mail.to) ? mail.to[0] : mail.to)!.text}: ${mail.subject}`,
    );
    expect(subjects.sort()).toEqual(
      [
        `${world.demo.users.appraiser.email}: Late: report submitted after the inspection on order ${order.file_number}`,
        `${world.demo.users.staff.email}: Late: report submitted after the inspection on order ${order.file_number}`,
      ].sort(),
    );
    const toAppraiser = mails.find((mail) => mail.text?.includes('Open the order to take the next step'))!;
    expect(toAppraiser.text).toContain('was due at 11/24/2026 3:00 PM UTC and is late.');
    expect(toAppraiser.text).not.toMatch(/\$\d/);
  });
});

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
