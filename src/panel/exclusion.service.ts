import type { AuthUser } from '../auth/principal.ts';
import { settingsOf } from '../clients/client-settings.service.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError } from '../errors/app-error.ts';
import { isCompanyAppraiser } from '../users/user.repository.ts';
import { deleteExclusion, findExclusions, putExclusion } from './exclusion.repository.ts';
import type { AppraiserExclusionView } from './exclusion.schemas.ts';

/**
 * A lender's do-not-use list (docs/assignment.md, "A lender's exclusions"): the appraisers of the
 * company's panel that the lender asked not to be offered its orders, kept by the company's staff
 * (the lender has no part in choosing appraisers, so it reads and writes none of this). The
 * service never offers an excluded appraiser the lender's orders; the picker says why.
 */
const view = (row: Awaited<ReturnType<typeof findExclusions>>[number]): AppraiserExclusionView => ({
  client_id: row.client_id,
  appraiser: { id: row.appraiser_id, name: row.appraiser_name ?? '' },
  reason: row.reason,
  excluded_by:
    row.excluded_by !== null && row.excluded_by_name !== null
      ? { id: row.excluded_by, name: row.excluded_by_name }
      : null,
  created_at: row.created_at.toISOString(),
});

export async function clientExclusions(db: Db, user: AuthUser, clientId: string) {
  const served = await settingsOf(db, user, clientId);
  return (await findExclusions(db, served.company_id, served.client_id)).map(view);
}

/** The company and client of the path, with an appraiser of the company's panel (else 404). */
async function inReach(db: Db, user: AuthUser, clientId: string, appraiserId: string) {
  const served = await settingsOf(db, user, clientId);
  const appraiser = appraiserId.toLowerCase();
  if (!isUuid(appraiser) || !(await isCompanyAppraiser(db, appraiser, served.company_id)))
    throw new AppError('not_found', `No appraiser ${appraiserId} on the panel`);
  return { companyId: served.company_id, clientId: served.client_id, appraiserId: appraiser };
}

export async function excludeAppraiser(
  db: Db,
  user: AuthUser,
  clientId: string,
  appraiserId: string,
  reason: string,
): Promise<AppraiserExclusionView> {
  const target = await inReach(db, user, clientId, appraiserId);
  await putExclusion(db, {
    company_id: target.companyId,
    client_id: target.clientId,
    appraiser_id: target.appraiserId,
    reason: reason.trim(),
    excluded_by: user.id,
  });
  const [row] = await findExclusions(db, target.companyId, target.clientId, target.appraiserId);
  return view(row!);
}

export async function readmitAppraiser(db: Db, user: AuthUser, clientId: string, appraiserId: string) {
  const target = await inReach(db, user, clientId, appraiserId);
  if (!(await deleteExclusion(db, target.companyId, target.clientId, target.appraiserId)))
    throw new AppError('not_found', 'The lender has not excluded that appraiser');
}
