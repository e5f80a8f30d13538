import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { isCalendarDay, localDay } from '../format/dates.ts';
import { countiesForZip, countiesOf, findCounty, findState } from '../reference/geography.ts';
import { appraiserInReach, appraiserToChange, changing } from './credential.service.ts';
import {
  deleteTimeOff,
  findCompanyProducts,
  findCoverage,
  findTimeOff,
  insertTimeOff,
  putCoverage,
  type CoverageRow,
  type CoverageValues,
} from './coverage.repository.ts';
import type { CoverageInput, CoverageView, TimeOffInput, TimeOffView } from './coverage.schemas.ts';

/**
 * Where an appraiser works, the products they take and the days they are away
 * (docs/assignment.md, "Coverage, products and time off"). The same people reach and change them
 * as the credentials (credential.service.ts); every change is kept in the credential changes.
 */

function coverageView(row: CoverageRow): CoverageView {
  const counties = row.counties.flatMap((fips) => {
    const county = findCounty(fips.slice(0, 2), fips);
    return county ? [{ fips, name: county.name, state: county.stateCode }] : [];
  });
  return {
    counties,
    zips: row.zips,
    home:
      row.home_latitude !== null && row.home_longitude !== null
        ? { latitude: Number(row.home_latitude), longitude: Number(row.home_longitude) }
        : null,
    radius_miles: row.radius_miles,
    products: row.products,
  };
}

export async function appraiserCoverage(db: Db, user: AuthUser, appraiserId: string): Promise<CoverageView> {
  const appraiser = await appraiserInReach(db, user, appraiserId);
  return coverageView(await findCoverage(db, appraiser.id));
}

/** What the record of a coverage change keeps: the codes, home and radius, the product ids. */
const coverageFacts = (values: CoverageValues) => ({
  counties: values.counties,
  zips: values.zips,
  home_latitude: values.home_latitude,
  home_longitude: values.home_longitude,
  radius_miles: values.radius_miles,
  product_ids: values.product_ids,
});

function currentValues(row: CoverageRow): CoverageValues {
  return {
    counties: row.counties,
    zips: row.zips,
    home_latitude: row.home_latitude === null ? null : Number(row.home_latitude),
    home_longitude: row.home_longitude === null ? null : Number(row.home_longitude),
    radius_miles: row.radius_miles,
    product_ids: row.products.map((product) => product.id).sort(),
  };
}

/**
 * Replaces the coverage: every county a real one (by FIPS), every ZIP code a known one, a radius
 * only with a home to measure it from, every product one of the appraiser's company's. Each
 * problem names its field and the entry (`counties[2]`).
 */
export async function changeCoverage(
  db: Db,
  principal: Principal,
  appraiserId: string,
  input: CoverageInput,
): Promise<CoverageView> {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  const problems: FieldProblem[] = [];
  input.counties.forEach((fips, index) => {
    if (!findCounty(fips.slice(0, 2), fips))
      problems.push({ field: `counties[${index}]`, message: `${fips} is not a county's FIPS code` });
  });
  input.zips.forEach((zip, index) => {
    if (countiesForZip(zip).length === 0)
      problems.push({ field: `zips[${index}]`, message: `${zip} is not a ZIP code in use` });
  });
  const productIds = input.product_ids ?? null;
  if (productIds !== null) {
    const known = await findCompanyProducts(db, appraiser.organization_id, productIds);
    productIds.forEach((id, index) => {
      if (!known.has(id))
        problems.push({ field: `product_ids[${index}]`, message: `${id} is not a product of the company` });
    });
  }
  await changing(db, principal, appraiser.id, async (trx) => {
    const before = currentValues(await findCoverage(trx, appraiser.id));
    const home = input.home === undefined ? undefined : input.home;
    const after: CoverageValues = {
      counties: [...input.counties].sort(),
      zips: [...input.zips].sort(),
      home_latitude: home === undefined ? before.home_latitude : (home?.latitude ?? null),
      home_longitude: home === undefined ? before.home_longitude : (home?.longitude ?? null),
      radius_miles: input.radius_miles === undefined ? before.radius_miles : input.radius_miles,
      product_ids: productIds === null ? before.product_ids : [...productIds].sort(),
    };
    if (after.radius_miles !== null && after.home_latitude === null)
      problems.push({ field: 'radius_miles', message: 'needs home: a radius is measured from it' });
    if (problems.length > 0) throw new AppError('validation_failed', 'The coverage is not valid', problems);
    if (JSON.stringify(coverageFacts(before)) === JSON.stringify(coverageFacts(after))) return null;
    await putCoverage(trx, appraiser.id, after);
    return { change: 'coverage_changed', before: coverageFacts(before), after: coverageFacts(after) };
  });
  return coverageView(await findCoverage(db, appraiser.id));
}

