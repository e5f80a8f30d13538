import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { LicenseLevel } from '../db/schema.ts';
import { CLOSED } from '../workflow/statuses.ts';

/** The SQL of the assignment engine: what it reads of the order and of each appraiser (selection.engine.ts decides). */

export interface SelectionOrder {
  id: string;
  company_id: string;
  client_id: string;
  state_id: string;
  county_id: string | null;
  zip: string;
  latitude: string | null;
  longitude: string | null;
  loan_type: string;
  product_id: string | null;
  product_name: string | null;
  due_date: Date;
  vendor_due_date: Date | null;
  complex_property: boolean | null;
}

export async function findSelectionOrder(db: Db, orderId: string): Promise<SelectionOrder | undefined> {
  return db
    .selectFrom('orders as o')
    .leftJoin('products as p', 'p.id', 'o.first_product_id')
    .select([
      'o.id',
      'o.company_id',
      'o.client_id',
      'o.state_id',
      'o.county_id',
      'o.zip',
      'o.latitude',
      'o.longitude',
      'o.loan_type',
      'o.first_product_id as product_id',
      'p.name as product_name',
      'o.due_date',
      'o.vendor_due_date',
      'o.complex_property',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/** Everything the hard filters and the tie-break read of one appraiser, for one order. */
export interface PanelFacts {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  license_level: LicenseLevel | null;
  license_expires_on: string | null;
  license_number: string | null;
  /** What the ASC registry last gave for that license number in the state; null: not in it. */
  registry_status: 'A' | 'I' | null;
  registry_expires_on: string | null;
  eo_expires_on: string | null;
  eo_per_claim_cents: string | null;
  fha_roster: boolean;
  capacity: number | null;
  home_latitude: string | null;
  home_longitude: string | null;
  radius_miles: number | null;
  /** Any county or ZIP code recorded. */
  has_areas: boolean;
  covers_county: boolean;
  covers_zip: boolean;
  takes_product: boolean;
  /** The last day of a time off that includes today; null: not away. */
  away_through: string | null;
  excluded_reason: string | null;
  turned_down: boolean;
  open_orders: string;
  /** Open orders past their due date, counted up to 10. */
  past_due: string;
  last_offered_at: Date | null;
  last_fee_cents: string | null;
}

/** The facts with what the picker shows beside each appraiser, read in the same statement. */
export interface PanelRow extends PanelFacts {
  /** The due dates of their first three open orders, soonest first; null: none open. */
  next_due_dates: Date[] | null;
  /** When they accepted the order of `last_fee_cents`. */
  last_assigned_at: Date | null;
}

/**
 * The company's appraisers with the facts of the hard filters for this order, in one statement,
 * with what the picker shows beside them (their next due dates, when they accepted the last fee).
 * `licensedInState`: only those holding a license (of any standing) in the subject's state, the
 * engine's candidates; otherwise the whole panel, as the picker lists it.
 *
 * The facts of the whole panel come from small tables read once and joined (the registry's
 * entries of the state, who covers the subject, products, time off, the open-order totals, who
 * turned the order down); what each appraiser's orders and offers say, from one short range of
 * an index each (migration 0048 lets the due dates and the last fee be read from the indexes
 * alone). The first ten open orders by due date answer both the past-due count (up to 10: the
 * late ones come first) and the next three due dates.
 */
export async function findPanelFacts(
  db: Db,
  order: SelectionOrder,
  options: { today: string; now: Date; licensedInState: boolean },
): Promise<PanelRow[]> {
  // Written out, not parameters: the partial index of an appraiser's open orders names these
  // statuses, and a generic plan (a prepared statement's, from its sixth run on a connection)
  // cannot tell that parameters match it: it read every order of each appraiser instead, seconds.
  const closed = sql.join(CLOSED.map((status) => sql.lit(status)));
  const zip = order.zip.slice(0, 5);
  const query = sql<PanelRow>`
    WITH panel AS MATERIALIZED (
      SELECT u.id, u.first_name, u.last_name, u.email, u.deactivated_at IS NULL AS active,
             l.level, l.expires_on, l.number,
             regexp_replace(upper(l.number), '[^A-Z0-9]', '', 'g') AS number_key
        FROM users u
        ${options.licensedInState ? sql`JOIN` : sql`LEFT JOIN`} appraiser_licenses l
          ON l.appraiser_id = u.id AND l.state_id = ${order.state_id}
       WHERE u.organization_id = ${order.company_id} AND u.role = 'appraiser'
    ),
    -- The registry's latest word on each license of the state: an active entry over an inactive one, then the latest expiry.
    registry AS (
      SELECT DISTINCT ON (r.number_key) r.number_key, r.status, r.expires_on
        FROM registry_licenses r
       WHERE r.state_id = ${order.state_id} AND r.number_key IN (SELECT number_key FROM panel)
       ORDER BY r.number_key, r.status, r.expires_on DESC
    ),
    -- Who covers the subject's county or ZIP code: a few entries of the (kind, code) index.
    covered AS (
      SELECT c.appraiser_id, bool_or(c.kind = 'county') AS covers_county, bool_or(c.kind = 'zip') AS covers_zip
        FROM appraiser_coverage c
       WHERE (c.kind = 'county' AND c.code = ${order.county_id}) OR (c.kind = 'zip' AND c.code = ${zip})
       GROUP BY c.appraiser_id
    ),
    -- Those who list products take only those; the others take every product.
    products AS (
      SELECT ap.appraiser_id, coalesce(bool_or(ap.product_id = ${order.product_id}::uuid), false) AS takes
        FROM appraiser_products ap
       WHERE ap.appraiser_id IN (SELECT id FROM panel)
       GROUP BY ap.appraiser_id
    ),
    away AS (
      SELECT t.appraiser_id, max(t.ends_on) AS away_through
        FROM appraiser_time_off t
       WHERE t.appraiser_id IN (SELECT id FROM panel)
         AND t.ends_on >= ${options.today}::date AND t.starts_on <= ${options.today}::date
       GROUP BY t.appraiser_id
    ),
    turned AS (
      SELECT DISTINCT h.details->>'appraiser_id' AS appraiser_id
        FROM order_history h
       WHERE h.order_id = ${order.id}
         AND h.action IN ('reject_assignment', 'offer_timeout', 'reject_assignment_condition')
    ),
    open AS (
      SELECT n.scope_id, sum(n.n) AS open_orders
        FROM order_counts n
       WHERE n.scope = 'appraiser' AND n.scope_id IN (SELECT id FROM panel) AND n.status NOT IN (${closed})
       GROUP BY n.scope_id
    )
    SELECT u.id, u.first_name, u.last_name, u.email, u.active,
           u.level AS license_level, u.expires_on AS license_expires_on, u.number AS license_number,
           reg.status AS registry_status, reg.expires_on AS registry_expires_on,
           e.expires_on AS eo_expires_on, e.per_claim_cents AS eo_per_claim_cents,
           coalesce(p.fha_roster, false) AS fha_roster, p.capacity,
           p.home_latitude, p.home_longitude, p.radius_miles,
           EXISTS (SELECT 1 FROM appraiser_coverage a WHERE a.appraiser_id = u.id) AS has_areas,
           coalesce(c.covers_county, false) AS covers_county, coalesce(c.covers_zip, false) AS covers_zip,
           coalesce(ap.takes, true) AS takes_product,
           a.away_through,
           x.reason AS excluded_reason,
           t.appraiser_id IS NOT NULL AS turned_down,
           coalesce(n.open_orders, 0) AS open_orders,
           due.past_due, due.next_due_dates,
           (SELECT max(h.created_at) FROM order_history h
             WHERE h.details->>'appraiser_id' = u.id::text
               AND h.action IN ('assign', 'auto_assign_completed')) AS last_offered_at,
           last.appraiser_fee_cents AS last_fee_cents, last.assigned_at AS last_assigned_at
      FROM panel u
      LEFT JOIN registry reg ON reg.number_key = u.number_key
      LEFT JOIN appraiser_eo_policies e ON e.appraiser_id = u.id
      LEFT JOIN appraiser_profiles p ON p.appraiser_id = u.id
      LEFT JOIN covered c ON c.appraiser_id = u.id
      LEFT JOIN products ap ON ap.appraiser_id = u.id
      LEFT JOIN away a ON a.appraiser_id = u.id
      LEFT JOIN client_appraiser_exclusions x
        ON x.company_id = ${order.company_id} AND x.client_id = ${order.client_id} AND x.appraiser_id = u.id
      LEFT JOIN turned t ON t.appraiser_id = u.id::text
      LEFT JOIN open n ON n.scope_id = u.id
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE d.due < ${options.now}) AS past_due,
               (array_agg(d.due ORDER BY d.due))[1:3] AS next_due_dates
          FROM (SELECT coalesce(o.vendor_due_date, o.due_date) AS due FROM orders o
                 WHERE o.appraiser_id = u.id AND o.status NOT IN (${closed})
                 ORDER BY coalesce(o.vendor_due_date, o.due_date) LIMIT 10) d) due
      LEFT JOIN LATERAL (
        SELECT o.appraiser_fee_cents, o.assigned_at FROM orders o
         WHERE o.appraiser_id = u.id AND o.assigned_at IS NOT NULL AND o.appraiser_fee_cents IS NOT NULL
           -- An order's first product is one of its products: only the others are looked up.
           AND (o.first_product_id = ${order.product_id}::uuid
                OR EXISTS (SELECT 1 FROM order_products op
                            WHERE op.order_id = o.id AND op.product_id = ${order.product_id}::uuid))
         ORDER BY o.assigned_at DESC LIMIT 1) last ON true
     ORDER BY u.last_name, u.first_name, u.id`;
  // The statement's estimated cost (thousands of index ranges) is past PostgreSQL's JIT threshold:
  // compiling it took over a second on PostgreSQL 15, for a statement that runs in a fraction of that.
  const run = async (trx: Db) => {
    await sql`SET LOCAL jit = off`.execute(trx);
    return (await query.execute(trx)).rows;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** What the scores read of an appraiser's reports over the last year. */
export interface TrackRecord {
  appraiser_id: string;
  reports: string;
  mean_turn_days: string | null;
  on_time_rate: string | null;
  revision_rate: string | null;
}

/**
 * The track record of these appraisers: their reports submitted in the year before `now`, the
 * mean days from acceptance to submission, the share submitted by the due date, and the share
 * sent back for a revision or a reconsideration of value. Read for the appraisers who passed the
 * hard filters only.
 */
export async function findTrackRecords(
  db: Db,
  appraiserIds: string[],
  now: Date,
): Promise<Map<string, TrackRecord>> {
  if (appraiserIds.length === 0) return new Map();
  const since = new Date(now.getTime() - 365 * 86_400_000);
  const { rows } = await sql<TrackRecord>`
    SELECT o.appraiser_id, count(*) AS reports,
           avg(extract(epoch FROM (o.submitted_at - o.assigned_at)) / 86400)
             FILTER (WHERE o.assigned_at IS NOT NULL) AS mean_turn_days,
           avg((o.submitted_at <= coalesce(o.vendor_due_date, o.due_date))::int) AS on_time_rate,
           avg(o.revised::int) AS revision_rate
      FROM orders o
     WHERE o.appraiser_id = ANY(${appraiserIds}::uuid[])
       AND o.submitted_at IS NOT NULL AND o.submitted_at >= ${since}
     GROUP BY o.appraiser_id`.execute(db);
  return new Map(rows.map((row) => [row.appraiser_id, row]));
}

export interface DecisionRecord {
  orderId: string;
  madeBy: 'auto_assign' | 'picker';
  chosenAppraiserId: string | null;
  rules: object;
  candidates: unknown[];
}

export async function insertDecision(db: Db, decision: DecisionRecord): Promise<string> {
  const row = await db
    .insertInto('assignment_decisions')
    .values({
      order_id: decision.orderId,
      made_by: decision.madeBy,
      chosen_appraiser_id: decision.chosenAppraiserId,
      rules: JSON.stringify(decision.rules),
      candidates: JSON.stringify(decision.candidates),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findDecisions(db: Db, orderId: string, limit: number) {
  return db
    .selectFrom('assignment_decisions as d')
    .leftJoin('users as u', 'u.id', 'd.chosen_appraiser_id')
    .select([
      'd.id',
      'd.made_by',
      'd.chosen_appraiser_id',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('chosen_name'),
      'd.rules',
      'd.candidates',
      'd.created_at',
    ])
    .where('d.order_id', '=', orderId)
    .orderBy('d.created_at', 'desc')
    .limit(limit)
    .execute();
}
