import type { Trx } from '../db/connection.ts';
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
  const panel = PANEL.flatMap((entry, index) => {
    const id = byLast.get(entry.last);
    return id ? [{ ...entry, id, index }] : [];
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
}
