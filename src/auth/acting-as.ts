import type { Db } from '../db/connection.ts';
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
