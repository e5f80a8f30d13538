import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { ScheduleEntry } from './fee-quote.ts';

/** The SQL of the fee schedules (docs/fees.md). */

export interface EntryRow {
  id: string;
  product_id: string;
  product_name: string;
  state_id: string | null;
  county_id: string | null;
  fee_cents: string;
  rush_fee_cents: string;
  rush_days: number | null;
  complexity_fee_cents: string;
}

export interface LenderEntryRow extends EntryRow {
  client_id: string | null;
  client_name: string | null;
}

/** What a replacement writes, checked. */
export interface EntryValues {
  product_id: string;
  state_id: string | null;
  county_id: string | null;
  fee_cents: bigint;
  rush_fee_cents: bigint;
  rush_days: number | null;
  complexity_fee_cents: bigint;
}

export function findLenderSchedule(db: Db, companyId: string): Promise<LenderEntryRow[]> {
  return db
    .selectFrom('lender_fee_schedule as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .leftJoin('organizations as c', 'c.id', 'f.client_id')
    .select([
      'f.id',
      'f.client_id',
      'c.name as client_name',
      'f.product_id',
      'p.name as product_name',
      'f.state_id',
      'f.county_id',
      'f.fee_cents',
      'f.rush_fee_cents',
      'f.rush_days',
      'f.complexity_fee_cents',
    ])
    .where('f.company_id', '=', companyId)
    .orderBy(sql`f.client_id IS NOT NULL`)
    .orderBy('c.name')
    .orderBy('p.name')
    .orderBy(sql`f.state_id NULLS FIRST`)
    .orderBy(sql`f.county_id NULLS FIRST`)
    .execute();
}

export function findAppraiserSchedule(
  db: Db,
  companyId: string,
  appraiserId: string | null,
): Promise<EntryRow[]> {
  return db
    .selectFrom('appraiser_fee_schedule as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .select([
      'f.id',
      'f.product_id',
      'p.name as product_name',
      'f.state_id',
      'f.county_id',
      'f.fee_cents',
      'f.rush_fee_cents',
      'f.rush_days',
      'f.complexity_fee_cents',
    ])
    .where('f.company_id', '=', companyId)
    .where((eb) =>
      appraiserId === null ? eb('f.appraiser_id', 'is', null) : eb('f.appraiser_id', '=', appraiserId),
    )
    .orderBy('p.name')
    .orderBy(sql`f.state_id NULLS FIRST`)
    .orderBy(sql`f.county_id NULLS FIRST`)
    .execute();
}

const terms = (entry: EntryValues) => ({
  product_id: entry.product_id,
  state_id: entry.state_id,
  county_id: entry.county_id,
  fee_cents: entry.fee_cents,
  rush_fee_cents: entry.rush_fee_cents,
  rush_days: entry.rush_days,
  complexity_fee_cents: entry.complexity_fee_cents,
});

export async function replaceLenderSchedule(
  trx: Db,
  companyId: string,
  entries: (EntryValues & { client_id: string | null })[],
): Promise<void> {
  await trx.deleteFrom('lender_fee_schedule').where('company_id', '=', companyId).execute();
  for (let start = 0; start < entries.length; start += 1000) {
    await trx
      .insertInto('lender_fee_schedule')
      .values(
        entries
          .slice(start, start + 1000)
          .map((entry) => ({ company_id: companyId, client_id: entry.client_id, ...terms(entry) })),
      )
      .execute();
  }
}

export async function replaceAppraiserSchedule(
  trx: Db,
  companyId: string,
  appraiserId: string | null,
  entries: EntryValues[],
): Promise<void> {
  await trx
    .deleteFrom('appraiser_fee_schedule')
    .where('company_id', '=', companyId)
    .where((eb) =>
      appraiserId === null ? eb('appraiser_id', 'is', null) : eb('appraiser_id', '=', appraiserId),
    )
    .execute();
  for (let start = 0; start < entries.length; start += 1000) {
    await trx
      .insertInto('appraiser_fee_schedule')
      .values(
        entries
          .slice(start, start + 1000)
          .map((entry) => ({ company_id: companyId, appraiser_id: appraiserId, ...terms(entry) })),
      )
      .execute();
  }
}

