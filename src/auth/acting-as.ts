import type { Db } from '../db/connection.ts';
import { AppError } from '../errors/app-error.ts';
import { companyServesClient } from './auth-user.repository.ts';
import type { AuthUser } from './principal.ts';

/**
 * Whether `actor` administers `target`, and so may act for them (X-Api-Email):
 * - everyone acts for themselves;
 * - an operator for anyone;
 * - staff for users of its own company and of the clients the company serves;
 * - a client admin for users of its own client.
 * Nobody acts for someone with more power than their own: only operators act for operators,
 * and only admins act for admins.
 */
export async function mayActFor(db: Db, actor: AuthUser, target: AuthUser): Promise<boolean> {
  if (actor.id === target.id) return true;
  if (actor.role === 'operator') return true;
  if (target.role === 'operator') return false;
  if (target.isAdmin && !actor.isAdmin) return false;
  if (actor.organizationId === null || target.organizationId === null) return false;
  if (actor.role === 'staff') {
    if (target.organizationId === actor.organizationId) return true;
    return (
      target.organizationKind === 'client' &&
      companyServesClient(db, actor.organizationId, target.organizationId)
    );
  }
  if (actor.role === 'client' && actor.isAdmin) return target.organizationId === actor.organizationId;
  return false;
}

/**
 * The one refusal of X-Api-Email. Unknown users, users of other tenants and users the caller
 * does not administer answer alike (status, code, message, details), so the header tells no
 * one which emails exist. A refused invitation (name headers sent) says who can help, in words
 * that do not depend on why it was refused either.
 */
export function cannotActAs(email: string, inviting = false): AppError {
  return inviting
    ? new AppError(
        'cannot_act_as',
        `You may not act for ${email}, nor invite them: staff and client admins invite into their ` +
          'own organization, an email already in use anywhere cannot be invited again, and an operator ' +
          'can move an existing user to another organization (users move)',
        [
          {
            field: 'X-Api-Email',
            message: 'names a user you do not administer, or an email you may not invite',
          },
        ],
      )
    : new AppError('cannot_act_as', `You may not act for ${email}`, [
        { field: 'X-Api-Email', message: 'names a user you do not administer' },
      ]);
}
