import type { AuthUser } from './principal.ts';
import type { Db } from '../db/connection.ts';
import type { OrderVisibility, OrganizationKind, User } from '../db/schema.ts';

/** The only place that reads users for authentication: a deactivated user is never found. */
const authUserColumns = [
  'users.id',
  'users.organization_id',
  'organizations.kind',
  'users.role',
  'users.is_admin',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.branch_id',
  'organizations.order_visibility',
] as const;

/** A user row as the columns above select it (the organization's kind is null for operators). */
type AuthUserRow = Pick<
  User,
  'id' | 'organization_id' | 'role' | 'is_admin' | 'email' | 'first_name' | 'last_name' | 'branch_id'
> & {
  kind: OrganizationKind | null;
  order_visibility: OrderVisibility | null;
};

export function toAuthUser(row: AuthUserRow): AuthUser {
  return {
    id: row.id,
    organizationId: row.organization_id,
    organizationKind: row.kind,
    role: row.role,
    isAdmin: row.is_admin,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    branchId: row.branch_id,
    orderVisibility: row.order_visibility ?? 'all',
  };
}

export interface KeyLookup {
  keyId: string;
  revoked: boolean;
  user: AuthUser;
}

export async function findUserByKeyHash(db: Db, hash: Buffer): Promise<KeyLookup | null> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([...authUserColumns, 'api_keys.id as key_id', 'api_keys.revoked_at'])
    .where('api_keys.token_hash', '=', hash)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return { keyId: row.key_id, revoked: row.revoked_at !== null, user: toAuthUser(row) };
}

/** Whether an API key (by id) is still in force, read past the key cache. */
export async function isKeyActive(db: Db, keyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select('id')
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(authUserColumns)
    .where('users.email', '=', email.trim().toLowerCase())
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  return row ? toAuthUser(row) : null;
}

export async function findUserById(db: Db, id: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(authUserColumns)
    .where('users.id', '=', id)
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  return row ? toAuthUser(row) : null;
}

/** The user an email names, with the hash their password is checked against (web sign-in). */
export async function findSignInUser(db: Db, email: string) {
  const row = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([...authUserColumns, 'users.password_hash'])
    .where('users.email', '=', email.trim().toLowerCase())
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  return row ? { user: toAuthUser(row), passwordHash: row.password_hash } : null;
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

/** Whether the company serves the client (a row in company_clients). */
export async function companyServesClient(db: Db, companyId: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom('company_clients')
    .select('client_id')
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}