export async function recordScheduleChange(
  trx: Db,
  change: {
    companyId: string;
    schedule: 'lender' | 'appraiser' | 'cancellation';
    appraiserId: string | null;
    changedBy: string;
    actedBy: string | null;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await trx
    .insertInto('fee_schedule_changes')
    .values({
      company_id: change.companyId,
      schedule: change.schedule,
      appraiser_id: change.appraiserId,
      changed_by: change.changedBy,
      acted_by: change.actedBy,
      before: JSON.stringify(change.before),
      after: JSON.stringify(change.after),
    })
    .execute();
}

/** Serializes changes of one company's schedules, so that before and after are each change's own. */
export async function lockCompanySchedules(trx: Db, companyId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('fee_schedule:' || ${companyId}))`.execute(trx);
}

/** The lines by what `keyOf` says they price. */
function groupedBy<Row extends ScheduleEntry, Key>(
  rows: Row[],
  keyOf: (row: Row) => Key,
): Map<Key, ScheduleEntry[]> {
  const grouped = new Map<Key, ScheduleEntry[]>();
  for (const row of rows) {
    const list = grouped.get(keyOf(row)) ?? [];
    list.push(row);
    grouped.set(keyOf(row), list);
  }
  return grouped;
}

const scheduleColumns = sql`f.state_id, f.county_id, f.fee_cents::text, f.rush_fee_cents::text, f.rush_days,
  f.complexity_fee_cents::text`;

/**
 * The entries that may price the appraiser side of an order's product, per appraiser: each
 * appraiser's own (`own`) and the company's standard ones (under the key null), in the subject's
 * state or everywhere.
 */
export async function findAppraiserFeeEntries(
  db: Db,
  input: { companyId: string; productId: string; stateId: string; appraiserIds: string[] },
): Promise<Map<string | null, ScheduleEntry[]>> {
  const { rows } = await sql<ScheduleEntry & { appraiser_id: string | null }>`
    SELECT f.appraiser_id, f.appraiser_id IS NOT NULL AS own, ${scheduleColumns}
      FROM appraiser_fee_schedule f
     WHERE f.company_id = ${input.companyId} AND f.product_id = ${input.productId}
       AND (f.state_id IS NULL OR f.state_id = ${input.stateId})
       AND (f.appraiser_id IS NULL OR f.appraiser_id = ANY(${input.appraiserIds}::uuid[]))`.execute(db);
  return groupedBy(rows, (row) => row.appraiser_id);
}

/** The entries that may price a client's order of these products, by product. */
export async function findLenderFeeEntries(
  db: Db,
  input: { clientId: string; productIds: string[]; stateId: string },
): Promise<Map<string, ScheduleEntry[]>> {
  const { rows } = await sql<ScheduleEntry & { product_id: string }>`
    SELECT f.product_id, f.client_id IS NOT NULL AS own, ${scheduleColumns}
      FROM lender_fee_schedule f
      JOIN products p ON p.id = f.product_id AND p.company_id = f.company_id
     WHERE f.product_id = ANY(${input.productIds}::uuid[])
       AND (f.client_id IS NULL OR f.client_id = ${input.clientId})
       AND (f.state_id IS NULL OR f.state_id = ${input.stateId})`.execute(db);
  return groupedBy(rows, (row) => row.product_id);
}

/** The ids of a company's products and of the clients it serves, for checking a schedule's lines. */
export async function findCompanyCatalog(
  db: Db,
  companyId: string,
): Promise<{ products: Set<string>; clients: Set<string> }> {
  const [products, clients] = await Promise.all([
    db.selectFrom('products').select('id').where('company_id', '=', companyId).execute(),
    db.selectFrom('company_clients').select('client_id').where('company_id', '=', companyId).execute(),
  ]);
  return {
    products: new Set(products.map((row) => row.id)),
    clients: new Set(clients.map((row) => row.client_id)),
  };
}
