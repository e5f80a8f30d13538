import { describe, expect, it } from 'vitest';
import { BusinessCalendar, type CalendarSettings } from '../../src/calendar/business-calendar.ts';
import { holidaysOf } from '../../src/calendar/holidays.ts';

/**
 * Business days and hours in 2026 (docs/turn-times.md, "Calendars"): a company in Chicago that
 * works Monday to Friday, 9:00 to 17:00, with a 17:00 cut-off; instants are given in UTC so that
 * the zone does the work (Chicago is UTC−6 in winter, UTC−5 from 8 March to 1 November 2026).
 */
const CHICAGO: CalendarSettings = {
  time_zone: 'America/Chicago',
  workdays: [1, 2, 3, 4, 5],
  opens_at: '09:00',
  closes_at: '17:00',
  cutoff: '17:00',
  holiday_states: [],
  closed_dates: [],
};
const calendar = new BusinessCalendar(CHICAGO);
const utc = (text: string) => new Date(`${text}Z`);
/** Offers run from 9:00 to 23:00 in the subject's zone (the overnight pause of the field). */
const OFFER_HOURS = { from: '09:00', to: '23:00' };

describe('holidays', () => {
  it('closes on the federal holidays and their observed days, and on the chosen states’ own', () => {
    const federal = holidaysOf(2026, []);
    expect(federal.get('2026-07-03')).toBe('Independence Day (substitute day)');
    expect(federal.get('2026-11-26')).toBe('Thanksgiving Day');
    expect(federal.has('2026-11-27')).toBe(false);
    expect(calendar.isOpen('2026-07-03')).toBe(false);
    expect(calendar.closedBecause('2026-07-03')).toBe('Independence Day (substitute day)');
    expect(calendar.closedBecause('2026-11-28')).toBe('not a workday');
    expect(calendar.isOpen('2026-11-27')).toBe(true);
    const texas = new BusinessCalendar({ ...CHICAGO, holiday_states: ['TX'] });
    expect(texas.closedBecause('2026-11-27')).toBe('Day after Thanksgiving');
    const closure = new BusinessCalendar({ ...CHICAGO, closed_dates: ['2026-12-24'] });
    expect(closure.closedBecause('2026-12-24')).toBe("the company's closure");
  });
});

describe('due days in business days', () => {
  it.each([
    ['5 days awarded on a Thursday morning: due Wednesday', '2026-11-19T16:00', 5, '2026-11-25'],
    [
      'the day it arrives counts when it is before the cut-off (16:59 local)',
      '2026-11-19T22:59',
      1,
      '2026-11-19',
    ],
    ['after the 17:00 cut-off it counts from the next business day', '2026-11-19T23:30', 1, '2026-11-20'],
    ['after the cut-off, 5 days skip Thanksgiving', '2026-11-19T23:30', 5, '2026-11-27'],
    ['the observed Independence Day is skipped', '2026-07-01T14:00', 3, '2026-07-06'],
    ['work arriving on a Saturday counts from Monday', '2026-03-07T15:00', 2, '2026-03-10'],
    ['on the day daylight saving time begins, Sunday 8 March', '2026-03-08T15:00', 1, '2026-03-09'],
    ['across the end of daylight saving time, 1 November', '2026-10-30T21:00', 2, '2026-11-02'],
    ['a holiday morning counts from the next business day (Labor Day)', '2026-09-07T15:00', 1, '2026-09-08'],
  ])('%s', (_case, arrives, days, due) => {
    expect(calendar.dueDay(utc(arrives), days)).toBe(due);
  });

  it('reads the cut-off in the company’s zone, not UTC: 17:30 in Chicago is 23:30 UTC, the same day', () => {
    const newYork = new BusinessCalendar({ ...CHICAGO, time_zone: 'America/New_York' });
    // 22:30 UTC is 16:30 in Chicago (before the cut-off) and 17:30 in New York (after it).
    expect(calendar.dueDay(utc('2026-11-19T22:30'), 1)).toBe('2026-11-19');
    expect(newYork.dueDay(utc('2026-11-19T22:30'), 1)).toBe('2026-11-20');
  });

  it('adds business days to a day, and finds the next business day', () => {
    expect(calendar.addBusinessDays('2026-12-23', 2)).toBe('2026-12-28');
    expect(calendar.nextOpenDay('2026-12-31')).toBe('2027-01-04');
    expect(calendar.openOnOrAfter('2026-07-03')).toBe('2026-07-06');
    expect(calendar.addBusinessDays('2026-11-20', 0)).toBe('2026-11-20');
  });
});

describe('clocks that count business hours', () => {
  it.each([
    [
      'an offer of 4 hours made at 22:30 ends at 12:30 the next business day',
      '2026-11-18T04:30',
      240,
      '2026-11-18T18:30',
    ],
    ['made on a Friday at 22:30, it ends on Monday', '2026-11-21T04:30', 240, '2026-11-23T18:30'],
    ['made before the window opens, it starts at 9:00', '2026-11-18T12:00', 60, '2026-11-18T16:00'],
    [
      'across the start of daylight saving time: 1 hour on Friday, 3 on Monday',
      '2026-03-07T04:00',
      240,
      '2026-03-09T17:00',
    ],
    ['across the end of daylight saving time', '2026-10-31T03:00', 240, '2026-11-02T18:00'],
    [
      'not over the Thanksgiving holiday: 1 hour on Wednesday night, 1 on Friday',
      '2026-11-26T04:00',
      120,
      '2026-11-27T16:00',
    ],
  ])('%s', (_case, start, minutes, ends) => {
    expect(calendar.addBusinessMinutes(utc(start), minutes, OFFER_HOURS).toISOString()).toBe(
      `${ends}:00.000Z`,
    );
  });

  it('counts the business minutes between two instants, and what a pause is worth in days', () => {
    // On hold over a weekend, Friday 15:00 to Monday 10:00: 2 hours on Friday, 1 on Monday.
    const friday = utc('2026-03-06T21:00');
    const monday = utc('2026-03-09T15:00');
    expect(calendar.businessMinutesBetween(friday, monday)).toBe(180);
    expect(calendar.businessDaysPaused(friday, monday)).toBe(0);
    // On hold from Friday 9:00 to Monday 17:00: two whole business days, across the change of time.
    expect(calendar.businessDaysPaused(utc('2026-03-06T15:00'), utc('2026-03-09T22:00'))).toBe(2);
    // Half a business day or more counts as one.
    expect(calendar.businessDaysPaused(utc('2026-11-18T15:00'), utc('2026-11-18T19:00'))).toBe(1);
    expect(calendar.businessMinutesBetween(monday, friday)).toBe(0);
  });
});
