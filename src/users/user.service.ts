import type { Db } from '../db/connection.ts';
import { ROLES, type Role } from '../db/schema.ts';
import { AppError, type FieldProblem } from '../errors/app-error.ts';
import { findOrganization } from '../organizations/organization.repository.ts';

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
