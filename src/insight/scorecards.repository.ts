import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * The scorecards' SQL (docs/turn-times.md, "Scorecards"): a company's orders completed in a period,
 * summed per appraiser or per client in one statement along orders_company_completed_idx (a
 * month of a busy company is tens of thousands of rows, never its whole history), and each
 * appraiser's answers to offers in the period along the two indexes of migration 0053. Sums, not
 * means: the service divides, so that a total row is the sum of the rows.
 */
export type ScorecardSubject = 'appraisers' | 'clients';

export interface ScorecardSums {
  id: string;
  name: string;
  completed: number;
  on_time: number;
  /** Orders whose phase clocks ran (migration 0062): the turn times are means over these. */
  timed: number;
  assignment_minutes: number;
  appraiser_minutes: number;
  review_minutes: number;
  client_minutes: number;
  paused_minutes: number;
  revisions: number;
  reconsiderations: number;
  /** Reports submitted for the orders counted, and the findings of the checks on them. */
  reports: number;
  findings: number;
  /** Appraisers only (null for clients): offers answered in the period. */
  accepted: number | null;
  declined: number | null;
  timed_out: number | null;
}

export interface ScorecardScope {
  companyId: string;
  of: ScorecardSubject;
  from: Date;
  to: Date;
  /** One appraiser only (their own scorecard). */
  appraiserId?: string;
}

/**
 * One row per appraiser of the company (or per client it serves): those without an order completed
 * or an offer answered in the period too, but for deactivated appraisers, who appear only with one.
 */
export async function findScorecardSums(db: Db, scope: ScorecardScope): Promise<ScorecardSums[]> {
  const appraisers = scope.of === 'appraisers';
  const key = appraisers ? sql.ref('d.appraiser_id') : sql.ref('d.client_id');
  // The appraiser's due date (theirs, else the client's) holds their first report; the client's
  // due date holds the delivery.
  const onTime = appraisers
    ? sql`d.first_submitted_at <= coalesce(d.vendor_due_date, d.due_date)`
    : sql`d.completed_at <= d.due_date`;
  const oneAppraiser =
    scope.appraiserId === undefined ? sql`` : sql`AND o.appraiser_id = ${scope.appraiserId}`;
  const subjects = appraisers
    ? sql`SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.deactivated_at IS NULL AS active
            FROM users u
           WHERE u.organization_id = ${scope.companyId} AND u.role = 'appraiser'
             ${scope.appraiserId === undefined ? sql`` : sql`AND u.id = ${scope.appraiserId}`}`
    : sql`SELECT c.id, c.name, true AS active
            FROM company_clients cc JOIN organizations c ON c.id = cc.client_id
           WHERE cc.company_id = ${scope.companyId}`;
  const offers = appraisers
    ? sql`(SELECT count(*) FROM order_history h
            WHERE h.user_id = s.id AND h.action = 'accept_assignment'
              AND h.created_at >= ${scope.from} AND h.created_at < ${scope.to})::int AS accepted,
          a.declined, a.timed_out`
    : sql`NULL::int AS accepted, NULL::int AS declined, NULL::int AS timed_out`;
  const answers = appraisers
    ? sql`CROSS JOIN LATERAL (
            SELECT count(*) FILTER (WHERE h.action = 'reject_assignment')::int AS declined,
                   count(*) FILTER (WHERE h.action = 'offer_timeout')::int AS timed_out
              FROM order_history h
             WHERE h.details->>'appraiser_id' = s.id::text AND h.action IN ('reject_assignment', 'offer_timeout')
               AND h.created_at >= ${scope.from} AND h.created_at < ${scope.to}) a`
    : sql``;
  const { rows } = await sql<ScorecardSums & { active: boolean }>`
    WITH d AS (
      SELECT o.id, o.appraiser_id, o.client_id, o.completed_at, o.due_date, o.vendor_due_date, o.first_submitted_at,
             o.assignment_minutes, o.appraiser_minutes, o.review_minutes, o.client_minutes, o.paused_minutes
        FROM orders o
       WHERE o.company_id = ${scope.companyId} AND o.completed_at >= ${scope.from} AND o.completed_at < ${scope.to}
         ${oneAppraiser}
    ), sums AS (
      SELECT ${key} AS id, count(*)::int AS completed,
             count(*) FILTER (WHERE ${onTime})::int AS on_time,
             count(d.appraiser_minutes)::int AS timed,
             coalesce(sum(d.assignment_minutes), 0)::int AS assignment_minutes,
             coalesce(sum(d.appraiser_minutes), 0)::int AS appraiser_minutes,
             coalesce(sum(d.review_minutes), 0)::int AS review_minutes,
             coalesce(sum(d.client_minutes), 0)::int AS client_minutes,
             coalesce(sum(d.paused_minutes), 0)::int AS paused_minutes,
             count(*) FILTER (WHERE EXISTS (
               SELECT 1 FROM order_history h WHERE h.order_id = d.id AND h.action = 'request_revision'))::int AS revisions,
             count(*) FILTER (WHERE EXISTS (
               SELECT 1 FROM reconsiderations r WHERE r.order_id = d.id))::int AS reconsiderations,
             coalesce(sum(r.reports), 0)::int AS reports,
             coalesce(sum(r.findings), 0)::int AS findings
        FROM d
        CROSS JOIN LATERAL (
          SELECT count(*) AS reports, sum(rs.fatal_count + rs.warning_count) AS findings
            FROM report_submissions rs WHERE rs.order_id = d.id) r
       WHERE ${key} IS NOT NULL
       GROUP BY 1
    )
    SELECT s.id, s.name, s.active,
           coalesce(t.completed, 0) AS completed, coalesce(t.on_time, 0) AS on_time, coalesce(t.timed, 0) AS timed,
           coalesce(t.assignment_minutes, 0) AS assignment_minutes, coalesce(t.appraiser_minutes, 0) AS appraiser_minutes,
           coalesce(t.review_minutes, 0) AS review_minutes, coalesce(t.client_minutes, 0) AS client_minutes,
           coalesce(t.paused_minutes, 0) AS paused_minutes, coalesce(t.revisions, 0) AS revisions,
           coalesce(t.reconsiderations, 0) AS reconsiderations, coalesce(t.reports, 0) AS reports,
           coalesce(t.findings, 0) AS findings,
           ${offers}
      FROM (${subjects}) s
      ${answers}
      LEFT JOIN sums t ON t.id = s.id
     ORDER BY s.name, s.id`.execute(db);
  return rows
    .filter(
      (row) =>
        row.active ||
        row.completed > 0 ||
        (row.accepted ?? 0) + (row.declined ?? 0) + (row.timed_out ?? 0) > 0,
    )
    .map(({ active: _active, ...sums }) => sums);
}
