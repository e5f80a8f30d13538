import { Type, type Static } from 'typebox';
import { Id } from '../schemas/common.ts';
import { STATUSES } from '../workflow/statuses.ts';
import { MILESTONE_IDS } from './milestones.ts';

const Time = (description: string) =>
  Type.String({
    pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
    description: `${description}: HH:MM, 24-hour, local`,
  });

/** A company's business calendar (docs/turn-times.md, "Calendars"). */
const fields = {
  time_zone: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The IANA time zone its days and hours are read in: America/Chicago',
  }),
  workdays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
    minItems: 1,
    maxItems: 7,
    uniqueItems: true,
    description: 'The ISO weekdays it works: 1 Monday … 7 Sunday',
  }),
  opens_at: Time('When its business day starts'),
  closes_at: Time('When it ends; after opens_at'),
  cutoff: Time('Work that arrives after it (or on a closed day) counts from the next business day'),
  holiday_states: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), {
    maxItems: 60,
    uniqueItems: true,
    description:
      'States whose public holidays close it besides the federal holidays (TX: the day after Thanksgiving)',
  }),
  closed_dates: Type.Array(Type.String({ format: 'date' }), {
    maxItems: 200,
    uniqueItems: true,
    description: 'Days of its own it is closed (YYYY-MM-DD)',
  }),
  clock_pauses: Type.Array(Type.Enum(STATUSES), {
    maxItems: STATUSES.length,
    uniqueItems: true,
    description:
      'The statuses that stop the turn-time clocks: while an order is in one, its due dates wait, and move by the business days paused when it leaves them',
  }),
  appraiser_buffer_days: Type.Integer({
    minimum: 0,
    maximum: 30,
    description:
      "Business days the appraiser's due date keeps before the client's, where a turn time gives both",
  }),
  closed_day_due_dates: Type.Enum(['accept', 'move', 'refuse'], {
    description:
      'A due date typed at placement that falls on a day the company is closed: accept it as it is, move it to the next business day (same time), or refuse it (422 naming due_date)',
  }),
  milestone_targets: Type.Object(
    Object.fromEntries(
      MILESTONE_IDS.map((id) => [
        id,
        Type.Optional(Type.Integer({ minimum: 1, maximum: 720, description: `${id}: business hours` })),
      ]),
    ),
    {
      additionalProperties: false,
      description:
        "The company's targets in business hours per milestone (offer_answered, inspection_scheduled, inspection_completed, report_submitted, review_done, delivered); a milestone not named keeps its default (docs/turn-times.md)",
    },
  ),
  at_risk_percent: Type.Integer({
    minimum: 1,
    maximum: 99,
    description: "The share of a milestone's target after which it is at risk",
  }),
  offer_hours: Type.Object(
    {
      business_hours_only: Type.Boolean({
        description:
          "Whether an offer's timeout counts only the hours between from and to on business days, in the subject's zone",
      }),
      from: Time('When an offer’s clock starts each business day'),
      to: Time('When it stops; after from'),
    },
    { description: "When offers' clocks run (the field pauses them overnight, on weekends and on holidays)" },
  ),
};

export const CompanyCalendar = Type.Object(
  {
    company_id: Id('The company'),
    ...fields,
    upcoming_closures: Type.Array(
      Type.Object({
        date: Type.String({ format: 'date' }),
        reason: Type.String({ description: "A holiday's name, or the company's closure" }),
      }),
      { description: 'The closed workdays of the next 90 days, as the calendar now stands' },
    ),
  },
  { $id: 'CompanyCalendar', description: "The company's business calendar, which its turn times count in" },
);
export type CompanyCalendarView = Static<typeof CompanyCalendar>;

export const CompanyCalendarBody = Type.Object(
  {
    time_zone: Type.Optional(fields.time_zone),
    workdays: Type.Optional(fields.workdays),
    opens_at: Type.Optional(fields.opens_at),
    closes_at: Type.Optional(fields.closes_at),
    cutoff: Type.Optional(fields.cutoff),
    holiday_states: Type.Optional(fields.holiday_states),
    closed_dates: Type.Optional(fields.closed_dates),
    clock_pauses: Type.Optional(fields.clock_pauses),
    appraiser_buffer_days: Type.Optional(fields.appraiser_buffer_days),
    closed_day_due_dates: Type.Optional(fields.closed_day_due_dates),
    milestone_targets: Type.Optional(fields.milestone_targets),
    at_risk_percent: Type.Optional(fields.at_risk_percent),
    offer_hours: Type.Optional(
      Type.Object(
        {
          business_hours_only: Type.Optional(fields.offer_hours.properties.business_hours_only),
          from: Type.Optional(fields.offer_hours.properties.from),
          to: Type.Optional(fields.offer_hours.properties.to),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'CompanyCalendarBody', description: 'Send only what changes', additionalProperties: false },
);
export type CompanyCalendarInput = Static<typeof CompanyCalendarBody>;
