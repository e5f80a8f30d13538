import { BusinessCalendar } from './business-calendar.ts';
import type { CalendarSettings } from './business-calendar.ts';

/**
 * Regulation B, 12 CFR 1002.14(a)(1) (docs/turn-times.md, "The borrower's copy"): the creditor
 * gives the applicant a copy of each appraisal promptly upon its completion, or three business
 * days before consummation, whichever is earlier. The service reads "promptly" as within
 * PROMPT_BUSINESS_DAYS business days of delivery, and counts business days in the company's
 * calendar (the offices that are open); the closing date is the consummation the order knows of.
 */
export const PROMPT_BUSINESS_DAYS = 3;
export const BEFORE_CLOSING_BUSINESS_DAYS = 3;

export interface BorrowerCopyDue {
  /** YYYY-MM-DD: the last day to give the copy. */
  due_on: string;
  /** What set it: the delivery (promptly upon completion) or the closing (three business days before). */
  basis: 'delivery' | 'closing';
}

/** The day the borrower's copy is due; null while neither a delivery nor a closing date is known. */
export function borrowerCopyDue(
  settings: CalendarSettings,
  facts: { deliveredAt: Date | null; closingDate: string | null },
): BorrowerCopyDue | null {
  const calendar = new BusinessCalendar(settings);
  // Counted as a turn time is: the delivery's day first when it is a business day and before
  // the cut-off (a Monday morning delivery: Monday, Tuesday, Wednesday).
  const byDelivery = facts.deliveredAt ? calendar.dueDay(facts.deliveredAt, PROMPT_BUSINESS_DAYS) : null;
  // Three business days before a Thursday closing: Wednesday, Tuesday, Monday.
  let byClosing: string | null = null;
  if (facts.closingDate) {
    byClosing = facts.closingDate;
    for (let i = 0; i < BEFORE_CLOSING_BUSINESS_DAYS; i++) byClosing = calendar.previousOpenDay(byClosing);
  }
  if (byDelivery === null && byClosing === null) return null;
  if (byClosing !== null && (byDelivery === null || byClosing <= byDelivery))
    return { due_on: byClosing, basis: 'closing' };
  return { due_on: byDelivery!, basis: 'delivery' };
}
