import { randomBytes } from 'node:crypto';
import { issueApiKey } from '../../src/api-keys/api-key.service.ts';
import type { Db } from '../../src/db/connection.ts';
import type { Role } from '../../src/db/schema.ts';
import { insertOrganization, linkCompanyToClient } from '../../src/organizations/organization.repository.ts';
import { createUser } from '../../src/users/user.service.ts';

/** Small factories that create real rows and return what tests need of them. */
const unique = (): string => randomBytes(4).toString('hex');

export interface Org {
  id: string;
  name: string;
}

export async function createCompany(db: Db, name = `Company ${unique()}`): Promise<Org> {
  return insertOrganization(db, { kind: 'company', name });
}

export async function createClient(db: Db, options: { servedBy?: Org; name?: string } = {}): Promise<Org> {
  const client = await insertOrganization(db, { kind: 'client', name: options.name ?? `Lender ${unique()}` });
  if (options.servedBy) await linkCompanyToClient(db, options.servedBy.id, client.id);
  return client;
}

export interface UserWithKey {
  id: string;
  email: string;
  key: string;
  keyId: string;
}

export async function createUserWithKey(
  db: Db,
  role: Role,
  organization: Org | null,
  options: { admin?: boolean; email?: string } = {},
): Promise<UserWithKey> {
  const user = await createUser(db, {
    email: options.email ?? `${role}.${unique()}@test.example`,
    firstName: role[0]!.toUpperCase() + role.slice(1),
    lastName: `Tester ${unique()}`,
    role,
    organizationId: organization?.id ?? null,
    isAdmin: options.admin ?? false,
  });
  const key = await issueApiKey(db, user.id);
  return { id: user.id, email: user.email, key: key.api_key, keyId: key.id };
}

/** A company serving one client, with a user of each role. */
export async function createWorld(db: Db) {
  const company = await createCompany(db);
  const client = await createClient(db, { servedBy: company });
  return {
    company,
    client,
    staff: await createUserWithKey(db, 'staff', company),
    appraiser: await createUserWithKey(db, 'appraiser', company),
    clientUser: await createUserWithKey(db, 'client', client),
    clientAdmin: await createUserWithKey(db, 'client', client, { admin: true }),
    operator: await createUserWithKey(db, 'operator', null),
  };
}
