import type { Db, Trx } from '../db/connection.ts';
import type { LicenseLevel } from '../db/schema.ts';
import { PANEL } from './demo-people.ts';

/**
 * The demo panel's credentials (docs/assignment.md), so that the picker shows real choices: every
 * appraiser holds a Texas license of the level their title says and, but one, an
 * errors-and-omissions policy; most are verified by the coordinator. A few stand out as they
 * would in any panel: a license expiring within weeks, one expired, one appraiser not insured,
 * one at capacity, licenses not yet verified, and the certified appraisers on the FHA roster
 * (but one, so that an FHA order tells them apart).
 */
const LEVELS: Record<string, LicenseLevel> = {
  'Certified Residential': 'certified_residential',
  'Certified General': 'certified_general',
  'Licensed Residential': 'licensed',
};

/** Special cases, by the appraiser's last name. */
const EXPIRING = 'Nakamura';
const EXPIRED = 'Fontenot';
const UNINSURED = 'Schmidt';
const UNVERIFIED = ['Castillo', 'Reyes'];
const OFF_THE_ROSTER = 'Okafor';
const AT_CAPACITY = { last: 'Whitfield', capacity: 0 };

/**
 * The counties each demo county's appraisers also take: a metro's appraisers work its
 * neighbouring counties (Austin's three, San Antonio with Hays, Dallas with Collin).
 */
const METRO: Record<string, readonly string[]> = {
  '48453': ['48453', '48491', '48209'],
  '48491': ['48491', '48453'],
  '48209': ['48209', '48453', '48029'],
  '48029': ['48029', '48209'],
  '48201': ['48201'],
  '48113': ['48113', '48085'],
  '48085': ['48085', '48113'],
};

/** Where the demo appraiser (seed/demo.ts) works: the Austin metro, from downtown, 60 miles around. */
export const DEMO_APPRAISER_COUNTIES = METRO['48453']!;
const AUSTIN = { home_latitude: '30.267200', home_longitude: '-97.743100', radius_miles: 60 };

/**
 * The demo appraiser's credentials, so that the demo keys can try the whole assignment: certified
 * in Texas and verified, insured, on the FHA roster, covering the Austin metro.
 */
export async function seedDemoAppraiserCredentials(
  trx: Db,
  appraiserId: string,
  verifierId: string,
  now: Date,
): Promise<void> {
  const verified = { verified_at: now, verified_by: verifierId };
  await trx
    .insertInto('appraiser_licenses')
    .values({
      appraiser_id: appraiserId,
      state_id: '48',
      number: `TX-1380${appraiserId.slice(0, 3).replace(/\D/g, '0')}-R`,
      level: 'certified_residential',
      issued_on: day(now, -365 * 6),
      expires_on: day(now, 700),
      ...verified,
    })
    .execute();
  await trx
    .insertInto('appraiser_eo_policies')
    .values({
      appraiser_id: appraiserId,
      carrier: 'Liberty Mutual',
      policy_number: 'EO-2027-5520',
      per_claim_cents: 100_000_000,
      aggregate_cents: 200_000_000,
      expires_on: day(now, 500),
      ...verified,
    })
    .execute();
  await trx
    .insertInto('appraiser_profiles')
    .values({ appraiser_id: appraiserId, fha_roster: true, w9_on_file: true, capacity: null, ...AUSTIN })
    .execute();
  await trx
    .insertInto('appraiser_coverage')
    .values(
      DEMO_APPRAISER_COUNTIES.map((code) => ({ appraiser_id: appraiserId, kind: 'county' as const, code })),
    )
    .execute();
}

const day = (from: Date, days: number) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedPanelCredentials(
  trx: Trx,
  companyId: string,
  verifierId: string,
  now: Date,
): Promise<void> {
  const appraisers = await trx
    .selectFrom('users')
    .select(['id', 'last_name'])
    .where('organization_id', '=', companyId)
    .where('role', '=', 'appraiser')
    .execute();
  const byLast = new Map(appraisers.map((a) => [a.last_name, a.id]));
  // The demo appraiser has theirs already (seedDemoAppraiserCredentials).
  const holders = new Set(
    (
      await trx
        .selectFrom('appraiser_licenses')
        .select('appraiser_id')
        .where(
          'appraiser_id',
          'in',
          appraisers.map((a) => a.id),
        )
        .execute()
    ).map((row) => row.appraiser_id),
  );
  const panel = PANEL.flatMap((entry, index) => {
    const id = byLast.get(entry.last);
    return id && !holders.has(id) ? [{ ...entry, id, index }] : [];
  });
  if (panel.length === 0) return;
  const verified = (last: string) =>
    UNVERIFIED.includes(last)
      ? { verified_at: null, verified_by: null }
      : { verified_at: now, verified_by: verifierId };
  await trx
    .insertInto('appraiser_licenses')
    .values(
      panel.map((a) => ({
        appraiser_id: a.id,
        state_id: '48',
        number: `TX-13${String(80_000 + a.index * 137).padStart(5, '0')}-${a.license.startsWith('Licensed') ? 'L' : 'R'}`,
        level: LEVELS[a.license] ?? 'licensed',
        issued_on: day(now, -365 * (3 + (a.index % 9))),
        expires_on:
          a.last === EXPIRING
            ? day(now, 40)
            : a.last === EXPIRED
              ? day(now, -10)
              : day(now, 200 + a.index * 23),
        ...verified(a.last),
      })),
    )
    .execute();
  const insured = panel.filter((a) => a.last !== UNINSURED);
  await trx
    .insertInto('appraiser_eo_policies')
    .values(
      insured.map((a) => ({
        appraiser_id: a.id,
        carrier: ['Liberty Mutual', 'OREP', 'Hiscox', 'Travelers'][a.index % 4]!,
        policy_number: `EO-${2026 + (a.index % 2)}-${String(4100 + a.index * 31)}`,
        per_claim_cents: a.license === 'Certified General' ? 200_000_000 : 100_000_000,
        aggregate_cents: a.license === 'Certified General' ? 400_000_000 : 200_000_000,
        expires_on: day(now, 150 + a.index * 11),
        ...verified(a.last),
      })),
    )
    .execute();
  await trx
    .insertInto('appraiser_profiles')
    .values(
      panel.map((a) => ({
        appraiser_id: a.id,
        fha_roster: a.license.startsWith('Certified') && a.last !== OFF_THE_ROSTER,
        w9_on_file: true,
        capacity: a.last === AT_CAPACITY.last ? AT_CAPACITY.capacity : 8 + (a.index % 5) * 2,
      })),
    )
    .execute();
  await trx
    .insertInto('appraiser_coverage')
    .values(
      panel.flatMap((a) =>
        (METRO[a.county] ?? [a.county]).map((code) => ({
          appraiser_id: a.id,
          kind: 'county' as const,
          code,
        })),
      ),
    )
    .execute();
}
