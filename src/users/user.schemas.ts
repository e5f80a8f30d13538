import { Type, type Static } from 'typebox';

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
