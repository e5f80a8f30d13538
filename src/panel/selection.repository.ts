import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { LicenseLevel } from '../db/schema.ts';

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
  /** The lender's least E&O coverage per claim, as the company recorded it; null: none of its own. */
  client_eo_minimum_cents: string | null;
}

export async function findSelectionOrder(db: Db, orderId: string): Promise<SelectionOrder | undefined> {
  return db
    .selectFrom('orders as o')
    .leftJoin('products as p', 'p.id', 'o.first_product_id')
    .leftJoin('company_clients as cc', (join) =>
      join.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.client_id', '=', 'o.client_id'),
    )
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
      'cc.eo_minimum_cents as client_eo_minimum_cents',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/** Everything the hard filters and the tie-break read of one appraiser, for one order. */
export interface PanelFacts {
  id: string;
  first_name: string;
  last_name: string;
  /** First and last name, as the candidates show it. */
  name: string;
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
  /** Degrees, as numbers: the distance is worked out for every appraiser of every ranking. */
  home_latitude: number | null;
  home_longitude: number | null;
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
  open_orders: number;
  /** Open orders past their due date, counted up to 10. */
  past_due: number;
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

/** What the scores read of an appraiser's scorecard over the last 90 days (docs/turn-times.md, "Scorecards"). */
export interface TrackRecord {
  appraiser_id: string;
  /** Orders completed. */
  reports: string;
  /** Business days with them, acceptance to report, net of pauses. */
  mean_turn_business_days: string | null;
  on_time_rate: string | null;
  revision_rate: string | null;
  /** The share of the offers they answered over the 90 days that they accepted; null: none answered. */
  acceptance_rate: string | null;
}

export interface DecisionRecord {
  orderId: string;
  madeBy: 'auto_assign' | 'picker';
  chosenAppraiserId: string | null;
  rules: object;
  /** decision-candidates.ts packs them. */
  candidates: object;
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
