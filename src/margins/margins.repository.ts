import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/**
 * The SQL of margins and fee evidence: the orders a company delivered in a window, their lender
 * fees (the order's total) and appraiser fees (the fee earned, the payable's fee entries).
 */
export async function marginSums(
  db: Db,
  companyId: string,
  from: Date,
  to: Date,
  by: 'client' | 'product' | 'county' | 'month',
  timeZone: string,
) {
  const key = {
    client: sql<string>`o.client_id::text`,
    product: sql<string>`o.first_product_id::text`,
    county: sql<string>`coalesce(o.county_id, o.state_id)`,
    month: sql<string>`to_char(o.completed_at AT TIME ZONE ${timeZone}, 'YYYY-MM')`,
  }[by];
  const { rows } = await sql<{
    key: string | null;
    state_id: string;
    orders: string;
    lender: string;
    appraiser: string;
  }>`
    SELECT ${key} AS key, min(o.state_id) AS state_id, count(*) AS orders,
           coalesce(sum(o.total_fee_cents), 0) AS lender,
           coalesce(sum(coalesce(o.appraiser_fee_cents, 0)), 0) AS appraiser
      FROM orders o
     WHERE o.company_id = ${companyId} AND o.completed_at >= ${from} AND o.completed_at < ${to}
     GROUP BY 1
     ORDER BY 1`.execute(db);
  return rows;
}

export async function feeEvidenceRows(db: Db, companyId: string, from: Date, to: Date) {
  const { rows } = await sql<{
    state_id: string;
    county_id: string;
    product_id: string;
    product_name: string;
    fees: string;
    paid: string;
    minimum: string;
    q1: string;
    median: string;
    q3: string;
    maximum: string;
    mean: string;
    bids: string;
    conditions: string;
    negotiations: string;
  }>`
    WITH delivered AS (
      SELECT o.id, o.state_id, o.county_id, o.first_product_id, o.appraiser_fee_cents,
             (SELECT coalesce(sum(e.amount_cents), 0) FROM payables p JOIN payable_entries e ON e.payable_id = p.id
               WHERE p.order_id = o.id) AS owed,
             EXISTS (SELECT 1 FROM payables p WHERE p.order_id = o.id) AS earned
        FROM orders o
       WHERE o.company_id = ${companyId} AND o.completed_at >= ${from} AND o.completed_at < ${to}
         AND o.appraiser_fee_cents IS NOT NULL AND o.county_id IS NOT NULL AND o.first_product_id IS NOT NULL
    )
    SELECT d.state_id, d.county_id, d.first_product_id AS product_id, pr.name AS product_name,
           count(*) AS fees,
           count(*) FILTER (WHERE d.earned AND d.owed <= 0) AS paid,
           min(d.appraiser_fee_cents) AS minimum,
           round(percentile_cont(0.25) WITHIN GROUP (ORDER BY d.appraiser_fee_cents)) AS q1,
           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY d.appraiser_fee_cents)) AS median,
           round(percentile_cont(0.75) WITHIN GROUP (ORDER BY d.appraiser_fee_cents)) AS q3,
           max(d.appraiser_fee_cents) AS maximum,
           round(avg(d.appraiser_fee_cents)) AS mean,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM order_history h WHERE h.order_id = d.id AND h.action = 'award_bid')) AS bids,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM order_history h WHERE h.order_id = d.id
                                           AND h.action = 'approve_assignment_condition')) AS conditions,
           count(*) FILTER (WHERE EXISTS (SELECT 1 FROM order_history h WHERE h.order_id = d.id
                                           AND h.action = 'approve_negotiation')) AS negotiations
      FROM delivered d JOIN products pr ON pr.id = d.first_product_id
     GROUP BY d.state_id, d.county_id, d.first_product_id, pr.name
     ORDER BY d.state_id, d.county_id, pr.name`.execute(db);
  return rows;
}
