import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { businessDayMinutesSql } from '../calendar/calendar-settings.repository.ts';
import type { LicenseLevel } from '../db/schema.ts';
import type { ScheduleEntry } from '../fees/fee-quote.ts';
import { CLOSED } from '../workflow/statuses.ts';

/**
 * The SQL of the panel kept in memory (panel-memory.ts): what changed since a reading, and each
 * appraiser's facts that do not depend on the order, read for a whole panel or a few appraisers.
 */

/** What changed on a company's panel in the transactions a snapshot did not see (migration 0050). */
export interface PanelChanges {
  /** The snapshot of this reading (pg_snapshot as text): the next reading starts from it. */
  snapshot: string;
  /** The reading's own transaction has written: what it read may never commit. */
  wrote: boolean;
  /** The company's whole panel (its standard fees, the registry). */
  everything: boolean;
  appraisers: string[];
}

/** `since` null: only the snapshot, before a first reading. */
export async function findPanelChanges(
  db: Db,
  companyId: string,
  since: string | null,
): Promise<PanelChanges> {
  if (since === null) {
    const { rows } = await sql<PanelChanges>`
      SELECT pg_current_snapshot()::text AS snapshot, pg_current_xact_id_if_assigned() IS NOT NULL AS wrote,
             false AS everything, '{}'::text[] AS appraisers`.execute(db);
    return rows[0]!;
  }
  // The snapshot and the rows come from the same statement, so from the same snapshot: a row this
  // reading does not see is one the next reading looks for.
  const { rows } = await sql<PanelChanges>`
    SELECT pg_current_snapshot()::text AS snapshot, pg_current_xact_id_if_assigned() IS NOT NULL AS wrote,
           coalesce(bool_or(c.xid IS NOT NULL AND c.appraiser_id IS NULL), false) AS everything,
           coalesce(array_agg(DISTINCT c.appraiser_id::text) FILTER (WHERE c.appraiser_id IS NOT NULL), '{}') AS appraisers
      FROM (SELECT 1) one
      LEFT JOIN panel_changes c
        ON c.xid >= pg_snapshot_xmin(${since}::pg_snapshot)
       AND NOT pg_visible_in_snapshot(c.xid, ${since}::pg_snapshot)
       AND (c.company_id = ${companyId} OR c.company_id IS NULL)`.execute(db);
  return rows[0]!;
}

/** Forgets changes older than two days: no reading is kept past its day (panel-memory.ts). */
export async function forgetOldPanelChanges(db: Db): Promise<void> {
  await sql`DELETE FROM panel_changes WHERE changed_at < now() - interval '2 days'`.execute(db);
}

export interface MemberLicense {
  state_id: string;
  level: LicenseLevel;
  expires_on: string;
  number: string;
  /** What the ASC registry last gave for that number in the state; null: not in it. */
  registry_status: 'A' | 'I' | null;
  registry_expires_on: string | null;
}

export type FeeLine = ScheduleEntry & { product_id: string };

/** One appraiser of the panel as the engine reads them, whatever the order. */
export interface MemberRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  licenses: MemberLicense[];
  eo_expires_on: string | null;
  eo_per_claim_cents: string | null;
  fha_roster: boolean | null;
  capacity: number | null;
  home_latitude: string | null;
  home_longitude: string | null;
  radius_miles: number | null;
  counties: string[];
  zips: string[];
  /** Empty: every product of the company. */
  products: string[];
  /** Their time off ending today or later. */
  time_off: { starts_on: string; ends_on: string }[];
  exclusions: { client_id: string; reason: string }[];
  open_orders: string;
  /** The due dates of their first ten open orders, soonest first. */
  due_dates: Date[];
  last_offered_at: Date | null;
  fee_lines: FeeLine[];
  /** Their scorecard since `since` (docs/turn-times.md, "Scorecards"): orders completed, how they went. */
  reports: string;
  mean_turn_business_days: string | null;
  on_time_rate: string | null;
  revision_rate: string | null;
  /** Offers made to them since `since` that they accepted, and that they declined or let lapse. */
  offers_accepted: string;
  offers_declined: string;
}

