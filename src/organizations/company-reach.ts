import type { AuthUser } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { isUuid } from '../db/ids.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { isCompany } from './organization.repository.ts';

/**
 * A company's own settings (its rules for choosing appraisers, its fee schedules): its staff read
 * them, operators too; another company's staff are answered as for none.
 */
export async function companyInReach(db: Db, user: AuthUser, companyId: string): Promise<string> {
  const reaches = isUuid(companyId) && (user.role === 'operator' || user.organizationId === companyId);
  if (!reaches || !(await isCompany(db, companyId))) throw notFound('company');
  return companyId.toLowerCase();
}

/** Changing them is for the company's admins and operators. */
export function requireCompanyAdmin(user: AuthUser, what: string): void {
  if (user.role === 'staff' && !user.isAdmin)
    throw new AppError('forbidden', `Only the company's admins ${what}`);
}
