import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine } from '../../src/format/icalendar.ts';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { REPORT_PDF, REPORT_XML, sendMultipart } from '../helpers/multipart.ts';
import { placeOrder } from '../helpers/orders.ts';

/**
 * The appraiser's workspace through the API: their work as next steps with their own fee, the
 * private iCalendar feed (RFC 5545, read back by an iCalendar parser), and a submission made of
 * files uploaded one by one beforehand (so that one failed upload is sent again alone).
 */
const t = useTestApp({ PUBLIC_BASE_URL: 'https://app.example.com', TIME_ZONE: 'America/Chicago' });
const world = useDemoWorld(t);
const { step } = world;

const get = (url: string, key?: string) =>
  t.app.inject({ method: 'GET', url, headers: key ? { 'X-Api-Key': key } : {} });
const send = (method: 'POST' | 'DELETE', url: string, key: string) =>
  t.app.inject({ method, url, headers: { 'X-Api-Key': key } });

/** An order offered to the demo appraiser at a fee of 410. */
async function offered() {
  const order = await placeOrder(t.app, t.db, world.demo);
  await step(world.staff, order.id, 'assign', 'Pending assignment', {
    appraiser_id: world.demo.users.appraiser.id,
    fee: '410',
  });
  return order;
}

type Work = { id: string; next_step: string; appraiser_fee: string | null; offer_expires_at: string | null };

describe('my work', () => {
  it('lists the offer with its fee and deadline, then the next step as the order moves', async () => {
    const order = await offered();
    const work = (await get('/api/v1/me/work', world.appraiser)).json<{ data: Work[] }>().data;
    const item = work.find((w) => w.id === order.id)!;
    expect(item).toMatchObject({
      next_step: 'answer_offer',
      appraiser_fee: '410.00',
      fee_status: 'on_completion',
    });
    expect(Date.parse(item.offer_expires_at!)).toBeGreaterThan(Date.now());
    // Only the appraiser's fee: the lender's never appears.
    expect(JSON.stringify(item)).not.toMatch(/total_fee|decimal_balance/);

    await step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
    const after = (await get('/api/v1/me/work', world.appraiser)).json<{ data: Work[] }>().data;
    expect(after.find((w) => w.id === order.id)).toMatchObject({
      next_step: 'schedule',
      offer_expires_at: null,
    });
  });

  it('gives only the orders that need one step of the appraiser, and refuses a step it does not know', async () => {
    const offer = await offered();
    const accepted = await offered();
    await step(world.appraiser, accepted.id, 'accept_assignment', 'Assigned');
    const offers = (await get('/api/v1/me/work?next_step=answer_offer', world.appraiser)).json<{
      data: Work[];
    }>().data;
    expect(offers.map((w) => w.id)).toContain(offer.id);
    expect(offers.map((w) => w.id)).not.toContain(accepted.id);
    expect(offers.every((w) => w.next_step === 'answer_offer')).toBe(true);
    const toSchedule = (await get('/api/v1/me/work?next_step=schedule', world.appraiser)).json<{
      data: Work[];
    }>().data;
    expect(toSchedule.map((w) => w.id)).toEqual(expect.arrayContaining([accepted.id]));
    expect(toSchedule.every((w) => w.next_step === 'schedule')).toBe(true);

    const bad = await get('/api/v1/me/work?next_step=dance', world.appraiser);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ error: { code: expect.any(String) } });
    expect(bad.body).toContain('next_step');
  });

  it('is for appraisers only; without a key, 401', async () => {
    expect((await get('/api/v1/me/work', world.client)).statusCode).toBe(403);
    expect((await get('/api/v1/me/work', world.staff)).statusCode).toBe(403);
    expect((await get('/api/v1/me/work')).statusCode).toBe(401);
  });
});

