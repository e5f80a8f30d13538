import type { Static } from 'typebox';
import { CompanyCalendar, CompanyCalendarBody } from '../calendar/calendar-settings.schemas.ts';
import { TurnTimeQuote, TurnTimes, TurnTimesBody } from '../calendar/turn-times.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { CLIENT, COMPANY, PRODUCT } from './ids.ts';

/** A company in Austin that closes on Texas's holidays and on Christmas Eve. */
const CALENDAR = {
  time_zone: 'America/Chicago',
  workdays: [1, 2, 3, 4, 5],
  opens_at: '08:30',
  closes_at: '17:30',
  cutoff: '16:00',
  holiday_states: ['TX'],
  closed_dates: ['2026-12-24'],
  offer_hours: { business_hours_only: true, from: '09:00', to: '23:00' },
  clock_pauses: ['On hold', 'Waiting info from client', 'Cancel requested', 'Under negotiation'],
  appraiser_buffer_days: 1,
  closed_day_due_dates: 'move',
  milestone_targets: {
    offer_answered: 4,
    inspection_scheduled: 8,
    inspection_completed: 24,
    report_submitted: 16,
    review_done: 8,
    delivered: 8,
  },
  at_risk_percent: 75,
} satisfies Static<typeof CompanyCalendarBody>;

/** Its calendar, turn times and a quote. */
export const CALENDAR_EXAMPLES: NamedExample[] = [
  example(CompanyCalendar, {
    company_id: COMPANY.id,
    ...CALENDAR,
    upcoming_closures: [
      { date: '2026-11-26', reason: 'Thanksgiving Day' },
      { date: '2026-11-27', reason: 'Day after Thanksgiving' },
      { date: '2026-12-24', reason: 'Christmas Eve' },
      { date: '2026-12-25', reason: 'Christmas Day' },
    ],
  }),
  example(CompanyCalendarBody, CALENDAR),
  example(TurnTimes, {
    company_id: COMPANY.id,
    entries: [
      { client_id: null, product_id: PRODUCT.id, business_days: 7, rush_business_days: 3 },
      { client_id: CLIENT.id, product_id: PRODUCT.id, business_days: 5, rush_business_days: 2 },
    ],
  }),
  example(TurnTimesBody, {
    entries: [
      { client_id: null, product_id: PRODUCT.id, business_days: 7, rush_business_days: 3 },
      { client_id: CLIENT.id, product_id: PRODUCT.id, business_days: 5, rush_business_days: null },
    ],
  }),
  example(TurnTimeQuote, {
    product_id: PRODUCT.id,
    client_id: CLIENT.id,
    rush: false,
    business_days: 5,
    source: 'client',
    counted_from: '2026-11-19',
    due_date: '2026-11-25',
    due_at: '2026-11-25T23:30:00.000Z',
    appraiser_due_date: '2026-11-24',
    appraiser_due_at: '2026-11-24T23:30:00.000Z',
  }),
];
