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