describe('the calendar feed', () => {
  it('serves the scheduled inspections as RFC 5545 that a parser reads back, at a private address', async () => {
    expect((await get('/api/v1/me/calendar_feed', world.appraiser)).json()).toEqual({
      active: false,
      created_at: null,
    });
    const order = await offered();
    await step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
    await step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: '2037-12-20T10:30:00-06:00',
    });

    const made = await send('POST', '/api/v1/me/calendar_feed', world.appraiser);
    expect(made.statusCode).toBe(201);
    const { url } = made.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/app\.example\.com\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await get('/api/v1/me/calendar_feed', world.appraiser)).json()).toMatchObject({ active: true });

    // No key: calendar apps cannot send one; the address is the credential.
    const feed = await get(new URL(url).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = feed.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const event = events.find((e) => e.uid.includes(order.id))!;
    expect(event.startDate.toJSDate().toISOString()).toBe('2037-12-20T16:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2037-12-20T17:30:00.000Z');
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.summary).toContain(order.file_number);
    expect(event.location).toMatch(/Austin, TX/);
    expect(event.component.getFirstPropertyValue('dtstamp')).toBeTruthy();

    // Rescheduled: the same event (same UID) at the new time.
    await step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: '2037-12-21T08:00:00-06:00',
    });
    const again = new ICAL.Component(ICAL.parse((await get(new URL(url).pathname)).body));
    const moved = again.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(moved.filter((e) => e.uid === event.uid).map((e) => e.startDate.toJSDate().toISOString())).toEqual(
      ['2037-12-21T14:00:00.000Z'],
    );

    // A new address replaces the old one, which stops working; stopping the feed ends both.
    const renewed = (await send('POST', '/api/v1/me/calendar_feed', world.appraiser)).json<{ url: string }>();
    expect((await get(new URL(url).pathname)).statusCode).toBe(404);
    expect((await get(new URL(renewed.url).pathname)).statusCode).toBe(200);
    expect((await send('DELETE', '/api/v1/me/calendar_feed', world.appraiser)).statusCode).toBe(200);
    expect((await get(new URL(renewed.url).pathname)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/v1/me/calendar_feed', world.appraiser)).statusCode).toBe(404);
  });

  it('answers 404 to an address of any other shape, and the feed is the appraisers’', async () => {
    for (const bad of [
      'nothing.ics',
      `${'A'.repeat(43)}.ics`,
      `${'A'.repeat(43)}.txt`,
      `${'A'.repeat(42)}%3B.ics`,
      `${'x'.repeat(120)}.ics`,
    ]) {
      const answer = await get(`/calendar/${bad}`);
      expect([404], `${bad}: ${answer.body}`).toContain(answer.statusCode);
    }
    expect((await send('POST', '/api/v1/me/calendar_feed', world.client)).statusCode).toBe(403);
    expect((await send('POST', '/api/v1/me/calendar_feed', world.staff)).statusCode).toBe(403);
  });

  it('escapes and folds text as RFC 5545 says, never inside a character', () => {
    const long = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    for (const piece of folded.split('\r\n')) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});

describe('a submission of files uploaded one by one', () => {
  async function toInspected() {
    const order = await offered();
    await step(world.appraiser, order.id, 'accept_assignment', 'Assigned');
    await step(world.appraiser, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: '2037-12-01T09:00',
    });
    await step(world.appraiser, order.id, 'complete_inspection', 'Inspection completed');
    return order;
  }
  const upload = async (orderId: string, key: string, file = REPORT_PDF, type = 'appraisal_pdf') =>
    (
      await sendMultipart(t.app, 'POST', `/api/v1/orders/${orderId}/files`, key, [
        ['attachment', file],
        ['file_type', type],
      ])
    ).json<{ id: string }>();
  const submit = (orderId: string, files: object[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${orderId}/request_submission`,
      headers: { 'X-Api-Key': world.appraiser, 'Content-Type': 'application/json' },
      payload: { files },
    });

  it('submits uploaded files by id, with the types they are submitted as', async () => {
    const order = await toInspected();
    const pdf = await upload(order.id, world.appraiser, REPORT_PDF, 'other');
    const xml = await upload(order.id, world.appraiser, REPORT_XML, 'other');
    const answer = await submit(order.id, [
      { file_id: pdf.id, file_type: 'appraisal_pdf' },
      { file_id: xml.id, file_type: 'appraisal_xml' },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const files = (await get(`/api/v1/orders/${order.id}/files`, world.staff)).json<
      { id: string; file_type: { slug: string } }[]
    >();
    expect(files.map((f) => [f.id, f.file_type.slug]).sort()).toEqual(
      [
        [pdf.id, 'appraisal_pdf'],
        [xml.id, 'appraisal_xml'],
      ].sort(),
    );
  });

  it('refuses ids that are not the appraiser’s unsubmitted uploads of this order, and changes nothing', async () => {
    const order = await toInspected();
    const other = await toInspected();
    const theirs = await upload(order.id, world.staff);
    const elsewhere = await upload(other.id, world.appraiser);
    const mine = await upload(order.id, world.appraiser);
    const cases: [object[], string][] = [
      [[{ file_id: theirs.id, file_type: 'appraisal_pdf' }], 'files[0].file_id'],
      [[{ file_id: elsewhere.id, file_type: 'appraisal_pdf' }], 'files[0].file_id'],
      [[{ file_id: 'not-an-id', file_type: 'appraisal_pdf' }], 'files[0].file_id'],
      [[{ file_type: 'appraisal_pdf' }], 'files[0].attachment'],
      // A PDF sent as the report's XML: it cannot be read.
      [[{ file_id: mine.id, file_type: 'appraisal_xml' }], 'files[0].file_id'],
    ];
    for (const [files, field] of cases) {
      const answer = await submit(order.id, files);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const rows = await t.db
      .selectFrom('order_files')
      .select('source')
      .where('order_id', '=', order.id)
      .execute();
    expect(rows.map((r) => r.source).sort()).toEqual(['upload', 'upload']);
    const status = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirst();
    expect(status?.status).toBe('Inspection completed');
  });
});
