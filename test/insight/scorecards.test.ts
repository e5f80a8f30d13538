import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDateTime } from '../../src/format/dates.ts';
import { findSelectionOrder } from '../../src/panel/selection.repository.ts';
import { rankForOrder } from '../../src/panel/selection.service.ts';
import { seedDemoAppraiserCredentials } from '../../src/seed/demo-credentials.ts';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey, type UserWithKey } from '../helpers/factories.ts';
import { expectStep, placeOrder, type StepArgs } from '../helpers/orders.ts';
import { atInstant } from '../helpers/fake-clock.ts';

/**
 * Scorecards (docs/turn-times.md, "Scorecards"): the phase clocks an order runs as it moves,
 * walked on a fake clock; a month's scorecards from seeded histories against figures worked out by
 * hand; bad periods; the assignment engine moving when a scorecard changes. The company works in
 * the deployment's zone (UTC in tests), 9 to 5, Monday to Friday: a business day is 480 minutes.
 * March 2027 is after every order of the demo world, so what it counts is what these tests put in;
 * the walk is in November 2027, out of its way.
 */
const t = useTestApp();
let demo: DemoWorld;
let second: UserWithKey;

beforeAll(async () => {
  demo = await seedDemo(t.db);
  second = await createUserWithKey(t.db, 'appraiser', { id: demo.company_id, name: '' });
});

afterEach(() => vi.useRealTimers());

const instant = (moment: string) => parseDateTime(moment, t.config.timeZone)!;

/** Takes an action at a moment of the deployment's zone (YYYY-MM-DDTHH:MM). */
const at = <T>(moment: string, act: () => Promise<T>): Promise<T> => atInstant(instant(moment), act);

const get = (key: string, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { 'X-Api-Key': key } });

describe('phase clocks', () => {
  it('adds the business minutes of each status to its phase, the hold to paused', async () => {
    const staff = demo.users.staff.api_key;
    const appraiser = demo.users.appraiser.api_key;
    const step = (...args: StepArgs) => expectStep(t.app, staff, ...args);
    // Placed on Monday 1 November 2027 at 10:00.
    const order = await at('2027-11-01T10:00', () =>
      placeOrder(t.app, t.db, demo, { due_date: '2027-11-19T17:00' }),
    );
    // Unassigned 10:00–14:00: 240 minutes of assignment.
    await at('2027-11-01T14:00', () =>
      step(staff, order.id, 'assign', 'Pending assignment', { appraiser_id: demo.users.appraiser.id }),
    );
    // Offered until Tuesday 10:00: 14–17 and 9–10, 240 more.
    await at('2027-11-02T10:00', () => step(appraiser, order.id, 'accept_assignment', 'Assigned'));
    // Assigned 10–11: 60 with the appraiser; then on hold until Thursday 11:00: Tuesday 11–17,
    // Wednesday, Thursday 9–11, 960 paused.
    await at('2027-11-02T11:00', () => step(staff, order.id, 'hold', 'On hold', { reason: 'Borrower away' }));
    await at('2027-11-04T11:00', () => step(staff, order.id, 'resume', 'Assigned'));
    // Assigned 11–15 (240), scheduled until Friday 12:00 (17–… : 2 + 3 hours, 300), inspected
    // until Monday 8 November 10:00 (5 + 1 hours, 360): 960 with the appraiser in all.
    await at('2027-11-04T15:00', () =>
      step(appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
        inspection_scheduled_at: '2027-11-05T09:00',
      }),
    );
    await at('2027-11-05T12:00', () =>
      step(appraiser, order.id, 'complete_inspection', 'Inspection completed'),
    );
    await at('2027-11-08T10:00', () => step(appraiser, order.id, 'request_submission', 'In review'));
    // In review 10–16: 360 of review.
    await at('2027-11-08T16:00', () => step(staff, order.id, 'request_completion', 'Completed'));
    const clocks = await t.db
      .selectFrom('orders')
      .select([
        'assignment_minutes',
        'appraiser_minutes',
        'review_minutes',
        'client_minutes',
        'paused_minutes',
        'status_since',
        'first_submitted_at',
      ])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(clocks).toEqual({
      assignment_minutes: 480,
      appraiser_minutes: 960,
      review_minutes: 360,
      client_minutes: 0,
      paused_minutes: 960,
      status_since: instant('2027-11-08T16:00'),
      first_submitted_at: instant('2027-11-08T10:00'),
    });
  });
});