/**
 * The company's appraisers (or those of `ids` still in it), each in one row: a correlated read
 * per fact, each from its table's index by appraiser. `today`: time off that ended before it is
 * left out; `since`: the start of the 90 days of the track record.
 */
export async function findMembers(
  db: Db,
  companyId: string,
  options: { ids: string[] | null; today: string; since: Date },
): Promise<MemberRow[]> {
  const closed = sql.join(CLOSED.map((status) => sql.lit(status)));
  const { rows } = await sql<MemberRow>`
    SELECT u.id, u.first_name, u.last_name, u.email, u.deactivated_at IS NULL AS active,
           coalesce((
             SELECT json_agg(json_build_object('state_id', l.state_id, 'level', l.level, 'expires_on', l.expires_on,
                      'number', l.number, 'registry_status', r.status, 'registry_expires_on', r.expires_on))
               FROM appraiser_licenses l
               -- The registry's latest word on the license: an active entry over an inactive one, then the latest expiry.
               LEFT JOIN LATERAL (
                 SELECT r.status, r.expires_on FROM registry_licenses r
                  WHERE r.state_id = l.state_id AND r.number_key = regexp_replace(upper(l.number), '[^A-Z0-9]', '', 'g')
                  ORDER BY r.status, r.expires_on DESC LIMIT 1) r ON true
              WHERE l.appraiser_id = u.id), '[]') AS licenses,
           e.expires_on AS eo_expires_on, e.per_claim_cents AS eo_per_claim_cents,
           p.fha_roster, p.capacity, p.home_latitude, p.home_longitude, p.radius_miles,
           ARRAY(SELECT c.code FROM appraiser_coverage c WHERE c.appraiser_id = u.id AND c.kind = 'county') AS counties,
           ARRAY(SELECT c.code FROM appraiser_coverage c WHERE c.appraiser_id = u.id AND c.kind = 'zip') AS zips,
           ARRAY(SELECT ap.product_id::text FROM appraiser_products ap WHERE ap.appraiser_id = u.id) AS products,
           coalesce((
             SELECT json_agg(json_build_object('starts_on', t.starts_on, 'ends_on', t.ends_on))
               FROM appraiser_time_off t WHERE t.appraiser_id = u.id AND t.ends_on >= ${options.today}::date), '[]') AS time_off,
           coalesce((
             SELECT json_agg(json_build_object('client_id', x.client_id, 'reason', x.reason))
               FROM client_appraiser_exclusions x WHERE x.company_id = ${companyId} AND x.appraiser_id = u.id), '[]') AS exclusions,
           (SELECT count(*) FROM orders o WHERE o.appraiser_id = u.id AND o.status NOT IN (${closed})) AS open_orders,
           -- Written out, not parameters: the partial index of an appraiser's open orders names these statuses.
           ARRAY(SELECT coalesce(o.vendor_due_date, o.due_date) FROM orders o
                  WHERE o.appraiser_id = u.id AND o.status NOT IN (${closed})
                  ORDER BY coalesce(o.vendor_due_date, o.due_date) LIMIT 10) AS due_dates,
           (SELECT max(h.created_at) FROM order_history h
             WHERE h.details->>'appraiser_id' = u.id::text
               AND h.action IN ('assign', 'auto_assign_completed')) AS last_offered_at,
           coalesce((
             SELECT json_agg(json_build_object('product_id', f.product_id, 'own', true, 'state_id', f.state_id,
                      'county_id', f.county_id, 'fee_cents', f.fee_cents::text, 'rush_fee_cents', f.rush_fee_cents::text,
                      'rush_days', f.rush_days, 'complexity_fee_cents', f.complexity_fee_cents::text))
               FROM appraiser_fee_schedule f WHERE f.company_id = ${companyId} AND f.appraiser_id = u.id), '[]') AS fee_lines,
           track.reports, track.mean_turn_business_days, track.on_time_rate, track.revision_rate,
           (SELECT count(*) FROM order_history h
             WHERE h.user_id = u.id AND h.action = 'accept_assignment' AND h.created_at >= ${options.since}) AS offers_accepted,
           (SELECT count(*) FROM order_history h
             WHERE h.details->>'appraiser_id' = u.id::text AND h.action IN ('reject_assignment', 'offer_timeout')
               AND h.created_at >= ${options.since}) AS offers_declined
      FROM users u
      LEFT JOIN appraiser_eo_policies e ON e.appraiser_id = u.id
      LEFT JOIN appraiser_profiles p ON p.appraiser_id = u.id
      CROSS JOIN LATERAL (
        -- The scorecard's figures (insight/scorecards.repository.ts): the business days with them
        -- net of pauses (null minutes: an order never timed, left out of the mean), the first
        -- report by their due date, sent back for a revision or a reconsideration of value.
        SELECT count(*) AS reports,
               avg(o.appraiser_minutes::numeric / ${businessDayMinutesSql(companyId)}) AS mean_turn_business_days,
               avg((o.first_submitted_at <= coalesce(o.vendor_due_date, o.due_date))::int) AS on_time_rate,
               avg(o.revised::int) AS revision_rate
          FROM orders o
         WHERE o.appraiser_id = u.id AND o.completed_at >= ${options.since}) track
     WHERE u.organization_id = ${companyId} AND u.role = 'appraiser'
       ${options.ids === null ? sql`` : sql`AND u.id = ANY(${options.ids}::uuid[])`}`.execute(db);
  return rows;
}

