import type { Static } from 'typebox';
import {
  AppraiserCredentials,
  AppraiserLicense,
  CredentialChange,
  EoPolicy,
  EoPolicyBody,
  LicenseBody,
  ProfileBody,
} from '../panel/credential.schemas.ts';
import { AppraiserExclusion, ExclusionBody } from '../panel/exclusion.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { APPRAISER, CLIENT, COMPANY, STAFF } from './ids.ts';

const OPERATOR = { id: '7d3b2a19-8c4e-4f6a-9b1d-2e3f4a5b6c7d', name: 'Olive Operator' };

/** The example appraiser's credentials: certified in Texas (verified), licensed in Oklahoma. */
const TEXAS: Static<typeof AppraiserLicense> = {
  state: 'TX',
  state_id: '48',
  number: 'TX-1380423-R',
  level: 'certified_residential',
  issued_on: '2019-04-01',
  expires_on: '2027-03-31',
  standing: 'active',
  verified_at: '2026-11-20T16:12:00.000Z',
  verified_by: { id: STAFF.id, name: STAFF.name },
  updated_at: '2026-11-18T09:30:00.000Z',
};
const OKLAHOMA: Static<typeof AppraiserLicense> = {
  state: 'OK',
  state_id: '40',
  number: '13208LRA',
  level: 'licensed',
  issued_on: null,
  expires_on: '2027-01-15',
  standing: 'expiring',
  verified_at: null,
  verified_by: null,
  updated_at: '2026-11-24T11:02:00.000Z',
};
const POLICY: Static<typeof EoPolicy> = {
  carrier: 'Liberty Mutual',
  policy_number: 'EO-55-2031',
  per_claim: '1000000.00',
  aggregate: '2000000.00',
  expires_on: '2027-06-30',
  standing: 'active',
  verified_at: '2026-11-20T16:14:00.000Z',
  verified_by: { id: STAFF.id, name: STAFF.name },
  updated_at: '2026-11-18T09:34:00.000Z',
};

export const CREDENTIAL_EXAMPLES: NamedExample[] = [
  example(AppraiserLicense, TEXAS),
  example(EoPolicy, POLICY),
  example(AppraiserCredentials, {
    appraiser: { id: APPRAISER.id, name: APPRAISER.name, email: APPRAISER.email, company_id: COMPANY.id },
    licenses: [OKLAHOMA, TEXAS],
    eo_policy: POLICY,
    fha_roster: true,
    w9_on_file: true,
    capacity: 12,
  }),
  example(LicenseBody, {
    number: TEXAS.number,
    level: TEXAS.level,
    issued_on: TEXAS.issued_on,
    expires_on: TEXAS.expires_on,
  }),
  example(EoPolicyBody, {
    carrier: POLICY.carrier,
    policy_number: POLICY.policy_number,
    per_claim: POLICY.per_claim,
    aggregate: POLICY.aggregate,
    expires_on: POLICY.expires_on,
  }),
  example(ProfileBody, { fha_roster: true, w9_on_file: true, capacity: 12 }),
  example(CredentialChange, {
    id: '1f0e6c5d-2b3a-4c9d-8e7f-6a5b4c3d2e1f',
    change: 'license_recorded',
    by: { id: STAFF.id, name: STAFF.name },
    // An operator acting for the staff member, at the company's request.
    acted_by: { id: OPERATOR.id, name: OPERATOR.name },
    before: {
      state_id: '48',
      number: 'TX-1380423-R',
      level: 'licensed',
      issued_on: '2019-04-01',
      expires_on: '2027-03-31',
    },
    after: {
      state_id: '48',
      number: 'TX-1380423-R',
      level: 'certified_residential',
      issued_on: '2019-04-01',
      expires_on: '2027-03-31',
    },
    at: '2026-11-18T09:30:00.000Z',
  }),
  example(AppraiserExclusion, {
    client_id: CLIENT.id,
    appraiser: { id: APPRAISER.id, name: APPRAISER.name },
    reason: 'Two reports this year returned for unsupported adjustments',
    excluded_by: { id: STAFF.id, name: STAFF.name },
    created_at: '2026-11-21T14:05:00.000Z',
  }),
  example(ExclusionBody, { reason: 'Two reports this year returned for unsupported adjustments' }),
];
