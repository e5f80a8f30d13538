import { AppError } from '../errors/app-error.ts';
import { actsForAnotherOrganization, type Principal } from './principal.ts';

/**
 * Decisions that only the user themselves (or someone of their own organization) takes: a
 * client's decisions on its money and the keys issued in its name. A key of another
 * organization acting for the user (X-Api-Email) is refused, so that, say, the appraisal
 * company cannot approve its own fee increase on the lender's behalf.
 */
export function requireOwnDecision(principal: Principal, decision: string): void {
  if (!actsForAnotherOrganization(principal)) return;
  throw new AppError(
    'cannot_act_as',
    `Acting for a user of another organization, you may not ${decision}: ${principal.user.email} must do it with a key of their own organization`,
    [{ field: 'X-Api-Email', message: `may not ${decision} for a user of another organization` }],
  );
}