/** The company's standard appraiser fees (no appraiser named), every product and place. */
export async function findStandardFeeLines(db: Db, companyId: string): Promise<FeeLine[]> {
  const { rows } = await sql<FeeLine>`
    SELECT f.product_id, false AS own, f.state_id, f.county_id, f.fee_cents::text, f.rush_fee_cents::text,
           f.rush_days, f.complexity_fee_cents::text
      FROM appraiser_fee_schedule f
     WHERE f.company_id = ${companyId} AND f.appraiser_id IS NULL`.execute(db);
  return rows;
}

export interface LastFeeRow {
  appraiser_id: string;
  product_id: string;
  fee_cents: string;
  assigned_at: Date;
}

/**
 * For each of the company's appraisers (or those of `ids`) and each of the products, the fee of
 * the last order of the product they accepted, and when: one short range of the accepted-orders
 * index each (migration 0048). Those who never accepted one have no row.
 */
export async function findLastFees(
  db: Db,
  companyId: string,
  productIds: string[],
  ids: string[] | null,
): Promise<LastFeeRow[]> {
  if (productIds.length === 0) return [];
  const { rows } = await sql<LastFeeRow>`
    SELECT u.id AS appraiser_id, p.product_id::text, last.appraiser_fee_cents::text AS fee_cents, last.assigned_at
      FROM users u
      CROSS JOIN unnest(${productIds}::uuid[]) p (product_id)
      CROSS JOIN LATERAL (
        SELECT o.appraiser_fee_cents, o.assigned_at FROM orders o
         WHERE o.appraiser_id = u.id AND o.assigned_at IS NOT NULL AND o.appraiser_fee_cents IS NOT NULL
           -- An order's first product is one of its products: only the others are looked up, in
           -- the key of order_products. OFFSET 0 keeps it a lookup per order: without it PostgreSQL
           -- may turn the EXISTS into a hashed scan of every order's products (42 ms against 1 ms
           -- for five appraisers of a small company).
           AND (o.first_product_id = p.product_id
                OR EXISTS (SELECT 1 FROM order_products op
                            WHERE op.order_id = o.id AND op.product_id = p.product_id OFFSET 0))
         ORDER BY o.assigned_at DESC LIMIT 1) last
     WHERE u.organization_id = ${companyId} AND u.role = 'appraiser'
       ${ids === null ? sql`` : sql`AND u.id = ANY(${ids}::uuid[])`}`.execute(db);
  return rows;
}

/** The appraisers who turned the order down: rejected it or let the offer lapse. */
export async function findTurnedDown(db: Db, orderId: string): Promise<Set<string>> {
  const { rows } = await sql<{ appraiser_id: string }>`
    SELECT DISTINCT h.details->>'appraiser_id' AS appraiser_id
      FROM order_history h
     WHERE h.order_id = ${orderId}
       AND h.action IN ('reject_assignment', 'offer_timeout', 'reject_assignment_condition')
       AND h.details->>'appraiser_id' IS NOT NULL`.execute(db);
  return new Set(rows.map((row) => row.appraiser_id));
}
