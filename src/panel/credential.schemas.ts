import { Type, type Static } from 'typebox';
import { MONEY_PATTERN } from '../format/money.ts';
import { DAY_PATTERN } from '../format/dates.ts';
import { Id, Nullable, NullableNumber, ref } from '../schemas/common.ts';

/**
 * An appraiser's credentials as the API gives and takes them (docs/assignment.md,
 * "Credentials"): a license per state, the errors-and-omissions policy, and what the company
 * confirms. Seen by the appraiser and by their company's staff, never by a lender.
 */
export const LICENSE_LEVELS = ['trainee', 'licensed', 'certified_residential', 'certified_general'] as const;

const Day = (description: string) => Type.String({ pattern: DAY_PATTERN, description });
const Money = (description: string) => Type.String({ pattern: MONEY_PATTERN, description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });

export const AppraiserParams = Type.Object({ appraiser_id: Id('The appraiser (their user id)') });
export const LicenseParams = Type.Object({
  ...AppraiserParams.properties,
  state: Type.String({ minLength: 1, maxLength: 40, description: "The license's state: USPS code (TX)" }),
});

const Verification = {
  verified_at: Nullable(DateTime('When the company verified it; null: not verified, or changed since')),
  verified_by: Nullable(
    Type.Object(
      { id: Id(), name: Type.String() },
      { description: 'The staff member who verified it (null once that user is gone)' },
    ),
  ),
};

/** Whether a credential is in force today (in the deployment's time zone), or when it ends. */
const Standing = Type.Enum(['active', 'expiring', 'expired'], {
  description: 'active; expiring (within 60 days); expired (the day after expires_on)',
});

export const AppraiserLicense = Type.Object(
  {
    state: Type.String({ description: 'USPS code' }),
    state_id: Type.String({ description: '2-digit state FIPS code' }),
    number: Type.String(),
    level: Type.Enum(LICENSE_LEVELS),
    issued_on: Nullable(Day('YYYY-MM-DD')),
    expires_on: Day('YYYY-MM-DD: the last day it is valid'),
    standing: Standing,
    ...Verification,
    updated_at: DateTime('When it last changed'),
  },
  { $id: 'AppraiserLicense', description: "An appraiser's license in one state" },
);

export const EoPolicy = Type.Object(
  {
    carrier: Type.String(),
    policy_number: Type.String(),
    per_claim: Type.String({ description: 'Coverage per claim, a decimal amount' }),
    aggregate: Nullable(Type.String({ description: 'Coverage in all, a decimal amount' })),
    expires_on: Day('YYYY-MM-DD: the last day it covers'),
    standing: Standing,
    ...Verification,
    updated_at: DateTime('When it last changed'),
  },
  { $id: 'EoPolicy', description: "An appraiser's errors-and-omissions policy in force" },
);

export const AppraiserCredentials = Type.Object(
  {
    appraiser: Type.Object({
      id: Id(),
      name: Type.String(),
      email: Type.String(),
      company_id: Id(),
    }),
    licenses: Type.Array(ref(AppraiserLicense), { description: 'By state' }),
    eo_policy: Nullable(ref(EoPolicy)),
    fha_roster: Type.Boolean({ description: 'On the FHA appraiser roster, as the company confirmed' }),
    w9_on_file: Type.Boolean({ description: 'The company holds their W-9' }),
    capacity: Nullable(
      Type.Integer({ description: 'The most open orders they take at once; null: no limit set' }),
    ),
  },
  { $id: 'AppraiserCredentials', description: "An appraiser's credentials and what the company confirmed" },
);

export const LicenseBody = Type.Object(
  {
    number: Type.String({
      minLength: 1,
      maxLength: 40,
      pattern: '\\S',
      description: 'As the state issued it',
    }),
    level: Type.Enum(LICENSE_LEVELS, {
      description: 'trainee, licensed, certified_residential or certified_general',
    }),
    issued_on: Type.Optional(Nullable(Day('YYYY-MM-DD'))),
    expires_on: Day('YYYY-MM-DD: the last day it is valid'),
  },
  {
    $id: 'AppraiserLicenseRequest',
    additionalProperties: false,
    description: 'The license in the state of the path, replacing the one recorded there',
  },
);

export const EoPolicyBody = Type.Object(
  {
    carrier: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    policy_number: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
    per_claim: Money('Coverage per claim, e.g. 1000000.00'),
    aggregate: Type.Optional(Nullable(Money('Coverage in all; at least per_claim'))),
    expires_on: Day('YYYY-MM-DD: the last day it covers'),
  },
  {
    $id: 'EoPolicyRequest',
    additionalProperties: false,
    description: 'The policy in force, replacing the one recorded (a renewal)',
  },
);

export const ProfileBody = Type.Object(
  {
    fha_roster: Type.Optional(Type.Boolean({ description: 'Staff only' })),
    w9_on_file: Type.Optional(Type.Boolean({ description: 'Staff only' })),
    capacity: Type.Optional(NullableNumber(Type.Integer({ minimum: 0, maximum: 1000 }))),
  },
  {
    $id: 'AppraiserProfileRequest',
    additionalProperties: false,
    description: 'What changes; a field left out stays as it is',
  },
);

export const CredentialChange = Type.Object(
  {
    id: Id(),
    change: Type.String({
      description:
        'license_recorded, license_removed, license_verified, eo_policy_recorded, eo_policy_removed, eo_policy_verified, profile_changed, coverage_changed, time_off_added, time_off_removed, document_added, document_removed',
    }),
    by: Nullable(Type.Object({ id: Id(), name: Type.String() })),
    acted_by: Nullable(
      Type.Object({ id: Id(), name: Type.String() }, { description: 'Who acted for `by`, if anyone' }),
    ),
    before: Nullable(Type.Record(Type.String(), Type.Unknown())),
    after: Nullable(Type.Record(Type.String(), Type.Unknown())),
    at: DateTime('When'),
  },
  { $id: 'CredentialChange', description: "A change of an appraiser's credentials" },
);

export type LicenseInput = Static<typeof LicenseBody>;
export type EoPolicyInput = Static<typeof EoPolicyBody>;
export type ProfileInput = Static<typeof ProfileBody>;
export type AppraiserLicenseView = Static<typeof AppraiserLicense>;
export type EoPolicyView = Static<typeof EoPolicy>;
export type AppraiserCredentialsView = Static<typeof AppraiserCredentials>;
export type CredentialChangeView = Static<typeof CredentialChange>;
