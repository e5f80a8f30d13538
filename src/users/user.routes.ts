import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref } from '../schemas/common.ts';
import { changeUser, inviteManagedUser, listUsers } from './user-admin.service.ts';
import { InviteUserBody, ManagedUser, UserChangeBody, UserParams, UsersQuery } from './user.schemas.ts';

/** The administration of users: list, invite, change role, admin flag and access. */
export function registerUserRoutes(app: AppInstance, { db, config }: AppDeps): void {
  app.get(
    '/users',
    {
      config: { roles: ['staff', 'client', 'operator'], errors: [404] },
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'The users you administer or work with',
        description:
          "Staff: their company's users and those of the clients it serves; a client's users: their client's; operators: everyone (at most 1,000). By organization (the company first), then name. organization_id narrows to one of them; another answers 404.",
        querystring: UsersQuery,
        response: { 200: Type.Array(ref(ManagedUser)) },
      },
    },
    (request) => listUsers(db, principalOf(request).user, request.query.organization_id),
  );

  app.post(
    '/users',
    {
      config: { roles: ['staff', 'client'], errors: [404] },
      schema: {
        operationId: 'inviteUser',
        tags: ['users'],
        summary: 'Invite a user: they are emailed a link to choose a password',
        description:
          'Into your organization, or (staff) into a client your company serves. The same invitation as POST /me with X-Api-Email, with the fields in the body. Staff and client admins; an email already in use answers 403 like any user you may not act for.',
        body: ref(InviteUserBody),
        response: { 201: ref(ManagedUser, 'The invited user') },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteManagedUser(db, config, principalOf(request).user, request.body)),
  );

  app.patch(
    '/users/:user_id',
    {
      config: { roles: ['staff', 'client', 'operator'] },
      schema: {
        operationId: 'changeUser',
        tags: ['users'],
        summary: "Change a user's role, admin flag or access (administrators)",
        description:
          "The organization's admins (a company's admins also for its clients' users); operators. Not yourself. role is for a company's users (staff or appraiser); an appraiser with open orders keeps the role until they are reassigned (409). active: false deactivates the user: every key is revoked, every session ends, and they no longer sign in or can be acted for; true lets them back in (they issue new keys).",
        params: UserParams,
        body: ref(UserChangeBody),
        response: { 200: ref(ManagedUser) },
      },
    },
    (request) => changeUser(db, principalOf(request).user, request.params.user_id, request.body),
  );
}
