import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { AppError, invalid, notFound } from '../errors/app-error.ts';
import { forgetKeyId } from '../auth/key-cache.ts';
import { inviteUser } from './invitation.service.ts';
import { isClientBranch } from '../clients/client.repository.ts';
import {
  changeUserRow,
  listOrganizationUsers,
  openOrderCount,
  servedClientIds,
  type ManagedUserRow,
} from './user.repository.ts';
import type { InviteUserBody, ManagedUser, UserChangeBody } from './user.schemas.ts';

/**
 * The administration of users: who sees which users (staff: their company's and those of the
 * clients it serves; a client's users: their client's; operators: everyone), who may change
 * them (administrators of the organization, and a company's admins for its clients' users;
 * operators), and what a change does. Another organization's user is "not found".
 */
async function organizationsOf(db: Db, user: AuthUser): Promise<string[] | 'all'> {
  if (user.role === 'operator') return 'all';
  if (user.organizationId === null) return [];
  if (user.role === 'staff')
    return [user.organizationId, ...(await servedClientIds(db, user.organizationId))];
  return [user.organizationId];
}

export function toManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role as ManagedUser['role'],
    is_admin: row.is_admin,
    active: row.deactivated_at === null,
    invitation_pending: row.password_hash === null && row.invited_at !== null,
    organization: { id: row.organization_id, name: row.organization_name, kind: row.organization_kind },
    invited_at: row.invited_at?.toISOString() ?? null,
    branch: row.branch_id ? { id: row.branch_id, name: row.branch_name ?? '' } : null,
  };
}

export async function listUsers(db: Db, user: AuthUser, organizationId?: string): Promise<ManagedUser[]> {
  const scope = await organizationsOf(db, user);
  if (organizationId !== undefined && scope !== 'all' && !scope.includes(organizationId))
    throw notFound('organization');
  const rows = await listOrganizationUsers(db, organizationId !== undefined ? [organizationId] : scope);
  return rows.map(toManagedUser);
}

async function findManaged(db: Db, user: AuthUser, userId: string): Promise<ManagedUserRow> {
  const scope = await organizationsOf(db, user);
  const rows = await listOrganizationUsers(db, scope);
  const row = rows.find((r) => r.id === userId);
  if (!row) throw notFound('user');
  return row;
}

/** Invites a user into the caller's organization or a client their company serves (POST /users). */
export async function inviteManagedUser(
  db: Db,
  config: Config,
  inviter: AuthUser,
  body: InviteUserBody,
): Promise<ManagedUser> {
  const invited = await inviteUser(db, config, inviter, {
    email: body.email.trim().toLowerCase(),
    taken: false,
    firstName: body.first_name.trim(),
    lastName: body.last_name.trim(),
    role: body.role ?? null,
    organizationId: body.organization_id,
    isAdmin: body.is_admin ?? false,
    fields: { email: 'email', firstName: 'first_name', lastName: 'last_name', role: 'role' },
  });
  return toManagedUser(await findManaged(db, inviter, invited.id));
}

export async function changeUser(
  db: Db,
  admin: AuthUser,
  userId: string,
  body: UserChangeBody,
): Promise<ManagedUser> {
  const target = await findManaged(db, admin, userId);
  const administers =
    admin.role === 'operator' ||
    (admin.isAdmin && (admin.role === 'staff' || admin.organizationId === target.organization_id));
  if (!administers) throw new AppError('forbidden', 'Only administrators change users');
  if (target.id === admin.id)
    throw new AppError(
      'forbidden',
      'You cannot change your own role, admin flag or access: another administrator does',
    );
  if (body.role !== undefined && body.role !== target.role) {
    if (target.organization_kind !== 'company')
      throw invalid('role', "changes for a company's users only (staff or appraiser)");
    // An appraiser's open orders would be left with someone who can no longer work on them.
    const open = target.role === 'appraiser' ? await openOrderCount(db, target.id) : 0;
    if (open > 0)
      throw new AppError(
        'conflict',
        `${target.first_name} ${target.last_name} has ${open} open order${open === 1 ? '' : 's'}: reassign them first`,
      );
  }
  if (body.branch_id !== undefined && body.branch_id !== null) {
    if (target.organization_kind !== 'client') throw invalid('branch_id', "is for a client's users only");
    if (!(await isClientBranch(db, target.organization_id, body.branch_id)))
      throw invalid('branch_id', "is not one of the client's branches");
  }
  const revoked = await db.transaction().execute((trx) =>
    changeUserRow(trx, target.id, {
      ...(body.branch_id !== undefined ? { branchId: body.branch_id } : {}),
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.is_admin !== undefined ? { isAdmin: body.is_admin } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    }),
  );
  for (const keyId of revoked) forgetKeyId(keyId);
  return toManagedUser(await findManaged(db, admin, target.id));
}