interface Seeded {
  appraiser: string;
  completed: string;
  due: string;
  vendorDue: string | null;
  firstSubmitted: string;
  /** assignment, appraiser, review, client, paused; null: never timed. */
  minutes: [number, number, number, number, number] | null;
  revision?: boolean;
  reconsideration?: boolean;
  /** Findings (fatal + warnings) of each report submitted. */
  reports?: [number, number][];
}

/** An order of the demo client placed through the API, then set by SQL as its history would leave it. */
async function seedCompleted(seeded: Seeded): Promise<string> {
  const order = await placeOrder(t.app, t.db, demo);
  const [assignment, appraiser, review, client, paused] = seeded.minutes ?? [null, null, null, null, null];
  await t.db
    .updateTable('orders')
    .set({
      status: 'Completed',
      appraiser_id: seeded.appraiser,
      completed_at: instant(seeded.completed),
      due_date: instant(seeded.due),
      vendor_due_date: seeded.vendorDue === null ? null : instant(seeded.vendorDue),
      submitted_at: instant(seeded.firstSubmitted),
      first_submitted_at: instant(seeded.firstSubmitted),
      assignment_minutes: assignment,
      appraiser_minutes: appraiser,
      review_minutes: review,
      client_minutes: client,
      paused_minutes: paused,
    })
    .where('id', '=', order.id)
    .execute();
  if (seeded.revision)
    await history(order.id, 'request_revision', demo.users.client.id, {}, seeded.completed);
  if (seeded.reconsideration)
    await sql`
      INSERT INTO reconsiderations (order_id, number, reason, initiated_by, summary, status, reviewed)
      VALUES (${order.id}, 1, 'alternate_closed_sales', 'lender', 'Two closer sales', 'answered', true)`.execute(
      t.db,
    );
  for (const [index, [fatal, warnings]] of (seeded.reports ?? []).entries())
    await sql`
      INSERT INTO report_submissions (order_id, submission_no, format, report, findings, fatal_count, warning_count,
                                      checked_as_of, warnings_acknowledged)
      VALUES (${order.id}, ${index + 1}, 'uad_3.6', '{}', '[]', ${fatal}, ${warnings}, '2027-03-01', true)`.execute(
      t.db,
    );
  return order.id;
}

async function history(
  orderId: string,
  action: string,
  userId: string,
  details: Record<string, unknown>,
  moment: string,
): Promise<void> {
  await sql`
    INSERT INTO order_history (order_id, action, from_status, to_status, user_id, key_owner_id, details, created_at)
    VALUES (${orderId}, ${action}, 'Pending assignment', 'Pending assignment', ${userId}, ${userId},
            ${JSON.stringify(details)}::jsonb, ${instant(moment)})`.execute(t.db);
}