export async function appraiserTimeOff(
  db: Db,
  user: AuthUser,
  appraiserId: string,
  timeZone: string,
): Promise<TimeOffView[]> {
  const appraiser = await appraiserInReach(db, user, appraiserId);
  return findTimeOff(db, appraiser.id, localDay(new Date(), timeZone));
}

/** Most days one stretch of time off spans: a longer absence is a leave, better handled by deactivating. */
export const LONGEST_TIME_OFF_DAYS = 366;

export async function addTimeOff(
  db: Db,
  principal: Principal,
  appraiserId: string,
  input: TimeOffInput,
  timeZone: string,
): Promise<TimeOffView> {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  const problems: FieldProblem[] = [];
  for (const field of ['starts_on', 'ends_on'] as const)
    if (!isCalendarDay(input[field]))
      problems.push({ field, message: 'must be a day of the calendar (2027-06-30)' });
  if (problems.length === 0) {
    if (input.ends_on < input.starts_on)
      problems.push({ field: 'ends_on', message: 'must be on or after starts_on' });
    else if (input.ends_on < localDay(new Date(), timeZone))
      problems.push({
        field: 'ends_on',
        message: 'must be today or later: time off already over changes nothing',
      });
    else if (Date.parse(input.ends_on) - Date.parse(input.starts_on) >= LONGEST_TIME_OFF_DAYS * 86_400_000)
      problems.push({
        field: 'ends_on',
        message: `must be within ${LONGEST_TIME_OFF_DAYS} days of starts_on`,
      });
  }
  if (problems.length > 0) throw new AppError('validation_failed', 'The time off is not valid', problems);
  const values = { starts_on: input.starts_on, ends_on: input.ends_on, note: input.note?.trim() || null };
  let added: TimeOffView | undefined;
  await changing(db, principal, appraiser.id, async (trx) => {
    added = await insertTimeOff(trx, appraiser.id, values);
    return { change: 'time_off_added', before: null, after: { ...added } };
  });
  return added!;
}

export async function removeTimeOff(
  db: Db,
  principal: Principal,
  appraiserId: string,
  timeOffId: string,
): Promise<void> {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  await changing(db, principal, appraiser.id, async (trx) => {
    const removed = isUuid(timeOffId) ? await deleteTimeOff(trx, appraiser.id, timeOffId) : undefined;
    if (!removed) throw new AppError('not_found', `No time off ${timeOffId}`);
    return { change: 'time_off_removed', before: { ...removed }, after: null };
  });
}

/** A state's counties, by name, for choosing coverage; a state that is none answers 404. */
export function stateCounties(stateText: string): { fips: string; name: string; state: string }[] {
  const state = /^[A-Za-z]{2}$/.test(stateText.trim()) ? findState(stateText) : null;
  if (!state) throw new AppError('not_found', `No state ${stateText}`);
  return countiesOf(state.id)
    .map((county) => ({ fips: county.id, name: county.name, state: county.stateCode }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
