import type { Db } from '../db/connection.ts';

/** The SQL of an appraiser's coverage, products and time off (panel/coverage.service.ts holds the rules). */

export interface CoverageRow {
  counties: string[];
  zips: string[];
  home_latitude: string | null;
  home_longitude: string | null;
  radius_miles: number | null;
  products: { id: string; name: string }[];
}

export async function findCoverage(db: Db, appraiserId: string): Promise<CoverageRow> {
  const [areas, profile, products] = await Promise.all([
    db
      .selectFrom('appraiser_coverage')
      .select(['kind', 'code'])
      .where('appraiser_id', '=', appraiserId)
      .orderBy('kind')
      .orderBy('code')
      .execute(),
    db
      .selectFrom('appraiser_profiles')
      .select(['home_latitude', 'home_longitude', 'radius_miles'])
      .where('appraiser_id', '=', appraiserId)
      .executeTakeFirst(),
    db
      .selectFrom('appraiser_products as ap')
      .innerJoin('products as p', 'p.id', 'ap.product_id')
      .select(['p.id', 'p.name'])
      .where('ap.appraiser_id', '=', appraiserId)
      .orderBy('p.name')
      .orderBy('p.id')
      .execute(),
  ]);
  return {
    counties: areas.filter((area) => area.kind === 'county').map((area) => area.code),
    zips: areas.filter((area) => area.kind === 'zip').map((area) => area.code),
    home_latitude: profile?.home_latitude ?? null,
    home_longitude: profile?.home_longitude ?? null,
    radius_miles: profile?.radius_miles ?? null,
    products,
  };
}

/** Of these product ids, the ones that are products of the company. */
export async function findCompanyProducts(db: Db, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export interface CoverageValues {
  counties: string[];
  zips: string[];
  home_latitude: number | null;
  home_longitude: number | null;
  radius_miles: number | null;
  product_ids: string[];
}

/** Replaces the appraiser's coverage and products with these. */
export async function putCoverage(trx: Db, appraiserId: string, values: CoverageValues): Promise<void> {
  await trx.deleteFrom('appraiser_coverage').where('appraiser_id', '=', appraiserId).execute();
  const areas = [
    ...values.counties.map((code) => ({ appraiser_id: appraiserId, kind: 'county' as const, code })),
    ...values.zips.map((code) => ({ appraiser_id: appraiserId, kind: 'zip' as const, code })),
  ];
  if (areas.length > 0) await trx.insertInto('appraiser_coverage').values(areas).execute();
  await trx.deleteFrom('appraiser_products').where('appraiser_id', '=', appraiserId).execute();
  if (values.product_ids.length > 0)
    await trx
      .insertInto('appraiser_products')
      .values(values.product_ids.map((product_id) => ({ appraiser_id: appraiserId, product_id })))
      .execute();
  const home = {
    home_latitude: values.home_latitude,
    home_longitude: values.home_longitude,
    radius_miles: values.radius_miles,
  };
  await trx
    .insertInto('appraiser_profiles')
    .values({ appraiser_id: appraiserId, capacity: null, ...home, updated_at: new Date() })
    .onConflict((oc) => oc.column('appraiser_id').doUpdateSet({ ...home, updated_at: new Date() }))
    .execute();
}

export interface TimeOffRow {
  id: string;
  starts_on: string;
  ends_on: string;
  note: string | null;
}

/** The appraiser's time off that ends on `fromDay` or later, soonest first. */
export function findTimeOff(db: Db, appraiserId: string, fromDay: string): Promise<TimeOffRow[]> {
  return db
    .selectFrom('appraiser_time_off')
    .select(['id', 'starts_on', 'ends_on', 'note'])
    .where('appraiser_id', '=', appraiserId)
    .where('ends_on', '>=', fromDay)
    .orderBy('starts_on')
    .orderBy('id')
    .execute();
}

export async function insertTimeOff(
  trx: Db,
  appraiserId: string,
  values: { starts_on: string; ends_on: string; note: string | null },
): Promise<TimeOffRow> {
  return trx
    .insertInto('appraiser_time_off')
    .values({ appraiser_id: appraiserId, ...values })
    .returning(['id', 'starts_on', 'ends_on', 'note'])
    .executeTakeFirstOrThrow();
}

export function deleteTimeOff(trx: Db, appraiserId: string, id: string): Promise<TimeOffRow | undefined> {
  return trx
    .deleteFrom('appraiser_time_off')
    .where('appraiser_id', '=', appraiserId)
    .where('id', '=', id)
    .returning(['id', 'starts_on', 'ends_on', 'note'])
    .executeTakeFirst();
}
