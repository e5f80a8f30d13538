import { BusinessCalendar } from '../calendar/business-calendar.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { invalid } from '../errors/app-error.ts';

/**
 * A statement's month (docs/money.md, "Statements"): YYYY-MM, from its first midnight to the next
 * month's in the company's zone, as lenders' and appraisers' statements read their ledgers.
 */
const DAY_MS = 86_400_000;

export interface StatementPeriod {
  month: string;
  from: Date;
  to: Date;
  lastDay: string;
  timeZone: string;
}

export async function monthOf(
  db: Db,
  companyId: string,
  month: string,
  config: Config,
): Promise<StatementPeriod> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month < '2000-01')
    throw invalid('month', 'must be a month, YYYY-MM (2026-11)');
  const calendar = await findCompanyCalendar(db, companyId, config.timeZone);
  const business = new BusinessCalendar(calendar);
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  const lastDay = new Date(Date.UTC(year, m, 1) - DAY_MS).toISOString().slice(0, 10);
  return {
    month,
    from: business.at(`${month}-01`, '00:00'),
    to: business.at(`${next}-01`, '00:00'),
    lastDay,
    timeZone: calendar.time_zone,
  };
}
