import type { AuthUser, Principal } from '../auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { appraiserScheduleView, replaceAppraiserFees } from '../fees/fee-schedule.service.ts';
import type { AppraiserFeeScheduleInput, AppraiserFeeScheduleView } from '../fees/fee-schedule.schemas.ts';
import { appraiserInReach, appraiserToChange } from './credential.service.ts';

/**
 * An appraiser's own fee schedule (docs/fees.md): the appraiser, their company's staff and
 * operators read and replace it, as the credentials; it comes before the company's standard fees.
 */

export async function appraiserFeeSchedule(
  db: Db,
  user: AuthUser,
  appraiserId: string,
): Promise<AppraiserFeeScheduleView> {
  const appraiser = await appraiserInReach(db, user, appraiserId);
  return appraiserScheduleView(db, appraiser.organization_id, appraiser.id);
}

export async function changeAppraiserFeeSchedule(
  db: Db,
  principal: Principal,
  appraiserId: string,
  input: AppraiserFeeScheduleInput,
): Promise<AppraiserFeeScheduleView> {
  const appraiser = await appraiserToChange(db, principal, appraiserId);
  return replaceAppraiserFees(db, principal, appraiser.organization_id, appraiser.id, input);
}
