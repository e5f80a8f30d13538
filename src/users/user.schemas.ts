import { Type, type Static, type TBoolean, type TOptional } from 'typebox';
import { NOTICE_KIND_NAMES, type NoticeKind } from '../events/notice-kinds.ts';

export const CurrentUser = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    email: Type.String(),
    jwt: Type.String({ description: 'Signed single-sign-on token for the web application; carries exp' }),
  },
  { $id: 'CurrentUser' },
);
export type CurrentUser = Static<typeof CurrentUser>;

export const NotificationSetting = Type.Object({
  kind: Type.Enum(NOTICE_KIND_NAMES),
  description: Type.String(),
  enabled: Type.Boolean({ description: 'Whether this notice arrives by email' }),
});

export const NotificationSettingsChange = Type.Object(
  Object.fromEntries(NOTICE_KIND_NAMES.map((kind) => [kind, Type.Optional(Type.Boolean())])) as Record<
    NoticeKind,
    TOptional<TBoolean>
  >,
  { description: 'Kinds to turn on (true) or off (false); the others stay as they are' },
);

export const CardBody = Type.Object({
  name: Type.String({ maxLength: 100, description: 'The name on the card' }),
  number: Type.String({ maxLength: 40, description: 'Sent to the card processor; never stored' }),
  exp_month: Type.Union([Type.String({ maxLength: 2 }), Type.Integer({ minimum: 1, maximum: 12 })]),
  exp_year: Type.Union([Type.String({ maxLength: 4 }), Type.Integer({ minimum: 2000, maximum: 2100 })]),
  cvc: Type.String({ maxLength: 4, description: 'Sent to the card processor; never stored' }),
});

export const CardOnFile = Type.Object({
  brand: Type.String(),
  last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
  name: Type.String(),
  updated_at: Type.String({ format: 'date-time' }),
});
