import type { OrderVisibility, Role } from '../db/schema.ts';

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
  /** A client user's branch, or null. */
  branchId: string | null;
  /** For a client user: which of the client's orders their organization lets them see (policy/order-scope.ts). */
  orderVisibility: OrderVisibility;
}

/**
 * Who is calling. `user` is whose permissions apply; `keyOwner` is the person who is really
 * there: who holds the key, or who opened the web session. They differ when someone acts for
 * another user (X-Api-Email, or a session opened with a single-sign-on token minted while
 * acting); the audit trail records both, and what acting may do is limited (policy/acting.ts).
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