describe('a month of scorecards from seeded histories', () => {
  let first: string;
  beforeAll(async () => {
    first = demo.users.appraiser.id;
    // The demo appraiser: two orders, both reports in by their due date; the second delivered
    // after the client's, sent back once, with two reports checked.
    await seedCompleted({
      appraiser: first,
      completed: '2027-03-10T12:00',
      due: '2027-03-12T17:00',
      vendorDue: '2027-03-11T17:00',
      firstSubmitted: '2027-03-09T12:00',
      minutes: [240, 1920, 480, 0, 960],
      reports: [[0, 2]],
    });
    const late = await seedCompleted({
      appraiser: first,
      completed: '2027-03-20T10:00',
      due: '2027-03-19T17:00',
      vendorDue: null,
      firstSubmitted: '2027-03-18T15:00',
      minutes: [480, 2880, 960, 480, 0],
      revision: true,
      reports: [
        [0, 1],
        [0, 0],
      ],
    });
    // The second appraiser: one order from before the clocks (never timed), their report late,
    // a reconsideration of value asked for.
    await seedCompleted({
      appraiser: second.id,
      completed: '2027-03-25T11:00',
      due: '2027-03-30T17:00',
      vendorDue: '2027-03-23T17:00',
      firstSubmitted: '2027-03-24T10:00',
      minutes: null,
      reconsideration: true,
    });
    // Completed in February: in no March figure.
    await seedCompleted({
      appraiser: first,
      completed: '2027-02-26T12:00',
      due: '2027-02-20T17:00',
      vendorDue: null,
      firstSubmitted: '2027-02-25T12:00',
      minutes: [4800, 4800, 4800, 4800, 4800],
      revision: true,
    });
    // Offers answered in March: the first appraiser accepted two, declined one, let one lapse;
    // the second accepted one. One of February's is outside the month.
    await history(late, 'accept_assignment', first, {}, '2027-03-02T10:00');
    await history(late, 'accept_assignment', first, {}, '2027-03-15T10:00');
    await history(late, 'reject_assignment', first, { appraiser_id: first }, '2027-03-03T10:00');
    await history(late, 'offer_timeout', demo.users.staff.id, { appraiser_id: first }, '2027-03-04T10:00');
    await history(late, 'accept_assignment', second.id, {}, '2027-03-31T23:00');
    await history(late, 'reject_assignment', first, { appraiser_id: first }, '2027-02-27T10:00');
  });

  // Worked out by hand. The demo appraiser: minutes 720, 4800, 1440, 480, 960 over 2 timed
  // orders of 480-minute days: 0.75, 5, 1.5, 0.5 and 1 business days; net 7440 / 960 = 7.75,
  // with the hold 8.75; 4 offers answered; 3 reports with 3 findings.
  const firstFigures = {
    completed: 2,
    on_time: 2,
    on_time_rate: 1,
    timed: 2,
    turn_time: {
      business_days: 7.75,
      with_pauses_business_days: 8.75,
      assignment: 0.75,
      appraiser: 5,
      review: 1.5,
      client: 0.5,
      paused: 1,
    },
    offers: {
      answered: 4,
      accepted: 2,
      declined: 1,
      timed_out: 1,
      acceptance_rate: 0.5,
      decline_rate: 0.25,
      timeout_rate: 0.25,
    },
    revisions: 1,
    revision_rate: 0.5,
    reconsiderations: 0,
    reconsideration_rate: 0,
    reports: 3,
    findings: 3,
    findings_per_report: 1,
  };
  const untimed = {
    business_days: null,
    with_pauses_business_days: null,
    assignment: null,
    appraiser: null,
    review: null,
    client: null,
    paused: null,
  };

  it('matches the figures worked out by hand, per appraiser, per client and in the total', async () => {
    const answer = await get(
      demo.users.staff.api_key,
      `/companies/${demo.company_id}/scorecards?period=2027-03`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const cards = answer.json<{ rows: { id: string }[]; total: Record<string, unknown> }>();
    expect(cards).toMatchObject({
      company_id: demo.company_id,
      of: 'appraisers',
      period: {
        name: '2027-03',
        from: '2027-03-01T00:00:00.000Z',
        to: '2027-04-01T00:00:00.000Z',
        time_zone: t.config.timeZone,
      },
      business_day_minutes: 480,
    });
    const row = (id: string) => cards.rows.find((r) => r.id === id);
    expect(row(first)).toEqual({ id: first, name: 'Avery Appraiser', ...firstFigures });
    expect(row(second.id)).toEqual({
      id: second.id,
      name: expect.stringMatching(/^Appraiser Tester/),
      completed: 1,
      on_time: 0,
      on_time_rate: 0,
      timed: 0,
      turn_time: untimed,
      offers: {
        answered: 1,
        accepted: 1,
        declined: 0,
        timed_out: 0,
        acceptance_rate: 1,
        decline_rate: 0,
        timeout_rate: 0,
      },
      revisions: 0,
      revision_rate: 0,
      reconsiderations: 1,
      reconsideration_rate: 1,
      reports: 0,
      findings: 0,
      findings_per_report: null,
    });
    expect(cards.total).toEqual({
      ...firstFigures,
      completed: 3,
      on_time: 2,
      on_time_rate: 0.667,
      offers: {
        answered: 5,
        accepted: 3,
        declined: 1,
        timed_out: 1,
        acceptance_rate: 0.6,
        decline_rate: 0.2,
        timeout_rate: 0.2,
      },
      revision_rate: 0.333,
      reconsiderations: 1,
      reconsideration_rate: 0.333,
    });

    // The client: delivered by its due date twice of three (the second was late); no offers.
    const clients = (
      await get(
        demo.users.staff.api_key,
        `/companies/${demo.company_id}/scorecards?of=clients&period=2027-03`,
      )
    ).json();
    expect(clients.rows.find((r: { id: string }) => r.id === demo.client_id)).toEqual({
      id: demo.client_id,
      name: expect.any(String),
      ...cards.total,
      on_time: 2,
      on_time_rate: 0.667,
      offers: null,
    });
  });

  it('gives the month as a CSV file, and the appraiser their own scorecard', async () => {
    const csv = await get(
      demo.users.staff.api_key,
      `/companies/${demo.company_id}/scorecards/export?period=2027-03`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="scorecards-appraisers-2027-03.csv"',
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toMatch(/^id,name,completed,on_time,on_time_rate,timed,turn_business_days,/);
    expect(lines).toContain(
      `${first},Avery Appraiser,2,2,1,2,7.75,8.75,0.75,5,1.5,0.5,1,4,2,1,1,0.5,0.25,0.25,1,0.5,0,0,3,3,1`,
    );
    expect(lines.at(-2)).toBe(
      ',Total,3,2,0.667,2,7.75,8.75,0.75,5,1.5,0.5,1,5,3,1,1,0.6,0.2,0.2,1,0.333,1,0.333,3,3,1',
    );

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant('2027-04-05T12:00'));
    const own = await get(demo.users.appraiser.api_key, `/appraisers/${first}/scorecard`);
    vi.useRealTimers();
    expect(own.statusCode, own.body).toBe(200);
    const mine = own.json();
    expect(mine.appraiser).toEqual({ id: first, name: 'Avery Appraiser' });
    expect(mine.months.map((m: { period: { name: string } }) => m.period.name)).toEqual([
      '2027-04',
      '2027-03',
      '2027-02',
      '2027-01',
      '2026-12',
      '2026-11',
    ]);
    expect(mine.months[1]).toEqual({ period: expect.objectContaining({ name: '2027-03' }), ...firstFigures });
    expect(mine.months[2]).toMatchObject({ completed: 1, on_time: 0, revisions: 1 });
    // The 90 days up to 5 April: March's and February's orders.
    expect(mine.rolling_90_days).toMatchObject({ period: { name: 'rolling_90_days' }, completed: 3 });
  });

  it('answers 422 naming the period or whose, 404 for another company or appraiser', async () => {
    for (const query of ['period=2027-13', 'period=March', 'period=rolling_30_days', 'of=lenders']) {
      const answer = await get(demo.users.staff.api_key, `/companies/${demo.company_id}/scorecards?${query}`);
      expect(answer.statusCode, query).toBe(422);
      expect(JSON.stringify(answer.json()), query).toContain(`"field":"${query.split('=')[0]}"`);
    }
    const other = await seedDemo(t.db);
    expect(
      (await get(other.users.staff.api_key, `/companies/${demo.company_id}/scorecards`)).statusCode,
    ).toBe(404);
    expect((await get(other.users.staff.api_key, `/appraisers/${first}/scorecard`)).statusCode).toBe(404);
    expect((await get(second.key, `/appraisers/${first}/scorecard`)).statusCode).toBe(404);
    expect((await get(demo.users.client.api_key, `/appraisers/${first}/scorecard`)).statusCode).toBe(403);
  });
});

describe('the engine reads the scorecards', () => {
  it('moves an appraiser in the ranking as their scorecard changes', async () => {
    const world = await seedDemo(t.db);
    const make = async () => {
      const appraiser = await createUserWithKey(t.db, 'appraiser', { id: world.company_id, name: '' });
      await seedDemoAppraiserCredentials(t.db, appraiser.id, world.users.staff.id, new Date());
      return appraiser;
    };
    const quick = await make();
    const slow = await make();
    const order = await placeOrder(t.app, t.db, world);
    const ranking = async () => {
      const selection = await findSelectionOrder(t.db, order.id);
      const ranked = await rankForOrder(t.db, selection!, {
        now: new Date(),
        timeZone: t.config.timeZone,
        licensedInState: true,
      });
      const positions = ranked.ranked.filter((c) => c.eligible).map((c) => c.appraiser_id);
      return { quick: positions.indexOf(quick.id), slow: positions.indexOf(slow.id), ranked: ranked.ranked };
    };
    const completedFor = async (
      appraiserId: string,
      appraiserDays: number,
      late: boolean,
      revised: boolean,
    ) => {
      const done = await placeOrder(t.app, t.db, world);
      const now = Date.now();
      await t.db
        .updateTable('orders')
        .set({
          status: 'Completed',
          appraiser_id: appraiserId,
          completed_at: new Date(now - 86_400_000),
          first_submitted_at: new Date(now - 2 * 86_400_000),
          due_date: new Date(now + (late ? -3 : 3) * 86_400_000),
          vendor_due_date: null,
          appraiser_minutes: appraiserDays * 480,
        })
        .where('id', '=', done.id)
        .execute();
      if (revised)
        await t.db.updateTable('orders').set({ revised: true }).where('id', '=', done.id).execute();
    };
    const pointsOf = (ranked: Awaited<ReturnType<typeof ranking>>['ranked'], id: string) =>
      ranked.find((c) => c.appraiser_id === id)!.points!;

    // A slow, late report sent back: below a newcomer's halves on turn time, on time and quality.
    await completedFor(slow.id, 9, true, true);
    const before = await ranking();
    expect(before.quick).toBeLessThan(before.slow);
    expect(pointsOf(before.ranked, slow.id)).toMatchObject({ turn_time: 2, on_time: 0, quality: 0 });
    expect(pointsOf(before.ranked, quick.id)).toMatchObject({ turn_time: 10, on_time: 10, quality: 10 });

    // The other's scorecard turns worse still, and slow's better: the ranking turns round.
    await completedFor(quick.id, 10, true, true);
    await completedFor(slow.id, 1, false, false);
    await completedFor(slow.id, 1, false, false);
    await completedFor(slow.id, 1, false, false);
    const after = await ranking();
    expect(after.slow).toBeLessThan(after.quick);
    // slow: (9 + 1 + 1 + 1) / 4 = 3 business days → 0.7 × 20 = 14; 3 of 4 on time → 15; 1 of 4 sent back → 15.
    expect(pointsOf(after.ranked, slow.id)).toMatchObject({ turn_time: 14, on_time: 15, quality: 15 });
    expect(pointsOf(after.ranked, quick.id)).toMatchObject({ turn_time: 0, on_time: 0, quality: 0 });
  });
});
