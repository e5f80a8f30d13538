import type { Db } from '../db/connection.ts';
import { ROLES, type Role } from '../db/schema.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { findUserByEmail } from '../auth/auth-user.repository.ts';
import { forgetKeyId } from '../auth/key-cache.ts';
import { findOrganization } from '../organizations/organization.repository.ts';
import { moveUserRow } from './user.repository.ts';

export interface CreateUserInput {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  organizationId: string | null;
  isAdmin?: boolean;
  title?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

/** Which roles belong in which kind of organization. */
const ROLE_ORGANIZATION: Record<Role, 'client' | 'company' | null> = {
  client: 'client',
  staff: 'company',
  appraiser: 'company',
  operator: null,
};

/** Creates a user after checking every field; answers 422 naming each bad one. */
export async function createUser(db: Db, input: CreateUserInput): Promise<{ id: string; email: string }> {
  const problems: FieldProblem[] = [];
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) problems.push({ field: 'email', message: 'is not an email address' });
  if (!input.firstName.trim()) problems.push({ field: 'first_name', message: 'is required' });
  if (!input.lastName.trim()) problems.push({ field: 'last_name', message: 'is required' });
  if (!ROLES.includes(input.role))
    problems.push({ field: 'role', message: `must be one of: ${ROLES.join(', ')}` });

  const expectedKind = ROLE_ORGANIZATION[input.role];
  if (expectedKind === null && input.organizationId) {
    problems.push({ field: 'organization_id', message: 'operators belong to no organization' });
  }
  if (expectedKind !== null && expectedKind !== undefined) {
    const organization = input.organizationId ? await findOrganization(db, input.organizationId) : null;
    if (!organization) problems.push({ field: 'organization_id', message: 'does not name an organization' });
    else if (organization.kind !== expectedKind) {
      problems.push({
        field: 'organization_id',
        message: `a ${input.role} user belongs to a ${expectedKind}`,
      });
    }
  }
  if (problems.length > 0) throw new AppError('validation_failed', 'The user is not valid', problems);

  const inserted = await db
    .insertInto('users')
    .values({
      email,
      first_name: input.firstName.trim(),
      last_name: input.lastName.trim(),
      role: input.role,
      organization_id: expectedKind === null ? null : input.organizationId,
      is_admin: input.isAdmin ?? false,
      title: input.title ?? null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!inserted)
    throw new AppError('conflict', `A user with the email ${email} already exists`, [
      { field: 'email', message: 'is taken' },
    ]);
  return inserted;
}

/**
 * Moves an existing user to another organization (operators, `users move`): the way to give
 * a person who changed employer a place in the new one, since an email belongs to one user and
 * is never invited twice. The role follows the organization (client users, company staff);
 * every key the user held is revoked, so nothing issued for the old organization works in the
 * new one. Appraisers are not moved: the orders assigned to them stay with their company.
 */
export async function moveUser(
  db: Db,
  input: { email: string; organizationId: string; isAdmin: boolean },
): Promise<{ id: string; email: string; organization_id: string; role: Role; revoked_key_ids: string[] }> {
  const email = input.email.trim().toLowerCase();
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('not_found', `No user with the email ${email}`);
  const problems: FieldProblem[] = [];
  if (user.role === 'operator' || user.role === 'appraiser')
    problems.push({
      field: '--email',
      message: `names ${user.role === 'operator' ? 'an operator' : 'an appraiser'}, who is not moved between organizations`,
    });
  const organization = await findOrganization(db, input.organizationId);
  if (!organization) problems.push({ field: '--org', message: 'does not name an organization' });
  else if (organization.id === user.organizationId)
    problems.push({ field: '--org', message: 'is the organization the user is in already' });
  if (problems.length > 0 || !organization)
    throw new AppError('validation_failed', 'The move is not valid', problems);
  const role: Role = organization.kind === 'client' ? 'client' : 'staff';
  const revoked = await db
    .transaction()
    .execute((trx) =>
      moveUserRow(trx, user.id, { organizationId: organization.id, role, isAdmin: input.isAdmin }),
    );
  for (const keyId of revoked) forgetKeyId(keyId);
  return { id: user.id, email, organization_id: organization.id, role, revoked_key_ids: revoked };
}
