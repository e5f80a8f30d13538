import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';
import { orderBody } from '../helpers/orders.ts';

/**
 * Turn times per client and product (docs/turn-times.md, "Turn times"): kept whole, refused by
 * their line, quoted in the company's calendar (Chicago, its 17:00 cut-off, Thanksgiving), and a
 * due date typed on a closed day kept, moved or refused as the company says.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const company = () => `/api/v1/companies/${world.demo.company_id}`;
const send = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object, key = world.staff) =>
  t.app.inject({ method, url, headers: { 'X-Api-Key': key }, ...(payload ? { payload } : {}) });
const products = async () =>
  (
    await t.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('company_id', '=', world.demo.company_id)
      .orderBy('name')
      .execute()
  ).map((row) => row.id);

describe('turn times', () => {
  it('refuses a bad line by its field and keeps nothing', async () => {
    const [product] = await products();
    const line = { client_id: null, product_id: product!, business_days: 5, rush_business_days: 2 };
    const cases: [object[], string][] = [
      [[{ ...line, product_id: '0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21' }], 'entries[0].product_id'],
      [[{ ...line, client_id: world.demo.company_id }], 'entries[0].client_id'],
      [[{ ...line, rush_business_days: 5 }], 'entries[0].rush_business_days'],
      [[line, { ...line, business_days: 7 }], 'entries[1].product_id'],
      [[{ ...line, business_days: 0 }], 'entries[0].business_days'],
      [[{ ...line, business_days: 61 }], 'entries[0].business_days'],
      [[{ ...line, days: 3 }], 'entries[0].days'],
    ];
    for (const [entries, field] of cases) {
      const refused = await send('PUT', `${company()}/turn_times`, { entries });
      expect(refused.statusCode, refused.body).toBe(422);
      const fields = refused.json().error.details.map((detail: { field: string }) => detail.field);
      expect(fields, JSON.stringify(entries)).toContain(field);
    }
    expect(await t.db.selectFrom('turn_times').selectAll().execute()).toEqual([]);
    const appraiser = await send('PUT', `${company()}/turn_times`, { entries: [line] }, world.appraiser);
    expect(appraiser.statusCode).toBe(403);
  });

  it('quotes due dates in business days: the client’s line before the company’s, a rush, the buffer', async () => {
    const [product, other] = await products();
    const entries = [
      { client_id: null, product_id: product!, business_days: 7, rush_business_days: 3 },
      { client_id: world.demo.client_id, product_id: product!, business_days: 5, rush_business_days: 2 },
      { client_id: null, product_id: other!, business_days: 10, rush_business_days: null },
    ];
    const put = await send('PUT', `${company()}/turn_times`, { entries });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().entries).toHaveLength(3);
    expect((await send('GET', `${company()}/turn_times`)).json()).toEqual(put.json());
    const calendar = await send('PATCH', `${company()}/calendar`, {
      time_zone: 'America/Chicago',
      appraiser_buffer_days: 1,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);

    // Thursday 19 November 2026, 10:00 in Chicago.
    const quote = (query: string) =>
      send('GET', `${company()}/turn_times/quote?at=2026-11-19T16:00:00Z&product_id=${product}&${query}`);
    const client = await quote(`client_id=${world.demo.client_id}`);
    expect(client.statusCode, client.body).toBe(200);
    expect(client.json()).toEqual({
      product_id: product,
      client_id: world.demo.client_id,
      rush: false,
      business_days: 5,
      source: 'client',
      counted_from: '2026-11-19',
      due_date: '2026-11-25',
      due_at: '2026-11-25T23:00:00.000Z',
      appraiser_due_date: '2026-11-24',
      appraiser_due_at: '2026-11-24T23:00:00.000Z',
    });
    // The company's 7 days skip Thanksgiving: Thursday 19 to Monday 30.
    expect((await quote('')).json()).toMatchObject({
      source: 'company',
      business_days: 7,
      due_date: '2026-11-30',
    });
    expect((await quote(`client_id=${world.demo.client_id}&variant=rush`)).json()).toMatchObject({
      rush: true,
      business_days: 2,
      due_date: '2026-11-20',
      appraiser_due_date: '2026-11-19',
    });
    const noRush = await send('GET', `${company()}/turn_times/quote?product_id=${other}&variant=rush`);
    expect(noRush.statusCode).toBe(422);
    expect(noRush.json().error.details[0].field).toBe('variant');
    const [, , third] = await products();
    const none = await send('GET', `${company()}/turn_times/quote?product_id=${third}`);
    expect(none.statusCode).toBe(422);
    expect(none.json().error.details[0].field).toBe('product_id');
  });

  it('keeps, moves or refuses a due date typed on a closed day, as the company says', async () => {
    const place = async (due_date: string) =>
      send('POST', '/api/v1/orders', await orderBody(t.db, world.demo, { due_date }), world.client);
    // Friday 25 December 2037, Christmas Day.
    expect((await place('2037-12-25T15:00')).statusCode).toBe(201);
    await send('PATCH', `${company()}/calendar`, {
      closed_day_due_dates: 'refuse',
      time_zone: t.config.timeZone,
    });
    const refused = await place('2037-12-25T15:00');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([
      {
        field: 'due_date',
        message:
          'is 12/25/2037, Christmas Day, a day the company is closed: the next business day is 12/28/2037',
      },
    ]);
    await send('PATCH', `${company()}/calendar`, { closed_day_due_dates: 'move' });
    const moved = await place('2037-12-25T15:00');
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().due_date).toMatch(/^12\/28\/2037/);
    const weekday = await place('2037-12-22T15:00');
    expect(weekday.json().due_date).toMatch(/^12\/22\/2037/);
  });
});
