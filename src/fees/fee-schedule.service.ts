import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import type { FieldProblem } from '../errors/app-error.ts';
import { companyInReach, requireCompanyAdmin } from '../organizations/company-reach.ts';
import { checkEntries, entryView, refuseProblems } from './fee-entries.ts';
import {
  findAppraiserSchedule,
  findCompanyCatalog,
  findLenderSchedule,
  lockCompanySchedules,
  recordScheduleChange,
  replaceAppraiserSchedule,
  replaceLenderSchedule,
  type EntryValues,
} from './fee-schedule.repository.ts';
import type {
  AppraiserFeeScheduleInput,
  AppraiserFeeScheduleView,
  LenderFeeScheduleInput,
  LenderFeeScheduleView,
} from './fee-schedule.schemas.ts';

/**
 * The company's fee schedules (docs/fees.md): what its lenders pay and its standard appraiser
 * fees. Its staff and operators read them; its admins and operators replace them; every
 * replacement is kept with the schedule before and after.
 */

const actedBy = (principal: Principal) =>
  principal.keyOwner.id === principal.user.id ? null : principal.keyOwner.id;

async function lenderView(db: Db, companyId: string): Promise<LenderFeeScheduleView> {
  const rows = await findLenderSchedule(db, companyId);
  return {
    company_id: companyId,
    entries: rows.map((row) => ({
      ...entryView(row),
      client_id: row.client_id,
      client_name: row.client_name,
    })),
  };
}

export async function appraiserScheduleView(
  db: Db,
  companyId: string,
  appraiserId: string | null,
): Promise<AppraiserFeeScheduleView> {
  const rows = await findAppraiserSchedule(db, companyId, appraiserId);
  return { company_id: companyId, appraiser_id: appraiserId, entries: rows.map(entryView) };
}

export async function lenderFeeSchedule(
  db: Db,
  user: AuthUser,
  companyId: string,
): Promise<LenderFeeScheduleView> {
  return lenderView(db, await companyInReach(db, user, companyId));
}

export async function changeLenderFeeSchedule(
  db: Db,
  principal: Principal,
  companyId: string,
  input: LenderFeeScheduleInput,
): Promise<LenderFeeScheduleView> {
  const id = await companyInReach(db, principal.user, companyId);
  requireCompanyAdmin(principal.user, 'change its fee schedules');
  const catalog = await findCompanyCatalog(db, id);
  const problems: FieldProblem[] = [];
  input.entries.forEach((entry, index) => {
    if (entry.client_id && !catalog.clients.has(entry.client_id.toLowerCase()))
      problems.push({ field: `entries[${index}].client_id`, message: 'is not a client of the company' });
  });
  const clientOf = (entry: LenderFeeScheduleInput['entries'][number]) =>
    entry.client_id?.toLowerCase() ?? null;
  const lines = checkEntries(input.entries, catalog.products, problems, (entry) => clientOf(entry) ?? '');
  refuseProblems(problems, 'The fee schedule');
  return db.transaction().execute(async (trx) => {
    await lockCompanySchedules(trx, id);
    const before = await lenderView(trx, id);
    await replaceLenderSchedule(
      trx,
      id,
      lines.map((line, index) => ({ ...line, client_id: clientOf(input.entries[index]!) })),
    );
    const after = await lenderView(trx, id);
    await recordScheduleChange(trx, {
      companyId: id,
      schedule: 'lender',
      appraiserId: null,
      changedBy: principal.user.id,
      actedBy: actedBy(principal),
      before: before.entries,
      after: after.entries,
    });
    return after;
  });
}

export async function standardAppraiserFees(
  db: Db,
  user: AuthUser,
  companyId: string,
): Promise<AppraiserFeeScheduleView> {
  return appraiserScheduleView(db, await companyInReach(db, user, companyId), null);
}

/**
 * Replaces an appraiser fee schedule: the company's standard one (`appraiserId` null) or an
 * appraiser's own; the caller has checked who may.
 */
export async function replaceAppraiserFees(
  db: Db,
  principal: Principal,
  companyId: string,
  appraiserId: string | null,
  input: AppraiserFeeScheduleInput,
): Promise<AppraiserFeeScheduleView> {
  const catalog = await findCompanyCatalog(db, companyId);
  const problems: FieldProblem[] = [];
  const lines: EntryValues[] = checkEntries(input.entries, catalog.products, problems);
  refuseProblems(problems, 'The fee schedule');
  return db.transaction().execute(async (trx) => {
    await lockCompanySchedules(trx, companyId);
    const before = await appraiserScheduleView(trx, companyId, appraiserId);
    await replaceAppraiserSchedule(trx, companyId, appraiserId, lines);
    const after = await appraiserScheduleView(trx, companyId, appraiserId);
    await recordScheduleChange(trx, {
      companyId,
      schedule: 'appraiser',
      appraiserId,
      changedBy: principal.user.id,
      actedBy: actedBy(principal),
      before: before.entries,
      after: after.entries,
    });
    return after;
  });
}

export async function changeStandardAppraiserFees(
  db: Db,
  principal: Principal,
  companyId: string,
  input: AppraiserFeeScheduleInput,
): Promise<AppraiserFeeScheduleView> {
  const id = await companyInReach(db, principal.user, companyId);
  requireCompanyAdmin(principal.user, 'change its fee schedules');
  return replaceAppraiserFees(db, principal, id, null, input);
}
