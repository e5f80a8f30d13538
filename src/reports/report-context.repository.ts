import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { centsToDecimal } from '../format/money.ts';
import { findCounty, findState } from '../reference/geography.ts';
import type { LicenseLevel } from './report.model.ts';
import {
  DEFAULT_THRESHOLDS,
  type AppraiserFacts,
  type CheckThresholds,
  type OrderFacts,
} from './checks/check-context.ts';

/** What the checks need of the order, its client and products, in one query. */
export async function orderFacts(
  db: Db,
  orderId: string,
): Promise<OrderFacts & { appraiser_id: string | null; company_id: string }> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('organizations as client', 'client.id', 'o.client_id')
    .leftJoin('organizations as lender', 'lender.id', 'o.lender_id')
    .select([
      'o.company_id',
      'o.appraiser_id',
      'o.file_number',
      'o.address_one',
      'o.address_two',
      'o.city',
      'o.state_id',
      'o.county_id',
      'o.zip',
      'o.latitude',
      'o.longitude',
      'o.loan_type',
      'o.transaction_type',
      'o.fha_case_number',
      'o.contract_price_cents',
      'client.name as client_name',
      'lender.name as lender_name',
    ])
    .select([
      sql<string[]>`ARRAY(SELECT p.name FROM order_products op JOIN products p ON p.id = op.product_id
                          WHERE op.order_id = o.id ORDER BY op.position)`.as('product_names'),
      sql<string[]>`ARRAY(SELECT p.name FROM order_products op JOIN products p ON p.id = op.product_id
                            JOIN company_selection_rules r ON r.company_id = o.company_id
                          WHERE op.order_id = o.id AND p.id = ANY (r.certified_product_ids))`.as(
        'certified_product_names',
      ),
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  return {
    company_id: row.company_id,
    appraiser_id: row.appraiser_id,
    file_number: row.file_number,
    address_one: row.address_one,
    address_two: row.address_two,
    city: row.city,
    state: findState(row.state_id)?.code ?? row.state_id,
    zip: row.zip,
    county: row.county_id ? (findCounty(row.state_id, row.county_id)?.name ?? null) : null,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    loan_type: row.loan_type,
    transaction_type: row.transaction_type,
    fha_case_number: row.fha_case_number,
    contract_price: row.contract_price_cents === null ? null : centsToDecimal(row.contract_price_cents),
    client_name: row.client_name,
    lender_name: row.lender_name,
    product_names: row.product_names,
    certified_product_names: row.certified_product_names,
  };
}

/** The appraiser's name and licenses on file, each with the national registry's latest word. */
export async function appraiserFacts(
  db: Db,
  appraiserId: string,
  today: string,
): Promise<AppraiserFacts | null> {
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', appraiserId)
    .executeTakeFirst();
  if (!user) return null;
  const { rows } = await sql<{
    state_id: string;
    number: string;
    level: LicenseLevel;
    expires_on: string;
    status: 'A' | 'I' | null;
    registry_expires_on: string | null;
  }>`
    SELECT l.state_id, l.number, l.level, l.expires_on, r.status, r.expires_on AS registry_expires_on
      FROM appraiser_licenses l
      LEFT JOIN LATERAL (
        SELECT r.status, r.expires_on FROM registry_licenses r
         WHERE r.state_id = l.state_id AND r.number_key = regexp_replace(upper(l.number), '[^A-Z0-9]', '', 'g')
         ORDER BY r.status, r.expires_on DESC LIMIT 1) r ON true
     WHERE l.appraiser_id = ${appraiserId}`.execute(db);
  return {
    name: [user.first_name, user.last_name].filter(Boolean).join(' '),
    licenses: rows.map((row) => ({
      state: findState(row.state_id)?.code ?? row.state_id,
      number: row.number,
      level: row.level,
      expires_on: row.expires_on,
      registry_status: registryStatus(row.status, row.registry_expires_on, today),
    })),
  };
}

/** The registry's word as the checks say it: an active entry past its expiry has expired. */
function registryStatus(status: 'A' | 'I' | null, expiresOn: string | null, today: string): string | null {
  if (status === null) return null;
  if (status === 'I') return 'inactive';
  return expiresOn !== null && expiresOn < today ? 'expired' : 'active';
}

export interface ReportSettings extends CheckThresholds {
  allow_fatal_override: boolean;
  review_checklist: string[];
}

export async function reportSettings(db: Db, companyId: string): Promise<ReportSettings> {
  const row = await db
    .selectFrom('company_report_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_THRESHOLDS, allow_fatal_override: false, review_checklist: [] };
  return {
    allow_fatal_override: row.allow_fatal_override,
    review_checklist: row.review_checklist,
    comparable_max_age_months: row.comparable_max_age_months,
    proximity_tolerance_miles: Number(row.proximity_tolerance_miles),
    net_adjustment_percent: Number(row.net_adjustment_percent),
    gross_adjustment_percent: Number(row.gross_adjustment_percent),
  };
}

/** Writes the company's settings whole (the service merges a change into the current ones). */
export async function putReportSettings(db: Db, companyId: string, settings: ReportSettings): Promise<void> {
  const values = {
    allow_fatal_override: settings.allow_fatal_override,
    comparable_max_age_months: settings.comparable_max_age_months,
    proximity_tolerance_miles: settings.proximity_tolerance_miles,
    net_adjustment_percent: settings.net_adjustment_percent,
    gross_adjustment_percent: settings.gross_adjustment_percent,
    review_checklist: JSON.stringify(settings.review_checklist.map((item) => item.trim())),
  };
  await db
    .insertInto('company_report_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((conflict) =>
      conflict.column('company_id').doUpdateSet({ ...values, updated_at: new Date() }),
    )
    .execute();
}
