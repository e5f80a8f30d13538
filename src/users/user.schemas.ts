import { Type, type Static, type TBoolean, type TOptional } from 'typebox';
import { NOTICE_KIND_NAMES, type NoticeKind } from '../events/notice-kinds.ts';
import { Id } from '../schemas/common.ts';

export const CurrentUser = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    email: Type.String({ format: 'email' }),
    jwt: Type.String({
      description: 'Signed single-sign-on token for the web application (/sso?token=…); carries exp',
    }),
  },
  { $id: 'User', description: 'A user, with a single-sign-on token' },
);
export type CurrentUser = Static<typeof CurrentUser>;

export const NotificationSetting = Type.Object(
  {
    kind: Type.Enum(NOTICE_KIND_NAMES),
    description: Type.String(),
    enabled: Type.Boolean({ description: 'Whether this notice arrives by email' }),
  },
  { $id: 'NotificationSetting', description: 'One kind of status email, and whether it arrives' },
);

export const NotificationSettingsChange = Type.Object(
  Object.fromEntries(NOTICE_KIND_NAMES.map((kind) => [kind, Type.Optional(Type.Boolean())])) as Record<
    NoticeKind,
    TOptional<TBoolean>
  >,
  {
    $id: 'NotificationSettingsChange',
    description: 'Kinds to turn on (true) or off (false); the others stay as they are',
  },
);

export const CardBody = Type.Object(
  {
    name: Type.String({ maxLength: 100, description: 'The name on the card' }),
    number: Type.String({ maxLength: 40, description: 'Sent to the card processor; never stored' }),
    exp_month: Type.Union([Type.String({ maxLength: 2 }), Type.Integer({ minimum: 1, maximum: 12 })]),
    exp_year: Type.Union([Type.String({ maxLength: 4 }), Type.Integer({ minimum: 2000, maximum: 2100 })]),
    cvc: Type.String({ maxLength: 4, description: 'Sent to the card processor; never stored' }),
  },
  { $id: 'CardOnFileRequest', description: 'A card to keep on file' },
);

export const CardOnFile = Type.Object(
  {
    brand: Type.String(),
    last4: Type.String(),
    exp_month: Type.Integer(),
    exp_year: Type.Integer(),
    name: Type.String(),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'CardOnFile', description: 'The card the submission fees are charged to (never its number)' },
);

export const ManagedUser = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String({ format: 'email' }),
    role: Type.Enum(['staff', 'appraiser', 'client']),
    is_admin: Type.Boolean({ description: 'Administers the users and settings of their organization' }),
    active: Type.Boolean({ description: 'false: deactivated; they no longer sign in or use a key' }),
    invitation_pending: Type.Boolean({ description: 'Invited, and has not chosen a password yet' }),
    organization: Type.Object({
      id: Id(),
      name: Type.String(),
      kind: Type.Enum(['company', 'client']),
    }),
    invited_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    branch: Type.Union([Type.Object({ id: Id(), name: Type.String() }), Type.Null()], {
      description:
        "A client user's branch: where the client scopes its users' view by branch, the orders they see",
    }),
  },
  { $id: 'ManagedUser', description: 'A user as their administrators see them' },
);
export type ManagedUser = Static<typeof ManagedUser>;

export const UsersQuery = Type.Object({
  organization_id: Type.Optional(
    Type.String({ format: 'uuid', description: 'One organization: yours, or a client your company serves' }),
  ),
});

export const InviteUserBody = Type.Object(
  {
    email: Type.String({ maxLength: 254, description: 'Their email: the invitation goes there' }),
    first_name: Type.String({ maxLength: 100 }),
    last_name: Type.String({ maxLength: 100 }),
    role: Type.Optional(
      Type.Enum(['staff', 'appraiser', 'client'], {
        description: 'staff (default) or appraiser in a company; client in a client',
      }),
    ),
    organization_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'Where they join: your organization (default), or a client your company serves',
      }),
    ),
    is_admin: Type.Optional(Type.Boolean({ default: false })),
  },
  { $id: 'InviteUserRequest', description: 'A user to invite' },
);
export type InviteUserBody = Static<typeof InviteUserBody>;

export const UserChangeBody = Type.Object(
  {
    role: Type.Optional(
      Type.Enum(['staff', 'appraiser'], { description: "A company's users only: staff or appraiser" }),
    ),
    is_admin: Type.Optional(Type.Boolean()),
    active: Type.Optional(
      Type.Boolean({
        description:
          'false deactivates: every key of the user is revoked and every session ends; true lets them back in (with new keys)',
      }),
    ),
    branch_id: Type.Optional(
      Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
        description:
          "A client's users only: one of the client's branches (its configuration lists them); null: none",
      }),
    ),
  },
  { $id: 'UserChange', description: 'What changes; absent fields stay', minProperties: 1 },
);
export type UserChangeBody = Static<typeof UserChangeBody>;

export const UserParams = Type.Object({ user_id: Id('The user') });
