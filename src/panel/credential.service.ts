import type { Principal, AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { addDays, isCalendarDay, localDay } from '../format/dates.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { requireOwnDecision } from '../policy/acting.ts';
import { findState, type UsState } from '../reference/geography.ts';
import {
  deleteEoPolicy,
  deleteLicense,
  findAppraiser,
  findChanges,
  findEoPolicy,
  findLicense,
  findLicenses,
  findProfile,
  lockAppraiser,
  putEoPolicy,
  putLicense,
  putProfile,
  recordChange,
  verifyEoPolicy,
  verifyLicense,
  type AppraiserRow,
  type EoPolicyRow,
  type LicenseRow,
} from './credential.repository.ts';
import type {
  AppraiserCredentialsView,
  AppraiserLicenseView,
  CredentialChangeView,
  EoPolicyInput,
  EoPolicyView,
  LicenseInput,
  ProfileInput,
} from './credential.schemas.ts';

/**
 * An appraiser's credentials (docs/assignment.md, "Credentials"). Who reaches them: the
 * appraiser, their company's staff, operators; anyone else is answered as if the appraiser
 * did not exist (404), and a lender's users never reach the route (403). The appraiser and the
 * company's staff record them; only the company's staff verify a license or a policy and confirm
 * the FHA roster and the W-9, in their own name. Nobody acting for the appraiser changes what
 * the appraiser holds out as their own (policy/acting.ts). Every change is recorded.
 */

/** A credential within this many days of its last valid day is `expiring`. */
export const EXPIRING_WITHIN_DAYS = 60;

const OWN_CREDENTIALS = { by: 'person', what: 'change their credentials' } as const;

/** The appraiser the path names, if the caller reaches them; else 404 as for none. */
export async function appraiserInReach(db: Db, user: AuthUser, appraiserId: string): Promise<AppraiserRow> {
  const appraiser = isUuid(appraiserId) ? await findAppraiser(db, appraiserId) : undefined;
  const reaches =
    appraiser !== undefined &&
    (user.role === 'operator' ||
      (user.role === 'staff' && user.organizationId === appraiser.organization_id) ||
      (user.role === 'appraiser' && user.id === appraiser.id));
  if (!reaches) throw new AppError('not_found', `No appraiser ${appraiserId}`);
  return appraiser;
}

/** The appraiser, for a change: the appraiser themself (never someone acting for them) or staff. */
export async function appraiserToChange(db: Db, principal: Principal, appraiserId: string) {
  const appraiser = await appraiserInReach(db, principal.user, appraiserId);
  if (principal.user.id === appraiser.id) requireOwnDecision(principal, OWN_CREDENTIALS);
  return appraiser;
}

/** Verifying and confirming is the company's: its staff, in the appraiser's company. */
function requireCompanyStaff(user: AuthUser, what: string, field?: string): void {
  if (user.role === 'staff') return;
  throw new AppError(
    'forbidden',
    `Only the appraiser's company's staff ${what}`,
    field ? [{ field, message: `only the company's staff ${what}` }] : [],
  );
}

const actedBy = (principal: Principal) =>
  principal.keyOwner.id === principal.user.id ? null : principal.keyOwner.id;

/** What a change did, for the record; null: it changed nothing, and nothing is recorded. */
export type Done = {
  change: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
} | null;

/**
 * Runs a change of the appraiser's credentials in a transaction, with the appraiser's row
 * locked (changes of one appraiser go one at a time), and records what it did.
 */
export async function changing(
  db: Db,
  principal: Principal,
  appraiserId: string,
  work: (trx: Db) => Promise<Done>,
) {
  await db.transaction().execute(async (trx) => {
    await lockAppraiser(trx, appraiserId);
    const done = await work(trx);
    if (done === null) return;
    await recordChange(trx, {
      appraiserId,
      ...done,
      changedBy: principal.user.id,
      actedBy: actedBy(principal),
    });
  });
}

export function standing(
  expiresOn: string,
  timeZone: string,
  now = new Date(),
): 'active' | 'expiring' | 'expired' {
  const today = localDay(now, timeZone);
  if (expiresOn < today) return 'expired';
  return expiresOn <= addDays(today, EXPIRING_WITHIN_DAYS) ? 'expiring' : 'active';
}

const verification = (row: {
  verified_at: Date | null;
  verified_by: string | null;
  verified_by_name: string | null;
}) => ({
  verified_at: row.verified_at?.toISOString() ?? null,
  verified_by:
    row.verified_by !== null && row.verified_by_name !== null
      ? { id: row.verified_by, name: row.verified_by_name }
      : null,
});

function licenseView(row: LicenseRow, timeZone: string): AppraiserLicenseView {
  return {
    state: findState(row.state_id)?.code ?? row.state_id,
    state_id: row.state_id,
    number: row.number,
    level: row.level,
    issued_on: row.issued_on,
    expires_on: row.expires_on,
    standing: standing(row.expires_on, timeZone),
    ...verification(row),
    updated_at: row.updated_at.toISOString(),
  };
}

function eoPolicyView(row: EoPolicyRow, timeZone: string): EoPolicyView {
  return {
    carrier: row.carrier,
    policy_number: row.policy_number,
    per_claim: centsToDecimal(row.per_claim_cents)!,
    aggregate: centsToDecimal(row.aggregate_cents),
    expires_on: row.expires_on,
    standing: standing(row.expires_on, timeZone),
    ...verification(row),
    updated_at: row.updated_at.toISOString(),
  };
}

async function credentialsOf(
  db: Db,
  appraiser: AppraiserRow,
  timeZone: string,
): Promise<AppraiserCredentialsView> {
  const [licenses, policy, profile] = await Promise.all([
    findLicenses(db, appraiser.id),
    findEoPolicy(db, appraiser.id),
    findProfile(db, appraiser.id),
  ]);
  return {
    appraiser: {
      id: appraiser.id,
      name: `${appraiser.first_name} ${appraiser.last_name}`.trim(),
      email: appraiser.email,
      company_id: appraiser.organization_id,
    },
    licenses: licenses.map((row) => licenseView(row, timeZone)),
    eo_policy: policy ? eoPolicyView(policy, timeZone) : null,
    ...profile,
  };
}

export async function appraiserCredentials(
  db: Db,
  user: AuthUser,
  appraiserId: string,
  timeZone: string,
): Promise<AppraiserCredentialsView> {
  return credentialsOf(db, await appraiserInReach(db, user, appraiserId), timeZone);
}

/** The state a path names, by USPS code or name; `missing` says how to answer one that is none. */
function stateOf(text: string, missing: 'not_found' | 'validation_failed'): UsState {
  const state = findState(text);
  if (state && !/^\d+$/.test(text.trim())) return state;
  if (missing === 'not_found') throw new AppError('not_found', `No license in ${text}`);
  throw new AppError('validation_failed', 'The state is not one', [
    { field: 'state', message: 'must be a US state or territory, by its USPS code (TX)' },
  ]);
}

function checkDay(problems: FieldProblem[], field: string, value: string | null | undefined): void {
  if (value !== null && value !== undefined && !isCalendarDay(value))
    problems.push({ field, message: 'must be a day of the calendar (2027-06-30)' });
}

function licenseValues(input: LicenseInput, timeZone: string) {
  const problems: FieldProblem[] = [];
  const issuedOn = input.issued_on ?? null;
  checkDay(problems, 'issued_on', issuedOn);
  checkDay(problems, 'expires_on', input.expires_on);
  if (problems.length === 0 && issuedOn !== null) {
    if (issuedOn > input.expires_on)
      problems.push({ field: 'issued_on', message: 'must be on or before expires_on' });
    else if (issuedOn > localDay(new Date(), timeZone))
      problems.push({ field: 'issued_on', message: 'must be today or earlier' });
  }
  if (problems.length > 0) throw new AppError('validation_failed', 'The license is not valid', problems);
  return {
    number: input.number.trim(),
    level: input.level,
    issued_on: issuedOn,
    expires_on: input.expires_on,
  };
}

/** What a record of the license keeps: the facts that were verified. */
const licenseFacts = (
  row: Pick<LicenseRow, 'state_id' | 'number' | 'level' | 'issued_on' | 'expires_on'>,
) => ({
  state_id: row.state_id,
  number: row.number,
  level: row.level,
  issued_on: row.issued_on,
  expires_on: row.expires_on,
});

export async function recordLicense(
  db: Db,
  principal: Principal,
  appraiserId: string,
  stateText: string,
  input: LicenseInput,
  timeZone: string,
): Promise<AppraiserLicenseView> {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  const state = stateOf(stateText, 'validation_failed');
  const values = licenseValues(input, timeZone);
  await changing(db, principal, appraiser.id, async (trx) => {
    const before = await findLicense(trx, appraiser.id, state.id);
    const after = licenseFacts({ state_id: state.id, ...values });
    const unchanged = before !== undefined && JSON.stringify(licenseFacts(before)) === JSON.stringify(after);
    await putLicense(trx, appraiser.id, state.id, values, unchanged);
    if (unchanged) return null;
    return { change: 'license_recorded', before: before ? licenseFacts(before) : null, after };
  });
  return licenseView((await findLicense(db, appraiser.id, state.id))!, timeZone);
}

export async function removeLicense(db: Db, principal: Principal, appraiserId: string, stateText: string) {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  const state = stateOf(stateText, 'not_found');
  await changing(db, principal, appraiser.id, async (trx) => {
    const before = await findLicense(trx, appraiser.id, state.id);
    if (!before) throw new AppError('not_found', `No license in ${state.code}`);
    await deleteLicense(trx, appraiser.id, state.id);
    return { change: 'license_removed', before: licenseFacts(before), after: null };
  });
}

export async function confirmLicense(
  db: Db,
  principal: Principal,
  appraiserId: string,
  stateText: string,
  timeZone: string,
): Promise<AppraiserLicenseView> {
  const appraiser = await appraiserInReach(db, principal.user, appraiserId);
  requireCompanyStaff(principal.user, 'verify a license');
  const state = stateOf(stateText, 'not_found');
  await changing(db, principal, appraiser.id, async (trx) => {
    const license = await findLicense(trx, appraiser.id, state.id);
    if (!license) throw new AppError('not_found', `No license in ${state.code}`);
    await verifyLicense(trx, appraiser.id, state.id, principal.user.id);
    return { change: 'license_verified', before: null, after: licenseFacts(license) };
  });
  return licenseView((await findLicense(db, appraiser.id, state.id))!, timeZone);
}

function eoPolicyValues(input: EoPolicyInput) {
  const problems: FieldProblem[] = [];
  checkDay(problems, 'expires_on', input.expires_on);
  const perClaim = decimalToCents(input.per_claim);
  const aggregate =
    input.aggregate === undefined || input.aggregate === null ? null : decimalToCents(input.aggregate);
  if (perClaim === null || perClaim <= 0n)
    problems.push({ field: 'per_claim', message: 'must be an amount above 0, e.g. 1000000.00' });
  if (perClaim !== null && aggregate !== null && aggregate < perClaim)
    problems.push({ field: 'aggregate', message: 'must be at least per_claim' });
  if (problems.length > 0) throw new AppError('validation_failed', 'The policy is not valid', problems);
  return {
    carrier: input.carrier.trim(),
    policy_number: input.policy_number.trim(),
    per_claim_cents: String(perClaim),
    aggregate_cents: aggregate === null ? null : String(aggregate),
    expires_on: input.expires_on,
  };
}

const policyFacts = (
  row: Pick<EoPolicyRow, 'carrier' | 'policy_number' | 'per_claim_cents' | 'aggregate_cents' | 'expires_on'>,
) => ({
  carrier: row.carrier,
  policy_number: row.policy_number,
  per_claim: centsToDecimal(row.per_claim_cents),
  aggregate: centsToDecimal(row.aggregate_cents),
  expires_on: row.expires_on,
});

export async function recordEoPolicy(
  db: Db,
  principal: Principal,
  appraiserId: string,
  input: EoPolicyInput,
  timeZone: string,
): Promise<EoPolicyView> {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  const values = eoPolicyValues(input);
  await changing(db, principal, appraiser.id, async (trx) => {
    const before = await findEoPolicy(trx, appraiser.id);
    const after = policyFacts(values);
    const unchanged = before !== undefined && JSON.stringify(policyFacts(before)) === JSON.stringify(after);
    await putEoPolicy(trx, appraiser.id, values, unchanged);
    if (unchanged) return null;
    return { change: 'eo_policy_recorded', before: before ? policyFacts(before) : null, after };
  });
  return eoPolicyView((await findEoPolicy(db, appraiser.id))!, timeZone);
}

export async function removeEoPolicy(db: Db, principal: Principal, appraiserId: string): Promise<void> {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  await changing(db, principal, appraiser.id, async (trx) => {
    const before = await findEoPolicy(trx, appraiser.id);
    if (!before) throw new AppError('not_found', 'No errors-and-omissions policy is recorded');
    await deleteEoPolicy(trx, appraiser.id);
    return { change: 'eo_policy_removed', before: policyFacts(before), after: null };
  });
}

export async function confirmEoPolicy(
  db: Db,
  principal: Principal,
  appraiserId: string,
  timeZone: string,
): Promise<EoPolicyView> {
  const appraiser = await appraiserInReach(db, principal.user, appraiserId);
  requireCompanyStaff(principal.user, 'verify an errors-and-omissions policy');
  await changing(db, principal, appraiser.id, async (trx) => {
    const policy = await findEoPolicy(trx, appraiser.id);
    if (!policy) throw new AppError('not_found', 'No errors-and-omissions policy is recorded');
    await verifyEoPolicy(trx, appraiser.id, principal.user.id);
    return { change: 'eo_policy_verified', before: null, after: policyFacts(policy) };
  });
  return eoPolicyView((await findEoPolicy(db, appraiser.id))!, timeZone);
}

/**
 * Changes what the profile says: the FHA roster and the W-9 are the company's to confirm (its
 * staff only; anyone else naming them gets 403 naming the field), the capacity the appraiser's
 * or the staff's. Answers the whole credentials.
 */
export async function changeProfile(
  db: Db,
  principal: Principal,
  appraiserId: string,
  input: ProfileInput,
  timeZone: string,
): Promise<AppraiserCredentialsView> {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  if (input.fha_roster !== undefined)
    requireCompanyStaff(principal.user, 'confirm the FHA roster', 'fha_roster');
  if (input.w9_on_file !== undefined)
    requireCompanyStaff(principal.user, 'confirm a W-9 on file', 'w9_on_file');
  await changing(db, principal, appraiser.id, async (trx) => {
    const before = await findProfile(trx, appraiser.id);
    const after = {
      fha_roster: input.fha_roster ?? before.fha_roster,
      w9_on_file: input.w9_on_file ?? before.w9_on_file,
      capacity: input.capacity === undefined ? before.capacity : input.capacity,
    };
    if (JSON.stringify(before) === JSON.stringify(after)) return null;
    await putProfile(trx, appraiser.id, after);
    return { change: 'profile_changed', before, after };
  });
  return credentialsOf(db, appraiser, timeZone);
}

/** The most changes one answer lists: an appraiser's credentials change a few times a year. */
export const CHANGES_LISTED = 200;

export async function credentialChanges(
  db: Db,
  user: AuthUser,
  appraiserId: string,
): Promise<CredentialChangeView[]> {
  const appraiser = await appraiserInReach(db, user, appraiserId);
  const rows = await findChanges(db, appraiser.id, CHANGES_LISTED);
  const person = (id: string | null, name: string | null) =>
    id !== null && name !== null ? { id, name } : null;
  return rows.map((row) => ({
    id: row.id,
    change: row.change,
    by: person(row.changed_by, row.changed_by_name),
    acted_by: person(row.acted_by, row.acted_by_name),
    before: row.before,
    after: row.after,
    at: row.created_at.toISOString(),
  }));
}
