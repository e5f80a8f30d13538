import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import { CLOSED } from '../workflow/statuses.ts';

/**
 * The dashboard's SQL: every figure is read from the running figures that triggers keep
 * (order_daily_figures, order_turn_times: migration 0022) and from the running status counts
 * (order_counts), never from the orders themselves, so that a year of a busy company's orders
 * costs a few hundred small rows; and all of it in one statement (one round trip, one plan).
 * Days are UTC days given as YYYY-MM-DD; companyId null: every company.
 */
export interface Period {
  from: string;
  to: string;
}

export interface TurnTimeRow {
  key: string;
  name?: string;
  fulfilled: number;
  median_days: number | null;
  p90_days: number | null;
}

export interface CompanyFigures {
  weeks: { week: string; received: number; completed: number }[];
  totals: { fulfilled: number; on_time: number; revised: number };
  by_month: TurnTimeRow[];
  by_product: TurnTimeRow[];
  panel: { id: string; name: string; open: number }[];
}

const forCompany = (column: RawBuilder<unknown>, companyId: string | null) =>
  companyId === null ? sql`true` : sql`${column} = ${companyId}`;

/**
 * Median and 90th percentile (the first whole day by which half, and nine tenths, of the
 * orders were fulfilled: percentile_disc) from the histogram rows `h`, grouped by `key`, in
 * integer arithmetic (2·cumulative ≥ total).
 */
const percentiles = (key: RawBuilder<unknown>) => sql`
  SELECT key, max(total) AS fulfilled,
         min(turn_days) FILTER (WHERE 2 * cumulative >= total) AS median_days,
         min(turn_days) FILTER (WHERE 10 * cumulative >= 9 * total) AS p90_days
    FROM (SELECT key, turn_days,
                 (sum(n) OVER (PARTITION BY key ORDER BY turn_days))::int AS cumulative,
                 (sum(n) OVER (PARTITION BY key))::int AS total
            FROM (SELECT ${key} AS key, turn_days, sum(n)::int AS n FROM h GROUP BY 1, 2 HAVING sum(n) > 0) g) c
   GROUP BY key`;

export async function companyFigures(
  db: Db,
  companyId: string | null,
  period: Period,
): Promise<CompanyFigures> {
  const { rows } = await sql<CompanyFigures>`
    WITH d AS (
      SELECT day, received, completed, fulfilled, fulfilled_on_time, fulfilled_revised
        FROM order_daily_figures
       WHERE ${forCompany(sql.ref('company_id'), companyId)} AND day BETWEEN ${period.from}::date AND ${period.to}::date
    ), h AS (
      SELECT month, product_id, turn_days, n
        FROM order_turn_times
       WHERE ${forCompany(sql.ref('company_id'), companyId)}
         AND month BETWEEN date_trunc('month', ${period.from}::date)::date AND ${period.to}::date
    ), by_month AS (${percentiles(sql.ref('month'))}),
    by_product AS (${percentiles(sql.ref('product_id'))})
    SELECT
      -- The Monday of each day by date arithmetic: no conversion through time stamps and zones.
      coalesce((SELECT json_agg(json_build_object('week', to_char(week, 'YYYY-MM-DD'), 'received', r, 'completed', c) ORDER BY week)
                  FROM (SELECT day - (extract(isodow FROM day)::int - 1) AS week, sum(received)::int AS r, sum(completed)::int AS c
                          FROM d GROUP BY 1) w), '[]') AS weeks,
      (SELECT json_build_object('fulfilled', coalesce(sum(fulfilled), 0)::int, 'on_time', coalesce(sum(fulfilled_on_time), 0)::int,
                                'revised', coalesce(sum(fulfilled_revised), 0)::int) FROM d) AS totals,
      coalesce((SELECT json_agg(json_build_object('key', to_char(key, 'YYYY-MM-DD'), 'fulfilled', fulfilled,
                                                  'median_days', median_days, 'p90_days', p90_days) ORDER BY key)
                  FROM by_month), '[]') AS by_month,
      coalesce((SELECT json_agg(json_build_object('key', b.key, 'name', p.name, 'fulfilled', b.fulfilled,
                                                  'median_days', b.median_days, 'p90_days', b.p90_days) ORDER BY b.fulfilled DESC, p.name)
                  FROM by_product b JOIN products p ON p.id = b.key), '[]') AS by_product,
      coalesce((SELECT json_agg(json_build_object('id', id, 'name', name, 'open', open) ORDER BY open DESC, name)
                  FROM (SELECT u.id, u.first_name || ' ' || u.last_name AS name,
                               coalesce(sum(c.n) FILTER (WHERE c.status <> ALL(${[...CLOSED]}::text[])), 0)::int AS open
                          FROM users u
                          LEFT JOIN order_counts c ON c.scope = 'appraiser' AND c.scope_id = u.id
                         WHERE u.role = 'appraiser' AND ${forCompany(sql.ref('u.organization_id'), companyId)}
                         GROUP BY u.id
                         ORDER BY open DESC, name
                         LIMIT 100) a), '[]') AS panel`.execute(db);
  return rows[0]!;
}
