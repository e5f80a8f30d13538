import { Type, type Static } from 'typebox';
import { Id, Nullable } from '../schemas/common.ts';

/** A lender's do-not-use list as the company keeps it (docs/assignment.md, "A lender's exclusions"). */
export const ExclusionParams = Type.Object({
  client_id: Id('The client (lender)'),
  appraiser_id: Id('The appraiser (their user id)'),
});

const Person = Type.Object({ id: Id(), name: Type.String() });

export const AppraiserExclusion = Type.Object(
  {
    client_id: Id(),
    appraiser: Person,
    reason: Type.String({ description: 'Why the lender asked not to use them' }),
    excluded_by: Nullable(Person),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AppraiserExclusion', description: "An appraiser not to be offered the lender's orders" },
);

export const ExclusionBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 500,
      pattern: '\\S',
      description: 'Why the lender asked not to use them',
    }),
  },
  { $id: 'AppraiserExclusionRequest', additionalProperties: false },
);

export type AppraiserExclusionView = Static<typeof AppraiserExclusion>;
