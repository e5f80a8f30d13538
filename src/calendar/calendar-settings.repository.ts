import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Status } from '../workflow/statuses.ts';
import type { MilestoneId } from './milestones.ts';
import type { CalendarSettings, DailyWindow } from './business-calendar.ts';

/** The statuses that stop the clocks of a company that did not choose its own. */
export const DEFAULT_CLOCK_PAUSES: Status[] = [
  'On hold',
  'Waiting info from client',
  'Cancel requested',
  'Under negotiation',
];

/** A company's calendar as kept, with the window of its offers' clocks. */
export interface StoredCalendar extends CalendarSettings {
  offer_hours: DailyWindow & { business_hours_only: boolean };
  /** While an order is in one of these, its due dates wait (docs/turn-times.md, "Pauses"). */
  clock_pauses: Status[];
  /** Business days the appraiser's due date keeps before the client's. */
  appraiser_buffer_days: number;
  /** What placement does with a due date on a closed day: keep it, move it to the next business day, or refuse it. */
  closed_day_due_dates: 'accept' | 'move' | 'refuse';
  /** The company's targets in business hours, where it sets its own (calendar/milestones.ts has the defaults). */
  milestone_targets: Partial<Record<MilestoneId, number>>;
  /** The share of a milestone's target after which it is at risk. */
  at_risk_percent: number;
}

/** The calendar a company without one of its own works by: the deployment's zone, Monday to Friday, 9 to 5. */
export const defaultCalendar = (timeZone: string): StoredCalendar => ({
  time_zone: timeZone,
  workdays: [1, 2, 3, 4, 5],
  opens_at: '09:00',
  closes_at: '17:00',
  cutoff: '17:00',
  holiday_states: [],
  closed_dates: [],
  offer_hours: { business_hours_only: false, from: '09:00', to: '23:00' },
  clock_pauses: DEFAULT_CLOCK_PAUSES,
  appraiser_buffer_days: 0,
  closed_day_due_dates: 'accept',
  milestone_targets: {},
  at_risk_percent: 75,
});

/** Minutes of an `HH:MM` column, in SQL. */
const minutesSql = (column: RawBuilder<unknown>) =>
  sql`(split_part(${column}, ':', 1)::int * 60 + split_part(${column}, ':', 2)::int)`;

/**
 * The length of a company's business day in minutes, in SQL (8 hours without a calendar of its
 * own): what turns the business minutes of the phase clocks into business days in a statement.
 */
export const businessDayMinutesSql = (companyId: RawBuilder<unknown> | string): RawBuilder<number> =>
  sql<number>`coalesce((SELECT ${minutesSql(sql.ref('bc.closes_at'))} - ${minutesSql(sql.ref('bc.opens_at'))}
                          FROM company_calendars bc WHERE bc.company_id = ${companyId}), 480)`;

export async function findCompanyCalendar(
  db: Db,
  companyId: string,
  timeZone: string,
): Promise<StoredCalendar> {
  const row = await db
    .selectFrom('company_calendars')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return defaultCalendar(timeZone);
  return {
    time_zone: row.time_zone,
    workdays: row.workdays,
    opens_at: row.opens_at,
    closes_at: row.closes_at,
    cutoff: row.cutoff,
    holiday_states: row.holiday_states,
    closed_dates: row.closed_dates,
    offer_hours: {
      business_hours_only: row.offer_business_hours,
      from: row.offer_hours_from,
      to: row.offer_hours_to,
    },
    clock_pauses: row.clock_pauses as Status[],
    appraiser_buffer_days: row.appraiser_buffer_days,
    closed_day_due_dates: row.closed_day_due_dates,
    milestone_targets: row.milestone_targets,
    at_risk_percent: row.at_risk_percent,
  };
}

export async function putCompanyCalendar(
  db: Db,
  companyId: string,
  calendar: StoredCalendar,
  userId: string,
): Promise<void> {
  const values = {
    time_zone: calendar.time_zone,
    workdays: JSON.stringify([...calendar.workdays].sort()),
    opens_at: calendar.opens_at,
    closes_at: calendar.closes_at,
    cutoff: calendar.cutoff,
    holiday_states: JSON.stringify([...calendar.holiday_states].sort()),
    closed_dates: JSON.stringify([...calendar.closed_dates].sort()),
    offer_business_hours: calendar.offer_hours.business_hours_only,
    offer_hours_from: calendar.offer_hours.from,
    offer_hours_to: calendar.offer_hours.to,
    clock_pauses: JSON.stringify(calendar.clock_pauses),
    appraiser_buffer_days: calendar.appraiser_buffer_days,
    closed_day_due_dates: calendar.closed_day_due_dates,
    milestone_targets: JSON.stringify(calendar.milestone_targets),
    at_risk_percent: calendar.at_risk_percent,
    updated_by: userId,
  };
  await db
    .insertInto('company_calendars')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) =>
      conflict.column('company_id').doUpdateSet({ ...values, updated_at: new Date() }),
    )
    .execute();
}
