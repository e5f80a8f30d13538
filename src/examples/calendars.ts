import { CompanyCalendar, CompanyCalendarBody } from '../calendar/calendar-settings.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { COMPANY } from './ids.ts';

/** A company in Austin that closes on Texas's holidays and on Christmas Eve. */
export const CALENDAR_EXAMPLES: NamedExample[] = [
  example(CompanyCalendar, {
    company_id: COMPANY.id,
    time_zone: 'America/Chicago',
    workdays: [1, 2, 3, 4, 5],
    opens_at: '08:30',
    closes_at: '17:30',
    cutoff: '16:00',
    holiday_states: ['TX'],
    closed_dates: ['2026-12-24'],
    offer_hours: { business_hours_only: true, from: '09:00', to: '23:00' },
    clock_pauses: ['On hold', 'Waiting info from client', 'Cancel requested', 'Under negotiation'],
    upcoming_closures: [
      { date: '2026-11-26', reason: 'Thanksgiving Day' },
      { date: '2026-11-27', reason: 'Day after Thanksgiving' },
      { date: '2026-12-24', reason: 'Christmas Eve' },
      { date: '2026-12-25', reason: 'Christmas Day' },
    ],
  }),
  example(CompanyCalendarBody, {
    time_zone: 'America/Chicago',
    workdays: [1, 2, 3, 4, 5],
    opens_at: '08:30',
    closes_at: '17:30',
    cutoff: '16:00',
    holiday_states: ['TX'],
    closed_dates: ['2026-12-24'],
    offer_hours: { business_hours_only: true, from: '09:00', to: '23:00' },
    clock_pauses: ['On hold', 'Waiting info from client', 'Cancel requested', 'Under negotiation'],
  }),
];
