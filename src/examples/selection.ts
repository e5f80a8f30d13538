import type { Static } from 'typebox';
import { AssignmentDecision, FactorPoints, FailedFilter } from '../orders/pipeline.schemas.ts';
import {
  AppraiserCoverage,
  CoverageBody,
  CoverageCounty,
  HomeLocation,
  TimeOff,
  TimeOffBody,
} from '../panel/coverage.schemas.ts';
import { RegistryImport } from '../panel/registry.schemas.ts';
import { AppraiserDocument } from '../panel/document.schemas.ts';
import { SelectionRules, SelectionRulesBody, SelectionWeights } from '../panel/selection-rules.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { APPRAISER, COMPANY } from './ids.ts';
import { APPRAISER_CANDIDATE } from './orders.ts';

/** The example appraiser works Travis and Williamson counties from Austin, 40 miles around. */
const TRAVIS: Static<typeof CoverageCounty> = { fips: '48453', name: 'Travis County', state: 'TX' };
const HOME: Static<typeof HomeLocation> = { latitude: 30.2672, longitude: -97.7431 };
const FULL_APPRAISAL = { id: '5b1c9e2f-7a3d-4c6b-8e1f-0a9b8c7d6e5f', name: 'Full Appraisal (1004)' };
const WEIGHTS: Static<typeof SelectionWeights> = {
  distance: 3,
  workload: 3,
  turn_time: 2,
  on_time: 2,
  quality: 2,
  acceptance: 1,
  fee: 1,
};
const AWAY: Static<typeof TimeOff> = {
  id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f',
  starts_on: '2026-12-23',
  ends_on: '2027-01-02',
  note: 'Holidays with family',
};
const STOPPED: Static<typeof FailedFilter> = {
  filter: 'coverage',
  reason: 'Covers neither Travis County, TX nor ZIP 78701; home is 62.4 miles away, beyond a 40-mile radius',
};
const POINTS: Static<typeof FactorPoints> = APPRAISER_CANDIDATE.points!;

export const SELECTION_EXAMPLES: NamedExample[] = [
  example(AppraiserDocument, {
    id: '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3',
    kind: 'eo_certificate',
    file_name: 'eo-certificate-2027.pdf',
    content_type: 'application/pdf',
    size: 184_213,
    expires_on: '2027-06-30',
    standing: 'active',
    uploaded_by: { id: APPRAISER.id, name: APPRAISER.name },
    uploaded_at: '2026-11-27T15:20:00.000Z',
    download_path: `/api/v1/appraisers/${APPRAISER.id}/documents/4d5e6f70-8192-4a3b-9c4d-5e6f708192a3/file`,
  }),
  example(RegistryImport, {
    id: '6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c',
    file_name: 'asc-national-registry-2026-11-27.txt',
    lines: 118_402,
    added: 37,
    changed: 212,
    unchanged: 118_153,
    imported_by: { id: '7d3b2a19-8c4e-4f6a-9b1d-2e3f4a5b6c7d', name: 'Olive Operator' },
    imported_at: '2026-11-27T06:05:00.000Z',
  }),
  example(CoverageCounty, TRAVIS),
  example(HomeLocation, HOME),
  example(AppraiserCoverage, {
    counties: [TRAVIS, { fips: '48491', name: 'Williamson County', state: 'TX' }],
    zips: ['78610'],
    home: HOME,
    radius_miles: 40,
    products: [FULL_APPRAISAL],
  }),
  example(CoverageBody, {
    counties: ['48453', '48491'],
    zips: ['78610'],
    home: HOME,
    radius_miles: 40,
    product_ids: [FULL_APPRAISAL.id],
  }),
  example(TimeOff, AWAY),
  example(TimeOffBody, { starts_on: AWAY.starts_on, ends_on: AWAY.ends_on, note: AWAY.note }),
  example(SelectionWeights, WEIGHTS),
  example(SelectionRules, {
    company_id: COMPANY.id,
    weights: WEIGHTS,
    pass_over_past_due: true,
    eo_minimum_per_claim: '1000000.00',
    certified_products: [FULL_APPRAISAL.id],
  }),
  example(SelectionRulesBody, {
    weights: { ...WEIGHTS, distance: 4, fee: 0 },
    pass_over_past_due: true,
    eo_minimum_per_claim: '1000000.00',
    certified_products: [FULL_APPRAISAL.id],
  }),
  example(FailedFilter, STOPPED),
  example(FactorPoints, POINTS),
  example(AssignmentDecision, {
    id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    made_by: 'auto_assign',
    chosen: { id: APPRAISER.id, name: APPRAISER.name },
    rules: {
      weights: WEIGHTS,
      filters: [
        'active',
        'not_turned_down',
        'not_excluded',
        'license',
        'eo_policy',
        'coverage',
        'product',
        'fee',
        'capacity',
        'time_off',
      ],
      pass_over_past_due: false,
      eo_minimum_per_claim: null,
      certified_product: false,
    },
    candidates: [
      {
        appraiser_id: APPRAISER.id,
        name: APPRAISER.name,
        eligible: true,
        rank: 1,
        score: APPRAISER_CANDIDATE.score,
        points: POINTS,
        failed_filters: [],
        distance_miles: 12.1,
        offer_fee: '300.00',
      },
      {
        appraiser_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
        name: 'Marcus Fontenot',
        eligible: false,
        rank: null,
        score: null,
        points: null,
        failed_filters: [STOPPED],
        distance_miles: 62.4,
        offer_fee: '320.00',
      },
    ],
    made_at: '2026-11-27T15:02:11.000Z',
  }),
];
