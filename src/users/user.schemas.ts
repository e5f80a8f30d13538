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
