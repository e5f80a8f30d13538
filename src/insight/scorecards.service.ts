import type { AuthUser } from '../auth/principal.ts';
import { BusinessCalendar, localClock } from '../calendar/business-calendar.ts';
import { findCompanyCalendar, type StoredCalendar } from '../calendar/calendar-settings.repository.ts';
import type { Db } from '../db/connection.ts';
import { appraiserInReach } from '../panel/credential.service.ts';
import { findScorecardSums, type ScorecardSubject, type ScorecardSums } from './scorecards.repository.ts';
import type {
  AppraiserScorecard,
  ScorecardFigures,
  ScorecardRow,
  Scorecards,
  ScorecardsQuery,
} from './scorecards.schemas.ts';

/**
 * Scorecards (docs/turn-times.md, "Scorecards"): the sums of the repository turned into counts,
 * rates and means in business days. A month is a calendar month of the company's zone; the
 * rolling period the 90 days up to now, which the assignment engine reads too.
 */
export const ROLLING = 'rolling_90_days';
const ROLLING_DAYS = 90;
const DAY_MS = 86_400_000;

export interface ResolvedPeriod {
  name: string;
  from: Date;
  to: Date;
  time_zone: string;
}

const monthName = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** The period a name stands for, in the company's calendar; `now` ends the rolling one. */
export function resolvePeriod(name: string, calendar: StoredCalendar, now: Date): ResolvedPeriod {
  const zone = calendar.time_zone;
  if (name === ROLLING)
    return { name, from: new Date(now.getTime() - ROLLING_DAYS * DAY_MS), to: now, time_zone: zone };
  const business = new BusinessCalendar(calendar);
  const year = Number(name.slice(0, 4));
  const month = Number(name.slice(5, 7));
  const next = month === 12 ? monthName(year + 1, 1) : monthName(year, month + 1);
  return {
    name,
    from: business.at(`${name}-01`, '00:00'),
    to: business.at(`${next}-01`, '00:00'),
    time_zone: zone,
  };
}

/** This month and the `count - 1` before it in the company's zone, newest first. */
export function recentMonths(now: Date, timeZone: string, count: number): string[] {
  const today = localClock(now, timeZone).day;
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    months.push(monthName(year, month));
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Counts, rates and means of one set of sums; `dayMinutes` turns business minutes into days. */
export function figuresOf(sums: Omit<ScorecardSums, 'id' | 'name'>, dayMinutes: number): ScorecardFigures {
  const days = (minutes: number) => (sums.timed === 0 ? null : hundredths(minutes / sums.timed / dayMinutes));
  const net = sums.assignment_minutes + sums.appraiser_minutes + sums.review_minutes + sums.client_minutes;
  const answered =
    sums.accepted === null ? null : sums.accepted + (sums.declined ?? 0) + (sums.timed_out ?? 0);
  return {
    completed: sums.completed,
    on_time: sums.on_time,
    on_time_rate: rate(sums.on_time, sums.completed),
    timed: sums.timed,
    turn_time: {
      business_days: days(net),
      with_pauses_business_days: days(net + sums.paused_minutes),
      assignment: days(sums.assignment_minutes),
      appraiser: days(sums.appraiser_minutes),
      review: days(sums.review_minutes),
      client: days(sums.client_minutes),
      paused: days(sums.paused_minutes),
    },
    offers:
      answered === null
        ? null
        : {
            answered,
            accepted: sums.accepted!,
            declined: sums.declined ?? 0,
            timed_out: sums.timed_out ?? 0,
            acceptance_rate: rate(sums.accepted!, answered),
            decline_rate: rate(sums.declined ?? 0, answered),
            timeout_rate: rate(sums.timed_out ?? 0, answered),
          },
    revisions: sums.revisions,
    revision_rate: rate(sums.revisions, sums.completed),
    reconsiderations: sums.reconsiderations,
    reconsideration_rate: rate(sums.reconsiderations, sums.completed),
    reports: sums.reports,
    findings: sums.findings,
    findings_per_report: sums.reports === 0 ? null : hundredths(sums.findings / sums.reports),
  };
}

const SUMMED = [
  'completed',
  'on_time',
  'timed',
  'assignment_minutes',
  'appraiser_minutes',
  'review_minutes',
  'client_minutes',
  'paused_minutes',
  'revisions',
  'reconsiderations',
  'reports',
  'findings',
] as const;

/** Every row's sums together (the offers too, for appraisers). */
function totalOf(rows: ScorecardSums[], of: ScorecardSubject): Omit<ScorecardSums, 'id' | 'name'> {
  const total = Object.fromEntries(
    SUMMED.map((key) => [key, rows.reduce((sum, row) => sum + row[key], 0)]),
  ) as Record<(typeof SUMMED)[number], number>;
  const offers = (key: 'accepted' | 'declined' | 'timed_out') =>
    of === 'appraisers' ? rows.reduce((sum, row) => sum + (row[key] ?? 0), 0) : null;
  return {
    ...total,
    accepted: offers('accepted'),
    declined: offers('declined'),
    timed_out: offers('timed_out'),
  };
}

const periodView = (period: ResolvedPeriod) => ({
  name: period.name,
  from: period.from.toISOString(),
  to: period.to.toISOString(),
  time_zone: period.time_zone,
});

/** The scorecards of a company the caller reaches (company-reach.ts). */
export async function companyScorecards(
  db: Db,
  id: string,
  query: ScorecardsQuery,
  timeZone: string,
  now = new Date(),
): Promise<Scorecards> {
  const calendar = await findCompanyCalendar(db, id, timeZone);
  const of = query.of ?? 'appraisers';
  const period = resolvePeriod(query.period ?? ROLLING, calendar, now);
  const sums = await findScorecardSums(db, { companyId: id, of, from: period.from, to: period.to });
  const dayMinutes = new BusinessCalendar(calendar).dayMinutes;
  return {
    company_id: id,
    of,
    period: periodView(period),
    business_day_minutes: dayMinutes,
    total: figuresOf(totalOf(sums, of), dayMinutes),
    rows: sums.map((row): ScorecardRow => ({ id: row.id, name: row.name, ...figuresOf(row, dayMinutes) })),
  };
}

export async function appraiserScorecard(
  db: Db,
  user: AuthUser,
  appraiserId: string,
  timeZone: string,
  now = new Date(),
): Promise<AppraiserScorecard> {
  const appraiser = await appraiserInReach(db, user, appraiserId);
  const companyId = appraiser.organization_id;
  const calendar = await findCompanyCalendar(db, companyId, timeZone);
  const dayMinutes = new BusinessCalendar(calendar).dayMinutes;
  const names = [ROLLING, ...recentMonths(now, calendar.time_zone, 6)];
  const periods = await Promise.all(
    names.map(async (name) => {
      const period = resolvePeriod(name, calendar, now);
      const [sums] = await findScorecardSums(db, {
        companyId,
        of: 'appraisers',
        from: period.from,
        to: period.to,
        appraiserId: appraiser.id,
      });
      const empty = totalOf([], 'appraisers');
      return { period: periodView(period), ...figuresOf(sums ?? empty, dayMinutes) };
    }),
  );
  return {
    appraiser: { id: appraiser.id, name: `${appraiser.first_name} ${appraiser.last_name}` },
    business_day_minutes: dayMinutes,
    rolling_90_days: periods[0]!,
    months: periods.slice(1),
  };
}
