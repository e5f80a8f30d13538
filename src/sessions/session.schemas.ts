import { Type } from 'typebox';
import { ROLES } from '../db/schema.ts';
import { Id, Nullable } from '../schemas/common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts';

const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({
  minLength: 1,
  maxLength: PASSWORD_MAX_LENGTH,
  description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
});

export const SessionInfo = Type.Object(
  {
    user: Type.Object({
      id: Id(),
      name: Type.String(),
      email: Type.String(),
      role: Type.Enum(ROLES),
      organization_id: Nullable(Id()),
      is_admin: Type.Boolean(),
    }),
    actor: Nullable(
      Type.Object(
        { id: Id(), name: Type.String(), email: Type.String() },
        {
          description:
            "The person signed in, when they act for `user` (a session opened with a single-sign-on token minted while acting): the history names them, and the user's own decisions stay theirs (docs/security.md)",
        },
      ),
    ),
    csrf_token: Type.String({
      description: 'Send it as X-CSRF-Token on every request but GET that the session cookie authenticates',
    }),
    expires_at: Type.String({ format: 'date-time', description: 'When the session ends, used or not' }),
  },
  { $id: 'Session', description: 'The signed-in user and what their requests need' },
);

export const SignInRequest = Type.Object({ email: Email, password: Password }, { $id: 'SignInRequest' });

export const ForgotPasswordRequest = Type.Object({ email: Email }, { $id: 'ForgotPasswordRequest' });

export const SetPasswordRequest = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: "The link's token (from the email)" }),
    password: Password,
  },
  { $id: 'SetPasswordRequest' },
);

export const ChangePasswordRequest = Type.Object(
  {
    current_password: Type.String({
      maxLength: PASSWORD_MAX_LENGTH,
      description: 'Empty when no password was set yet',
    }),
    password: Password,
  },
  { $id: 'ChangePasswordRequest' },
);

export const LinkQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 4000 }),
  return_to: Type.Optional(
    Type.String({
      maxLength: 2000,
      description: 'A path of this site to land on (anything else lands on /)',
    }),
  ),
});
