import type { AuthUser } from '../auth/principal.ts';
import { fullName } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import type { Role } from '../db/schema.ts';
import { AppError, notFound, type FieldProblem } from '../errors/app-error.ts';
import { renderEmail, SERVICE_NAME } from '../mail/templates.ts';
import { findOrganization } from '../organizations/organization.repository.ts';
import { enqueue } from '../outbox/outbox.ts';
import { invitationLink } from '../sessions/session.service.ts';
import { cannotActAs } from '../auth/acting-as.ts';
import { companyServesClient, findUserByEmail } from '../auth/auth-user.repository.ts';
import { isUuid } from '../db/ids.ts';
import { createUser, isEmail } from './user.service.ts';

export interface InviteInput {
  email: string;
  /** The email belongs to a user already (of any organization): refused, like an invitation one may not send. */
  taken: boolean;
  firstName: string | null;
  lastName: string | null;
  /** X-Api-Role: staff (default) or appraiser in a company; client in a client. */
  role: string | null;
  /** Where the user goes (POST /users): the inviter's organization by default; staff may name a client their company serves. */
  organizationId?: string;
  /** Whether the new user administers their organization (POST /users). */
  isAdmin?: boolean;
  /** The names of the fields as the caller sent them: headers for POST /me, body fields for POST /users. */
  fields?: { email: string; firstName: string; lastName: string; role: string };
}

const HEADER_FIELDS = {
  email: 'X-Api-Email',
  firstName: 'X-Api-First-Name',
  lastName: 'X-Api-Last-Name',
  role: 'X-Api-Role',
};

/** Which roles an inviter may give in each kind of organization; the first is the default. */
const INVITABLE_ROLES = { client: ['client'], company: ['staff', 'appraiser'] } as const;

/**
 * Creates a user in the inviter's organization and emails them an invitation, in one
 * transaction: the email exists if and only if the user does. Inviters are those who
 * administer users there: staff in their company, client admins in their client.
 */
export async function inviteUser(
  db: Db,
  config: Config,
  inviter: AuthUser,
  input: InviteInput,
): Promise<AuthUser> {
  if (inviter.organizationKind === null || inviter.organizationId === null) {
    throw new AppError(
      'forbidden',
      'Operators belong to no organization: create users with the operator CLI',
    );
  }
  // Checked before whether the email is taken: the answer does not depend on it.
  if (inviter.role === 'appraiser' || (inviter.role === 'client' && !inviter.isAdmin)) {
    throw new AppError('forbidden', 'Only staff and client admins invite users');
  }
  const organizationId = input.organizationId ?? inviter.organizationId;
  // Staff also invite the users of the clients their company serves; anyone else, their own organization's.
  const serves =
    organizationId === inviter.organizationId ||
    (inviter.role === 'staff' &&
      isUuid(organizationId) &&
      (await companyServesClient(db, inviter.organizationId, organizationId)));
  const organization = serves ? await findOrganization(db, organizationId) : null;
  if (!organization) throw notFound('organization');
  const kind = organization.kind;
  const fields = input.fields ?? HEADER_FIELDS;
  const problems: FieldProblem[] = [];
  if (!isEmail(input.email)) problems.push({ field: fields.email, message: 'is not an email address' });
  if (!input.firstName || input.firstName.length > 100)
    problems.push({ field: fields.firstName, message: 'is required (at most 100 characters)' });
  if (!input.lastName || input.lastName.length > 100)
    problems.push({ field: fields.lastName, message: 'is required (at most 100 characters)' });
  const allowed: readonly string[] = INVITABLE_ROLES[kind];
  const role = (input.role?.toLowerCase() ?? allowed[0]!) as Role;
  if (!allowed.includes(role))
    problems.push({ field: fields.role, message: `must be one of: ${allowed.join(', ')}` });
  if (problems.length > 0) throw new AppError('validation_failed', 'The invitation is not valid', problems);
  // One email, one user: an email in use (in this organization or another) is never invited
  // again, and the answer is the one any refused act-as gets (auth/acting-as.ts).
  if (input.taken) throw cannotActAs(input.email, true);

  const created = await db
    .transaction()
    .execute(async (trx) => {
      const user = await createUser(trx, {
        email: input.email,
        firstName: input.firstName!,
        lastName: input.lastName!,
        role,
        organizationId: organization.id,
      });
      await trx
        .updateTable('users')
        .set({ invited_by: inviter.id, invited_at: new Date(), is_admin: input.isAdmin ?? false })
        .where('id', '=', user.id)
        .execute();
      // The email's link lets the invited user choose a password (once, for INVITATION_TTL_HOURS).
      const setPassword = invitationLink(config, user.id);
      await enqueue(trx, 'email', {
        ...renderEmail({
          to: [user.email],
          subject: `${fullName(inviter)} invited you to ${SERVICE_NAME}`,
          paragraphs: [
            `Hello ${input.firstName},`,
            `${fullName(inviter)} added you to ${organization.name} on ${SERVICE_NAME}, ` +
              `where appraisal orders are placed, assigned, inspected and delivered. Your account uses this ` +
              `address (${user.email}) with the role ${role}.`,
            `Choose your password with the button below (the link works once, for ${config.invitationTtlHours} hours), then sign in at ${config.publicBaseUrl}/. ` +
              `To use the API, ask ${inviter.firstName} or your administrator for an API key (documentation: ${config.publicBaseUrl}/docs).`,
          ],
          action: { label: 'Choose your password', url: setPassword.url },
        }),
        one_time_link: setPassword.one_time_link,
      });
      return user;
    })
    .catch((error: unknown) => {
      // Taken meanwhile by a concurrent request: the same answer as taken before.
      if (error instanceof AppError && error.code === 'conflict') throw cannotActAs(input.email, true);
      throw error;
    });
  const invited = await findUserByEmail(db, created.email);
  if (!invited) throw new Error('invited user vanished');
  return invited;
}
