import type { PayCycle } from '../db/schema.ts';

/**
 * A company's pay days (docs/money.md, "What an appraiser is owed"), on calendar days of its zone
 * (YYYY-MM-DD): weekly on a weekday (1 Monday … 7 Sunday), semimonthly on the 15th and the
 * month's last day, monthly on a day (the last day of a shorter month).
 */
export interface PayCycleSetting {
  frequency: PayCycle;
  day: number | null;
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date) => date.toISOString().slice(0, 10);
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The first pay day on or after `day`: what was earned that day is paid then. */
export function nextPayDay(day: string, cycle: PayCycleSetting): string {
  const date = asDate(day);
  if (cycle.frequency === 'weekly') {
    const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    date.setUTCDate(date.getUTCDate() + ((cycle.day! - weekday + 7) % 7));
    return asDay(date);
  }
  for (let months = 0; months < 2; months++) {
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + months;
    const last = lastDayOf(year, month);
    const days = cycle.frequency === 'semimonthly' ? [15, last] : [Math.min(cycle.day!, last)];
    for (const payDay of days) {
      const candidate = new Date(Date.UTC(year, month, payDay));
      if (candidate >= date) return asDay(candidate);
    }
  }
  throw new Error('unreachable: every month has a pay day');
}
