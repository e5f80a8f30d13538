import type { Role } from '../db/schema.ts';

/** A user as the access rules see them. */
export interface AuthUser {
  id: string;
  organizationId: string | null;
  /** client or company; null for operators. */
  organizationKind: 'client' | 'company' | null;
  role: Role;
  isAdmin: boolean;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Who is calling. `user` is whose permissions apply; `keyOwner` is who holds the key. They
 * differ when the key's owner acts for another user (X-Api-Email); the audit trail records both.
 */
export interface Principal {
  user: AuthUser;
  keyOwner: AuthUser;
  /** The API key's id, or the web session's (`session:<id>`): what the per-credential rate limit counts by. */
  credentialId: string;
  /**
   * Set on routes that invite (POST /api/v1/me) when X-Api-Email names no user the key's owner
   * may act for and invitation headers came with it: the email to invite. `user` is then the key
   * owner. `taken`: the email belongs to a user already, so the invitation must be refused, after
   * the same checks as any other.
   */
  invite?: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    role: string | null;
    taken: boolean;
  };
}

export const fullName = (user: Pick<AuthUser, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

/**
 * Whether the key's owner acts for a user of another organization (staff for a client's user,
 * an operator for anyone). Acting-as lets them do the order's work for that user, but not take
 * the user's own decisions on money, nor issue keys in their name (docs/security.md).
 */
export const actsForAnotherOrganization = (principal: Principal): boolean =>
  principal.keyOwner.id !== principal.user.id &&
  principal.keyOwner.organizationId !== principal.user.organizationId;
