import type { AppDeps, AppInstance } from '../app-types.ts';
import { fullName } from '../auth/principal.ts';
import { principalOf } from '../http/request-context.ts';
import { CurrentUser } from './user.schemas.ts';

export function registerMeRoutes(app: AppInstance, { tokens }: AppDeps): void {
  app.post(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The current user, with a single-sign-on token',
        description:
          'Answers the user whose permissions apply: the key owner, or the user named by X-Api-Email ' +
          '(or X-User-Email) when the key owner administers that user.',
        response: { 200: CurrentUser },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      return { id: user.id, name: fullName(user), email: user.email, jwt: await tokens.sign(user) };
    },
  );
}
