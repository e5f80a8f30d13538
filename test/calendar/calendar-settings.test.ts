import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { useDemoWorld } from '../helpers/demo.ts';

/**
 * A company's business calendar through HTTP (docs/turn-times.md, "Calendars"): the defaults,
 * a change, and every kind of bad input refused by its field with nothing changed.
 */
const t = useTestApp();
const world = useDemoWorld(t);
const url = () => `/api/v1/companies/${world.demo.company_id}/calendar`;
const send = (method: 'GET' | 'PATCH', key: string, payload?: object) =>
  t.app.inject({ method, url: url(), headers: { 'X-Api-Key': key }, ...(payload ? { payload } : {}) });
const stored = () =>
  t.db.selectFrom('company_calendars').selectAll().where('company_id', '=', world.demo.company_id).execute();

describe("a company's business calendar", () => {
  it('starts as Monday to Friday, 9 to 5 in the deployment zone, closed on federal holidays', async () => {
    const read = await send('GET', world.staff);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      company_id: world.demo.company_id,
      time_zone: t.config.timeZone,
      workdays: [1, 2, 3, 4, 5],
      opens_at: '09:00',
      closes_at: '17:00',
      cutoff: '17:00',
      holiday_states: [],
      closed_dates: [],
      offer_hours: { business_hours_only: false, from: '09:00', to: '23:00' },
    });
    const closures = read.json().upcoming_closures as { date: string; reason: string }[];
    expect(closures.length).toBeGreaterThan(0);
    expect(closures.every(({ date }) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()))).toBe(
      true,
    );
  });

  it('refuses a bad calendar by its field, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
      [{ time_zone: 'CST' }, 'time_zone'],
      [{ opens_at: '18:00' }, 'closes_at'],
      [{ closes_at: '08:00' }, 'closes_at'],
      [{ cutoff: '17:30' }, 'cutoff'],
      [{ cutoff: '08:00' }, 'cutoff'],
      [{ opens_at: '9:00' }, 'opens_at'],
      [{ opens_at: '24:00' }, 'opens_at'],
      [{ workdays: [] }, 'workdays'],
      [{ workdays: [1, 8] }, 'workdays[1]'],
      [{ workdays: [1, 1] }, 'workdays'],
      [{ holiday_states: ['ZZ'] }, 'holiday_states'],
      [{ holiday_states: ['tx'] }, 'holiday_states[0]'],
      [{ closed_dates: ['2026-02-30'] }, 'closed_dates[0]'],
      [{ closed_dates: ['12/24/2026'] }, 'closed_dates[0]'],
      [{ offer_hours: { from: '22:00', to: '21:00' } }, 'offer_hours.to'],
      [{ offer_hours: { business_hours_only: 'sometimes' } }, 'offer_hours.business_hours_only'],
      [{ weekends: true }, 'weekends'],
    ];
    for (const [payload, field] of cases) {
      const refused = await send('PATCH', world.staff, payload);
      expect(refused.statusCode, `${JSON.stringify(payload)}: ${refused.body}`).toBe(422);
      const fields = refused.json().error.details.map((detail: { field: string }) => detail.field);
      expect(fields, JSON.stringify(payload)).toContain(field);
    }
    expect(await stored()).toEqual([]);
    expect((await send('PATCH', world.appraiser, { cutoff: '15:00' })).statusCode).toBe(403);
    expect((await send('PATCH', world.client, { cutoff: '15:00' })).statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('takes a change, keeping what was not sent, and records who made it', async () => {
    const changed = await send('PATCH', world.staff, {
      time_zone: 'America/Chicago',
      cutoff: '16:00',
      holiday_states: ['TX'],
      closed_dates: ['2026-12-31'],
      offer_hours: { business_hours_only: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      time_zone: 'America/Chicago',
      opens_at: '09:00',
      cutoff: '16:00',
      holiday_states: ['TX'],
      closed_dates: ['2026-12-31'],
      offer_hours: { business_hours_only: true, from: '09:00', to: '23:00' },
    });
    const [row] = await stored();
    expect(row).toMatchObject({
      cutoff: '16:00',
      holiday_states: ['TX'],
      updated_by: world.demo.users.staff.id,
    });
    const read = await send('GET', world.staff);
    expect(read.json()).toEqual(changed.json());
  });
});
