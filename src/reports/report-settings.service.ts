import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { companyInReach, requireCompanyAdmin } from '../organizations/company-reach.ts';
import { putReportSettings, reportSettings } from './report-context.repository.ts';
import type { ReportSettingsInput, ReportSettingsView } from './report-settings.schemas.ts';

/**
 * A company's settings for the report checks of its own: its staff read them, its admins change
 * them, operators both; another company is answered as for none.
 */
export async function getReportSettings(
  db: Db,
  user: AuthUser,
  companyId: string,
): Promise<ReportSettingsView> {
  const id = await companyInReach(db, user, companyId);
  return { company_id: id, ...(await reportSettings(db, id)) };
}

export async function changeReportSettings(
  db: Db,
  user: AuthUser,
  companyId: string,
  input: ReportSettingsInput,
): Promise<ReportSettingsView> {
  const id = await companyInReach(db, user, companyId);
  requireCompanyAdmin(user, 'change its report checks');
  const current = await reportSettings(db, id);
  await putReportSettings(db, id, { ...current, ...input });
  return getReportSettings(db, user, id);
}
