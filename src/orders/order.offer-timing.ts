import { BusinessCalendar, localClock } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Config } from '../config/config.ts';
import type { Trx } from '../db/connection.ts';
import { findState } from '../reference/geography.ts';
import { subjectTimeZone } from '../reference/time-zones.ts';

/**
 * What an offer to an appraiser carries by the company's calendar (docs/turn-times.md, "Offers"):
 * when it times out — ASSIGNMENT_OFFER_TIMEOUT_MINUTES from now, or that many minutes of the
 * company's offer hours on business days in the subject property's zone where the company counts
 * only those — and the appraiser's due date when staff give none: the client's, moved back by the
 * company's appraiser_buffer_days business days, never to today or before.
 */
export interface OfferTiming {
  expiresAt: Date;
  appraiserDueDate: Date;
  /** The zone the offer's clock ran in, when it counted business hours. */
  zone: string | null;
}

export async function offerTiming(
  trx: Trx,
  order: { id: string; due_date: Date },
  config: Config,
  now: Date,
): Promise<OfferTiming> {
  const place = await trx
    .selectFrom('orders')
    .select(['company_id', 'state_id', 'county_id'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const settings = await findCompanyCalendar(trx, place.company_id, config.timeZone);
  const minutes = config.assignmentOfferTimeoutMinutes;
  let expiresAt = new Date(now.getTime() + minutes * 60_000);
  let zone: string | null = null;
  if (settings.offer_hours.business_hours_only) {
    const state = findState(place.state_id)?.code ?? '';
    zone = subjectTimeZone(state, place.county_id) ?? settings.time_zone;
    expiresAt = new BusinessCalendar({ ...settings, time_zone: zone }).addBusinessMinutes(
      now,
      minutes,
      settings.offer_hours,
    );
  }
  const calendar = new BusinessCalendar(settings);
  const today = localClock(now, settings.time_zone).day;
  let day = localClock(order.due_date, settings.time_zone).day;
  for (let back = 0; back < settings.appraiser_buffer_days; back += 1) {
    const previous = calendar.previousOpenDay(day);
    if (previous <= today) break;
    day = previous;
  }
  return { expiresAt, appraiserDueDate: calendar.sameTimeOn(order.due_date, day), zone };
}
