import { AppError } from '../errors/app-error.ts';
import type { Principal } from '../auth/principal.ts';

/**
 * Acting for someone: an API key with X-Api-Email, or a web session opened with a single-sign-on
 * token that was minted while acting (the session carries the real person, sessions/). The
 * order's work may be done for the user, within two limits:
 * - `person`: the user's own acts. What an appraiser commits to and certifies (answering an
 *   offer with acceptance, with or without a condition; completing the inspection; submitting
 *   the report; paying a submission fee from their card) and their own credentials and card:
 *   nobody acting for them takes these, not even someone of their own company.
 * - `organization`: an organization's decisions. A lender's decisions on its money (approving
 *   or refusing a change of its fee or due date, asking for payment, changing how an order is
 *   paid) and the keys issued in its name: only someone of the user's own organization takes
 *   these, so that the company cannot approve its own fee increase on the lender's behalf.
 */
export interface OwnDecision {
  by: 'person' | 'organization';
  /** What is decided, as the refusal says it: "approve a change of the fee or due date". */
  what: string;
}

/** Whether the caller acts for someone else at all. */
export const actsForAnother = (principal: Principal): boolean => principal.keyOwner.id !== principal.user.id;

/** Whether the caller acts for a user of another organization (staff for a lender's user, an operator for anyone). */
export const actsForAnotherOrganization = (principal: Principal): boolean =>
  actsForAnother(principal) && principal.keyOwner.organizationId !== principal.user.organizationId;

/** Whether the caller may take a decision that is the user's own. */
export function mayDecide(principal: Principal, own: OwnDecision): boolean {
  return own.by === 'person' ? !actsForAnother(principal) : !actsForAnotherOrganization(principal);
}

/** Refuses (403 cannot_act_as, naming X-Api-Email) a decision the caller may not take for the user. */
export function requireOwnDecision(principal: Principal, own: OwnDecision): void {
  if (mayDecide(principal, own)) return;
  const whose =
    own.by === 'person'
      ? `${principal.user.email} must do it themselves`
      : `${principal.user.email} must do it with a key of their own organization`;
  throw new AppError(
    'cannot_act_as',
    `Acting for ${principal.user.email}, you may not ${own.what}: ${whose}`,
    [
      {
        field: 'X-Api-Email',
        message:
          own.by === 'person'
            ? `may not ${own.what} for another person`
            : `may not ${own.what} for a user of another organization`,
      },
    ],
  );
}
