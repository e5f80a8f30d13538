import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { notFound } from '../errors/app-error.ts';
import { isCompany } from '../organizations/organization.repository.ts';
import { companyFigures, type Period, type TurnTimeRow } from './insight.repository.ts';
import type { Insight, InsightQuery } from './insight.schemas.ts';

type Terms = Record<string, string>;

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
/** YYYY-MM-DD as the API writes dates: MM/DD/YYYY. */
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
/** The instant a UTC day starts, as the order list's q terms take it. */
const startOf = (day: string) => `${day}T00:00:00.000Z`;

/**
 * From..to (UTC days, both counted): a search for an instant column within them, the latest
 * first by that column (s), as a person reads "fulfilled in June". Sorted by when they were
 * placed instead, the list walked the company's newest orders for the few fulfilled in the
 * period (docs/performance.md, "One plan for every value").
 */
const within = (attribute: string, from: string, to: string): Terms => ({
  [`${attribute}_gteq`]: startOf(from),
  [`${attribute}_lt`]: startOf(addDays(to, 1)),
  s: `${attribute} desc`,
});

/** Whole calendar months up to today: the period every figure counts. */
export function periodOf(months: number, today = new Date()): Period {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1));
  return { from: isoDay(first), to: isoDay(today) };
}

/** Whose figures: staff their company's; operators one company or all. */
async function companyOf(db: Db, user: AuthUser, query: InsightQuery): Promise<string | null> {
  if (user.role === 'staff') {
    if (query.company_id !== undefined && query.company_id !== user.organizationId) throw notFound('company');
    return user.organizationId;
  }
  if (query.company_id !== undefined && !(await isCompany(db, query.company_id))) throw notFound('company');
  return query.company_id ?? null;
}

export async function insightFor(db: Db, user: AuthUser, query: InsightQuery): Promise<Insight> {
  const months = query.months ?? 6;
  const period = periodOf(months);
  const companyId = await companyOf(db, user, query);
  // Operators looking at one company see its orders only; staff see their own anyway.
  const scope: Terms = user.role === 'operator' && companyId !== null ? { company_id_eq: companyId } : {};
  const {
    weeks: weekRows,
    totals,
    by_month: byMonth,
    by_product: byProduct,
    panel,
  } = await companyFigures(db, companyId, period);
  const figure = (count: number, terms: Terms) => ({ count, orders: { ...scope, ...terms } });
  const fulfilledInPeriod = within('fulfilled_at', period.from, period.to);

  const byWeek = new Map(weekRows.map((row) => [row.week, row]));
  const weeks: Insight['weeks'] = [];
  // Mondays from the one of the period's first day; each week clipped to the period.
  const firstDay = new Date(`${period.from}T00:00:00Z`);
  let monday = addDays(period.from, -((firstDay.getUTCDay() + 6) % 7));
  while (monday <= period.to) {
    const from = monday < period.from ? period.from : monday;
    const sunday = addDays(monday, 6);
    const to = sunday > period.to ? period.to : sunday;
    const row = byWeek.get(monday);
    weeks.push({
      week_start: usDay(from),
      received: figure(row?.received ?? 0, within('created_at', from, to)),
      completed: figure(row?.completed ?? 0, within('completed_at', from, to)),
    });
    monday = addDays(monday, 7);
  }

  const turnTime = (row: TurnTimeRow, terms: Terms) => ({
    fulfilled: figure(row.fulfilled, terms),
    median_days: row.median_days,
    p90_days: row.p90_days,
  });
  const monthEnd = (start: string) => {
    const date = new Date(`${start}T00:00:00Z`);
    const last = isoDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
    return last > period.to ? period.to : last;
  };
  const rate = (part: number, whole: number) =>
    whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;

  return {
    period: { from: usDay(period.from), to: usDay(period.to), months },
    totals: {
      received: figure(
        weeks.reduce((sum, week) => sum + week.received.count, 0),
        within('created_at', period.from, period.to),
      ),
      completed: figure(
        weeks.reduce((sum, week) => sum + week.completed.count, 0),
        within('completed_at', period.from, period.to),
      ),
    },
    weeks,
    turn_time_by_month: byMonth.map((row) => ({
      month_start: usDay(row.key),
      ...turnTime(row, within('fulfilled_at', row.key, monthEnd(row.key))),
    })),
    turn_time_by_product: byProduct.map((row) => ({
      product: { id: row.key, name: row.name! },
      ...turnTime(row, { ...fulfilledInPeriod, product_id_eq: row.key }),
    })),
    on_time: {
      fulfilled: figure(totals.fulfilled, fulfilledInPeriod),
      on_time: figure(totals.on_time, { ...fulfilledInPeriod, on_time_eq: 'true' }),
      late: figure(totals.fulfilled - totals.on_time, { ...fulfilledInPeriod, on_time_eq: 'false' }),
      rate: rate(totals.on_time, totals.fulfilled),
    },
    revisions: {
      fulfilled: figure(totals.fulfilled, fulfilledInPeriod),
      revised: figure(totals.revised, { ...fulfilledInPeriod, revised_eq: 'true' }),
      rate: rate(totals.revised, totals.fulfilled),
    },
    open_by_appraiser: panel.map((row) => ({
      appraiser: { id: row.id, name: row.name },
      open: figure(row.open, { appraiser_id_eq: row.id, open_eq: 'true' }),
    })),
  };
}
